import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

interface Report {
  ok: boolean;
  base_url: string;
  checks: { name: string; ok: boolean; level: string; ms: number | null; detail: string }[];
}

const CHECK_NAMES = [
  'reachable',
  'versioned-base',
  'legacy-base',
  'search-envelope',
  'rate-limit-headers',
  'anonymous-access',
  'signature-directory',
  'openapi-version',
  'no-deprecation',
];

const service = useService();
const deprecated = useService({ deprecate: ['/route/ai/search'] });

function byName(report: Report): Record<string, Report['checks'][number]> {
  return Object.fromEntries(report.checks.map((check) => [check.name, check]));
}

describe('doctor against the local service', () => {
  it('passes every check, with a checklist of ✓ lines and timings', async () => {
    const result = await runCli(['--base-url', service.base, 'doctor']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Checking ${service.base}`);
    const checklist = lines.slice(1, -1);
    expect(checklist).toHaveLength(CHECK_NAMES.length);
    for (const line of checklist) expect(line).toMatch(/^✓ .+\s+\d+ ms {2}\S/);
    expect(lines.at(-1)).toBe(`All ${CHECK_NAMES.length} checks passed.`);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stderr).toBe('');
  });

  it('prints {ok, base_url, checks} with --json, each check ok with a timing and a detail', async () => {
    const result = await runCli(['--base-url', service.base, 'doctor', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.ok).toBe(true);
    expect(report.base_url).toBe(service.base);
    expect(report.checks.map((check) => check.name)).toEqual(CHECK_NAMES);
    for (const check of report.checks) {
      expect(check).toMatchObject({ ok: true, level: 'pass' });
      expect(check.ms).toEqual(expect.any(Number));
      expect(check.detail.length).toBeGreaterThan(0);
    }
    const checks = byName(report);
    expect(checks['legacy-base']!.detail).toContain(`${service.server.url} answers HTTP 200`);
    expect(checks['rate-limit-headers']!.detail).toContain('0 means no limit is enforced');
    expect(checks['anonymous-access']!.detail).toContain(`${service.server.url}/.well-known/oauth-protected-resource`);
    expect(checks['signature-directory']!.detail).toMatch(/^Ed25519 key /);
    expect(checks['openapi-version']!.detail).toContain('1.1.0');
  });

  it('says which base is in use when the base has no /v1, and checks the /v1 one too', async () => {
    service.server.stats.reset();
    const result = await runCli(['--base-url', service.base, '--legacy', 'doctor', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.base_url).toBe(service.server.url);
    const checks = byName(report);
    expect(checks['legacy-base']!.detail).toContain('(in use)');
    expect(checks['versioned-base']!.detail).toContain(`${service.base} answers HTTP 200`);
    expect(checks['versioned-base']!.detail).toContain('the base in use has no /v1');
    expect(service.server.stats.requests('/route/ai/search')).toBe(2);
  });

  it('fails the deprecation check, naming the endpoint, when the service sends a Deprecation header', async () => {
    const result = await runCli(['--base-url', deprecated.base, 'doctor', '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.ok).toBe(false);
    const failed = report.checks.filter((check) => !check.ok);
    expect(failed.map((check) => check.name)).toEqual(['no-deprecation']);
    expect(failed[0]!.detail).toContain(`${deprecated.base}/route/ai/search`);
    expect(failed[0]!.detail).toMatch(/deprecated since \d{4}-\d{2}-\d{2}, removal planned /);
    expect(result.stderr).toContain('Warning: /route/ai/search is deprecated by the service');

    const text = await runCli(['--base-url', deprecated.base, 'doctor']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^✗ no Deprecation header/m);
    expect(text.stdout).toContain('1 of 9 checks failed.');
  });
});

describe('doctor against a closed port', () => {
  let closedBase = '';
  beforeAll(async () => {
    // Bind, note the port, close: nothing listens there afterwards.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('says the first check failed and the others could not run, suggests --sandbox, and exits 3, as documented in the help', async () => {
    const result = await runCli(['--base-url', closedBase, 'doctor']);
    expect(result.code).toBe(3);
    const checklist = result.stdout.trimEnd().split('\n').slice(1, -1);
    expect(checklist).toHaveLength(CHECK_NAMES.length);
    expect(checklist[0]).toMatch(/^✗ .*ECONNREFUSED/);
    for (const line of checklist.slice(1)) expect(line).toMatch(/^- .*not checked: the service did not answer$/);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      `1 of 1 check run failed; ${CHECK_NAMES.length - 1} not run: they need an answer from the service.`,
    );
    expect(result.stderr).toContain(`Error: nothing answered at ${closedBase}`);
    expect(result.stderr).toContain('add --sandbox (a local service with sample trips): motoroute --sandbox doctor\n');

    const json = await runCli(['--base-url', closedBase, 'doctor', '--json']);
    expect(json.code).toBe(3);
    const report = JSON.parse(json.stdout) as Report;
    expect(report.ok).toBe(false);
    expect(report.checks.every((check) => !check.ok)).toBe(true);
    expect(report.checks.map((check) => check.level)).toEqual(['fail', ...CHECK_NAMES.slice(1).map(() => 'skip')]);
    expect(report.checks.slice(1).every((check) => check.ms === null)).toBe(true);

    const help = await runCli(['doctor', '--help']);
    expect(help.stdout).toContain('3 nothing answered at all');
  });
});

describe('doctor against a service that strays from the reference', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    // Search works but sends no rate-limit headers; the .well-known documents exist only under the base;
    // the key is not Ed25519; the OpenAPI document has another version.
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (path === '/api/v1/route/ai/search' || path === '/api/route/ai/search') {
        return json(200, {
          routes: [],
          total: 0,
          page: 1,
          limit: 1,
          total_pages: 0,
          has_next: false,
          book_url: 'https://symone.fr/moto',
        });
      }
      if (path === '/api/v1/.well-known/oauth-protected-resource')
        return json(200, { authorization_servers: [], agent_auth: { anonymous_access: true } });
      if (path === '/api/v1/.well-known/http-message-signatures-directory')
        return json(200, { keys: [{ kty: 'RSA', n: 'AQAB', e: 'AQAB' }] });
      if (path === '/api/v1/openapi.json') return json(200, { openapi: '3.1.0', info: { version: '2.0.0' } });
      return json(404, { error: `no endpoint at ${path}` });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fails the missing headers and the wrong key, finds documents under the base, and only warns on the version', async () => {
    const result = await runCli(['--base-url', base, 'doctor', '--json']);
    expect(result.code).toBe(1);
    const checks = byName(JSON.parse(result.stdout) as Report);
    expect(checks.reachable!.ok).toBe(true);
    expect(checks['search-envelope']).toMatchObject({ ok: true, detail: '0 trips in total, 0 pages' });
    expect(checks['rate-limit-headers']).toMatchObject({
      ok: false,
      detail: 'missing X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
    });
    expect(checks['anonymous-access']).toMatchObject({
      ok: true,
      detail: expect.stringContaining(`${base}/.well-known/oauth-protected-resource`),
    });
    expect(checks['signature-directory']).toMatchObject({
      ok: false,
      detail: expect.stringContaining('no Ed25519 key'),
    });
    expect(checks['openapi-version']).toMatchObject({
      ok: true,
      level: 'warn',
      detail: expect.stringContaining('2.0.0'),
    });
    expect(checks['no-deprecation']!.ok).toBe(true);

    const text = await runCli(['--base-url', base, 'doctor']);
    expect(text.stdout).toMatch(/^! OpenAPI version/m);
    expect(text.stdout).toMatch(/^✗ rate-limit headers/m);
  });
});
