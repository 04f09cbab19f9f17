import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { useService } from '../helpers/service.js';
import { bookingLink, isWebLink } from '../../src/core/service-links.js';
import { addDays } from '../../src/domain/dates.js';

// What a hostile or broken service sends must not reach where a user pastes it (issue 39): only http(s) links,
// and service text in a suggested command never taken for an option.
const service = useService({ routes: 2000 });
const EVIL_CITY = '--base-url=http://evil.example/v1';

describe('isWebLink and bookingLink', () => {
  it('take http and https addresses only', () => {
    expect(isWebLink('https://symone.fr/moto')).toBe(true);
    expect(isWebLink('HTTP://127.0.0.1:8080/x')).toBe(true);
    for (const link of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi', 'https:', 'ftp://x', ''])
      expect(isWebLink(link)).toBe(false);
    expect(bookingLink('javascript:alert(1)', 'https://form.example/')).toEqual({
      url: 'https://form.example/',
      replaced: true,
    });
    expect(bookingLink('https://symone.fr/moto', 'https://form.example/')).toEqual({
      url: 'https://symone.fr/moto',
      replaced: false,
    });
  });
});

describe('a service whose book_url is javascript:', () => {
  // The local service behind a proxy that rewrites every book_url.
  let proxy: Server;
  let base = '';
  beforeAll(async () => {
    proxy = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void fetch(`${service.server.url}${request.url ?? '/'}`, {
          method: request.method,
          headers: { 'content-type': 'application/json' },
          body: request.method === 'POST' ? Buffer.concat(chunks) : undefined,
        }).then(async (answer) => {
          const text = (await answer.text()).replaceAll('https://symone.fr/moto', 'javascript:alert(1)');
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(text);
        });
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
  });

  it.each([
    [['search', 'Paris', 'Marseille', '--format', 'markdown']],
    [['batch', '--query', 'Paris:Marseille', '--json']],
    [['batch', '--query', 'Paris:Marseille', '--format', 'markdown']],
  ])('never prints it: %j gives the booking form, with a note', async (args) => {
    const result = await runCli(['--base-url', base, ...args]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/javascript:/);
    expect(result.stdout).toContain('https://symone.fr/moto');
    expect(result.stderr).toMatch(/not an http\(s\) address/);
  });
});

describe('a served city named like an option', () => {
  beforeAll(() => {
    service.server.data.addTrip({ depart: EVIL_CITY, arrival: 'Lyon', date: addDays(FIXED_DAY, 3) });
  });

  it('stays the value of --from in the suggested command', async () => {
    const typo = `${EVIL_CITY.slice(0, -1)}2`;
    const result = await runCli(['--base-url', service.base, 'search', `--from=${typo}`, '--to', 'Lyon']);
    expect(result.code).toBe(2);
    const line = /^ {2}(motoroute .*)$/m.exec(result.stderr)?.[1];
    expect(line).toBeDefined();
    // The words a shell reads from the pasted line: the city is inside its option, never an option itself.
    const words = execFileSync('bash', ['-c', `printf '%s\\n' ${line?.replace(/^motoroute /, '')}`], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(words).toContain(`--from=${EVIL_CITY}`);
    expect(words.filter((word) => word.startsWith('--base-url'))).toEqual(['--base-url']);
  });
});
