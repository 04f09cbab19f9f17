import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

// Item 3 of the support-desk issue: --copy, with a clipboard program, or through the terminal (OSC 52) without one.

const service = useService({ routes: 100 });
const folder = mkdtempSync(join(tmpdir(), 'motoroute-clipboard-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const request = [
  '--from',
  'Paris',
  '--to',
  'Lyon',
  '--date',
  addDays(FIXED_DAY, 8),
  '--formula',
  'rider',
  '--email',
  'a@b.fr',
];

/** A fake wl-copy that keeps what it is given in `file`, first on a PATH that still has sh and cat. */
function fakeClipboard(file: string): string {
  const bin = join(folder, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  writeFileSync(join(bin, 'wl-copy'), `#!/bin/sh\ncat > '${file}'\n`);
  chmodSync(join(bin, 'wl-copy'), 0o755);
  return `${bin}:/usr/bin:/bin`;
}

describe.runIf(process.platform === 'linux')('book --copy', () => {
  it('copies the e-mail text by default, the link with --mailto or --form, and says what it copied', async () => {
    const clip = join(folder, 'clipboard.txt');
    const PATH = fakeClipboard(clip);
    const text = await runCli(['--base-url', service.base, 'book', ...request, '--text', '--copy'], { env: { PATH } });
    expect(text.code, text.stderr).toBe(0);
    expect(readFileSync(clip, 'utf8')).toBe(text.stdout);
    expect(text.stderr).toMatch(/Copied the e-mail \([\d,]+ characters\) to the clipboard with wl-copy\./);
    const all = await runCli(['--base-url', service.base, 'book', ...request, '--copy'], { env: { PATH } });
    expect(readFileSync(clip, 'utf8')).toBe(text.stdout);
    expect(all.stdout.startsWith(text.stdout)).toBe(true);
    const mailto = await runCli(['--base-url', service.base, 'book', ...request, '--mailto', '--copy'], {
      env: { PATH },
    });
    expect(readFileSync(clip, 'utf8')).toBe(mailto.stdout.trimEnd());
    expect(mailto.stderr).toMatch(/Copied the mailto: link/);
    const form = await runCli(['--base-url', service.base, 'book', ...request, '--form', '--copy'], { env: { PATH } });
    expect(readFileSync(clip, 'utf8')).toBe(form.stdout.trimEnd());
  });

  it('exits 1 with the text still printed when nothing can copy (no program, no terminal)', async () => {
    const result = await runCli(['--base-url', service.base, 'book', ...request, '--mailto', '--copy'], {
      env: { PATH: '/nonexistent' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^mailto:/);
    expect(result.stderr).toMatch(/Warning: could not copy the mailto: link to the clipboard \(no clipboard program/);
  });

  it('refuses --copy beside --json', async () => {
    const result = await runCli(['--base-url', service.base, 'book', ...request, '--json', '--copy']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--copy .* cannot be combined with --json/);
  });

  it('falls back to OSC 52 on a terminal without a clipboard program', async () => {
    const result = await runOnTerminal(['--base-url', service.base, 'book', ...request, '--form', '--copy'], {
      env: { PATH: '/nonexistent' },
    });
    expect(result.code, result.screen).toBe(0);
    const link = /https:\/\/symone\.fr\/moto\?\S+/.exec(result.screen)?.[0];
    expect(link).toBeDefined();
    expect(result.screen).toContain(`\u001b]52;c;${Buffer.from(link!, 'utf8').toString('base64')}\u0007`);
    expect(result.screen).toMatch(
      /Sent the form link \([\d,]+ characters\) to the terminal for its clipboard \(OSC 52\); terminals that do not allow it drop it silently, so paste to check\./,
    );
  });
});
