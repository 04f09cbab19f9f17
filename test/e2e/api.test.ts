import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runCommand } from '../../src/cli/run-command.js';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import type { BatchResponse, SearchPage } from '../../src/domain/types.js';

const service = useService({ routes: 2000 });
const api = (args: string[], input?: string) =>
  runCli(['--base-url', service.base, 'api', ...args], input === undefined ? {} : { input });

beforeEach(() => service.server.stats.reset());

/** The service's raw answer, as the reference for byte-for-byte comparisons. */
async function directBody(path: string): Promise<string> {
  const response = await fetch(`${service.base}${path}`);
  const body = await response.text();
  service.server.stats.reset();
  return body;
}

describe('api: requests', () => {
  it('GET merges -f fields into the query string of PATH and prints the body as received', async () => {
    const expected = await directBody('/route/ai/search?depart=Paris&arrival=Marseille&limit=3');
    const result = await api([
      '-X',
      'GET',
      '/route/ai/search?depart=Paris',
      '-f',
      'arrival=Marseille',
      '-f',
      'limit=3',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(expected);
    expect((JSON.parse(result.stdout) as SearchPage).routes).toHaveLength(3);
    expect(service.server.stats.requests('/route/ai/search')).toBe(1);
  });

  it('POSTs the body of --input (a file, or stdin with -), with the given headers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'motoroute-api-'));
    const bodyFile = join(dir, 'batch.json');
    writeFileSync(bodyFile, JSON.stringify({ queries: [{ depart: 'Paris' }, { arrival: 'Lyon' }] }));
    const fromFile = await api(['/route/ai/batch', '--input', bodyFile, '-H', 'Idempotency-Key: api-test-1']);
    expect(fromFile.code).toBe(0);
    const answer = JSON.parse(fromFile.stdout) as BatchResponse;
    expect(answer.results.map((entry) => entry.query)).toEqual([{ depart: 'Paris' }, { arrival: 'Lyon' }]);

    // The same key and body again: the service replays the stored answer instead of running the batch twice.
    const replay = await api(
      ['/route/ai/batch', '--input', '-', '-H', 'Idempotency-Key: api-test-1', '-i'],
      JSON.stringify({ queries: [{ depart: 'Paris' }, { arrival: 'Lyon' }] }),
    );
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/^Idempotent-Replayed: true$/m);
    expect(service.server.stats.batchRuns()).toBe(1);
    expect(service.server.stats.requests('/route/ai/batch')).toBe(2);
  });

  it('POSTs -f fields as a JSON object of strings', async () => {
    const result = await api(['/ask', '-f', 'question=Paris to Lyon']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ answer: expect.stringContaining('from Paris to Lyon') });
    expect(service.server.stats.requests('/ask')).toBe(1);
  });

  it('shows the status line and headers before the body with -i', async () => {
    const result = await api(['/route/cities-near?location=Lyon', '-i']);
    expect(result.code).toBe(0);
    const [head, body] = result.stdout.split('\n\n', 2);
    const lines = head!.split('\n');
    expect(lines[0]).toBe('HTTP/1.1 200 OK');
    expect(lines).toContain('Content-Type: application/json; charset=utf-8');
    expect(lines).toContain('X-Ratelimit-Limit: 0');
    expect(JSON.parse(body!)).toMatchObject({ cities: expect.any(Array) });
  });

  it('retries a failed GET like every other request', async () => {
    service.server.faults.failNext(1, '/route/paris-marseille-cache');
    const result = await api(['/route/paris-marseille-cache']);
    expect(result.code).toBe(0);
    expect(service.server.stats.requests('/route/paris-marseille-cache')).toBe(2);
  });

  it('follows every page of the search with --paginate, printing each body in turn', async () => {
    const first = JSON.parse(await directBody('/route/ai/search?depart=Lyon&limit=20')) as SearchPage;
    expect(first.total_pages).toBeGreaterThan(2);
    const result = await api(['/route/ai/search', '-f', 'depart=Lyon', '-f', 'limit=20', '--paginate']);
    expect(result.code).toBe(0);
    const pages = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as SearchPage);
    expect(pages.map((page) => page.page)).toEqual(Array.from({ length: first.total_pages }, (_, index) => index + 1));
    expect(pages.flatMap((page) => page.routes).length).toBe(first.total);
    expect(service.server.stats.requests('/route/ai/search')).toBe(first.total_pages);
  });
});

describe('api: errors', () => {
  it('prints the body of an error status and exits 1 (4 for 404)', async () => {
    const missing = await api(['/route/cities-near']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({ error: expect.stringMatching(/location/) });
    // The body ends its line, so the error line on stderr never glues onto it (2>&1, one terminal).
    expect(missing.stdout.endsWith('}\n')).toBe(true);
    expect(missing.stderr).toMatch(
      /answered 400 Bad Request for GET http:\/\/127\.0\.0\.1:\d+\/v1\/route\/cities-near/,
    );

    const unknown = await api(['/route/nothing-here', '-i']);
    expect(unknown.code).toBe(4);
    expect(unknown.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
    expect(unknown.stdout).toContain('"error"');
  });

  it('refuses an absolute URL, a path climbing with .., credentials and a body on GET, sending nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['http://127.0.0.1:1/v1/route/ai/search'], /is an absolute URL/],
      [['//evil.example/route'], /is an absolute URL/],
      [['/route/../../etc/passwd'], /climbs out with \. or \.\./],
      [['/route/%2E%2E/openapi.json'], /climbs out/],
      [
        ['/ask', '-H', 'Authorization: Bearer secret', '-f', 'question=hi'],
        /Authorization is refused: motoroute sends no credentials/,
      ],
      [['/ask', '-H', 'Cookie: a=b'], /Cookie is refused/],
      [['/ask', '-H', 'not a header'], /must be 'Name: value'/],
      [['/route/ai/batch', '-X', 'GET', '--input', '-'], /a GET request cannot carry/],
      [['/route/ai/batch', '-X', 'BREW'], /--method: "BREW" must be one of GET, HEAD/],
      [['/route/ai/batch', '--paginate', '-X', 'POST'], /--paginate follows the pages of GET \/route\/ai\/search only/],
      [['/ask', '-f', 'novalue'], /--field: "novalue" must be key=value/],
    ];
    for (const [args, message] of cases) {
      const result = await api(args, '{}');
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
    expect(service.server.stats.requests()).toBe(0);
  });
});

/** Runs motoroute in-process with a terminal-like stdout, to see what a person would see. */
async function runOnTerminal(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    Object.assign(
      new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          append(chunk.toString('utf8'));
          done();
        },
      }),
      { isTTY: true, columns: 100 },
    );
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  const env = {
    MOTOROUTE_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'motoroute-api-tty-')),
    NO_COLOR: '1',
    MOTOROUTE_RETRY_BASE_MS: '20',
  };
  const io = { stdout: sink((text) => (stdout += text)), stderr: sink((text) => (stderr += text)), stdin, env };
  const code = await main(
    ['--base-url', service.base, 'api', ...args],
    io,
    new AbortController().signal,
    () => runCommand,
  );
  return { code, stdout, stderr };
}

describe('api: on a terminal', () => {
  it('indents a JSON body and escapes characters that would reorder the terminal text', async () => {
    service.server.data.addTrip({
      id: '990001',
      date: '2099-06-01',
      depart: 'Paris\u202eevil',
      arrival: 'Lyon',
      slots: [2],
      time: '08:00',
      price_min: 300,
      price_max: 300,
    });
    const result = await runOnTerminal([
      '-X',
      'GET',
      '/route/ai/search',
      '-f',
      'date_from=2099-06-01',
      '-f',
      'date_to=2099-06-01',
      '-f',
      'arrival=Lyon',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\{\n {2}"routes": \[\n/);
    expect(result.stdout).toContain('"990001"');
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    expect(result.stdout).toContain('"depart": "Paris\\u202eevil"');
    expect(result.stdout.endsWith('}\n')).toBe(true);
  });
});
