import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trip } from '../../src/domain/types.js';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// The local service behaving the ways real deployments differ from the reference, and the CLI
// reading it as a tolerant reader: same output shape, a counted warning for what it left out.

const TODAY = '2026-05-01';
/** The CLI's clock on the services' day, so that their trips are upcoming (MOTOROUTE_NOW). */
const runAtToday = (args: string[], options: { env?: Record<string, string> } = {}) =>
  runCli(args, { env: { MOTOROUTE_NOW: `${TODAY}T06:00:00Z`, ...options.env } });
const data = { routes: 600, today: TODAY, seed: 11 } as const;
const plain = useService(data);
const moved = useService({ ...data, movedTo: '/api/v1' });
const gzip = useService({ ...data, compress: 'gzip' });
const brotli = useService({ ...data, compress: 'br' });
const dressed = useService({ ...data, bom: true, textPlain: true, extraFields: true, looseTypes: true });
const broken = useService({ ...data, brokenRate: 0.2 });
const sparse = useService({ ...data, sparseEnvelope: true });
const slow = useService({ ...data, latencyMs: 60 });

const SEARCH = ['search', 'Paris', 'Marseille', '--json'];

async function json<T = Trip[]>(args: string[]): Promise<{ value: T; stderr: string; code: number | null }> {
  const result = await runAtToday(args);
  expect(result.code, result.stderr).toBe(0);
  return { value: JSON.parse(result.stdout) as T, stderr: result.stderr, code: result.code };
}

describe('a service that moved', () => {
  it('follows the permanent redirect, prints the same trips, and says how to go there directly', async () => {
    const expected = await json(['--base-url', plain.base, ...SEARCH]);
    const result = await runAtToday(['--base-url', moved.base, '-v', ...SEARCH]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(expected.value);
    const newBase = `${moved.server.url}/api/v1`;
    expect(result.stderr).toContain(
      `GET ${moved.base}/route/ai/search?depart=Paris&arrival=Marseille&limit=100&page=1 → 301 → ${newBase}/route/ai/search?depart=Paris&arrival=Marseille&limit=100&page=1`,
    );
    expect(result.stderr).toContain(`motoroute config set base-url ${newBase}`);
    expect(result.stderr.match(/config set base-url/g)).toHaveLength(1);
  });

  it('search --all goes straight to the new base after the first redirect', async () => {
    const expected = await json(['--base-url', plain.base, ...SEARCH, '--all', '--limit', '10']);
    const before = {
      served: moved.server.stats.requests('/route/ai/search'),
      redirected: moved.server.stats.redirects(),
    };
    const result = await json(['--base-url', moved.base, ...SEARCH, '--all', '--limit', '10']);
    expect(result.value).toEqual(expected.value);
    // One redirect, then every page once at the new base.
    expect(moved.server.stats.requests('/route/ai/search') - before.served).toBe(Math.ceil(expected.value.length / 10));
    expect(moved.server.stats.redirects() - before.redirected).toBe(1);
  });

  it('a batch follows the 308 with its body', async () => {
    const expected = await json([
      '--base-url',
      plain.base,
      'batch',
      '--query',
      'Paris:Marseille',
      '--query',
      'Lyon:Nice',
      '--json',
    ]);
    const result = await json([
      '--base-url',
      moved.base,
      'batch',
      '--query',
      'Paris:Marseille',
      '--query',
      'Lyon:Nice',
      '--json',
    ]);
    expect(result.value).toEqual(expected.value);
  });
});

describe('a redirect to another host', () => {
  let url = '';
  const server = createServer((req, res) => {
    res.writeHead(301, { location: `https://api.example.invalid/v2${req.url?.replace(/^\/v1/, '') ?? ''}` });
    res.end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is never followed: exit 1, naming the target and the --base-url to use', async () => {
    const result = await runAtToday(['--base-url', url, ...SEARCH]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^Error: The service answered 301 Moved Permanently for GET .* and redirects to https:\/\/api\.example\.invalid\/v2\/route\/ai\/search\?depart=Paris&arrival=Marseille&limit=100&page=1, which is another host .*use --base-url https:\/\/api\.example\.invalid\/v2 /,
    );
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('compressed answers', () => {
  it.each([
    ['gzip', gzip],
    ['br', brotli],
  ])('%s: search, list, near and cache print exactly what the uncompressed service gives', async (_name, service) => {
    for (const args of [
      SEARCH,
      ['list', 'Paris', 'Marseille', '--format', 'ndjson'],
      ['near', 'Lyon', '--json'],
      ['cache', '--json'],
    ]) {
      const expected = await runAtToday(['--base-url', plain.base, ...args]);
      const result = await runAtToday(['--base-url', service.base, ...args]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(expected.stdout);
    }
  });

  it('-v shows the bytes on the wire and decoded', async () => {
    const result = await runAtToday(['--base-url', gzip.base, '-v', 'list', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    const [, wire, decoded] =
      /→ 200 \d+ ms \(attempt 1, ([\d.]+ [kM]?B) gzip on the wire, ([\d.]+ [kM]?B) decoded\)/.exec(result.stderr) ?? [];
    expect(wire).toBeDefined();
    expect(parseFloat(decoded ?? '0') * (decoded?.endsWith('MB') ? 1000 : 1)).toBeGreaterThan(
      parseFloat(wire ?? '0') * (wire?.endsWith('MB') ? 1000 : 1),
    );
  });

  it('api prints the decoded body', async () => {
    const result = await runAtToday(['--base-url', gzip.base, 'api', '/route/cities-near?location=Lyon']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ source: expect.any(String), cities: expect.any(Array) });
  });

  it('a corrupt body is retried like a cut connection', async () => {
    gzip.server.faults.corruptNext(2, '/route/ai/search');
    const expected = await runAtToday(['--base-url', plain.base, ...SEARCH]);
    const result = await runAtToday(['--base-url', gzip.base, ...SEARCH]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
  });

  it('and one that stays corrupt ends with exit 3 and one line', async () => {
    gzip.server.faults.corruptNext(3, '/route/ai/search');
    const result = await runAtToday(['--base-url', gzip.base, ...SEARCH]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^Error: GET .* kept sending a body that cannot be read \(3 attempts\): the gzip body could not be decoded \(.+\)\. A proxy on the way may be broken; try again later\.\n$/,
    );
  });
});

describe('bodies dressed differently: BOM, text/plain, extra fields, numbers as strings', () => {
  it.each([
    [SEARCH],
    [['search', 'Paris', '--all', '--json']],
    [['list', 'Lyon', '--json']],
    [['near', 'Paris', '--json']],
    [['cache', '--json']],
    [['batch', '--query', 'Paris:Marseille', '--json']],
  ])('%j prints exactly the documented shape', async (args) => {
    const expected = await json<unknown>(['--base-url', plain.base, ...args]);
    const result = await json<unknown>(['--base-url', dressed.base, ...args]);
    expect(result.value).toEqual(expected.value);
    expect(result.stderr).not.toMatch(/Warning/);
  });

  it('list --raw keeps the extra fields as sent', async () => {
    const result = await runAtToday(['--base-url', dressed.base, 'list', '--raw', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    const records = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const known = new Set([
      'id',
      'depart',
      'arrival',
      'date',
      'prix',
      'places_disponibles',
      'type',
      'time0',
      'price_min',
      'price_max',
      'places_moto_1',
      'places_passenger_1',
      'layover1',
      'layover2',
    ]);
    expect(records.some((record) => Object.keys(record).some((key) => !known.has(key)))).toBe(true);
  });

  it('ask reads the answer text', async () => {
    const asked = await runAtToday(['--base-url', dressed.base, 'ask', 'Paris to Marseille?']);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/upcoming trips? from Paris to Marseille/);
  });
});

describe('broken records among good ones', () => {
  it('search leaves them out, exits 0 and says how many, of how many, and the first reason', async () => {
    const result = await runAtToday(['--base-url', broken.base, 'search', 'Paris', '--limit', '100', '--json']);
    expect(result.code).toBe(0);
    const trips = JSON.parse(result.stdout) as Trip[];
    expect(trips.length).toBeGreaterThan(0);
    const warning =
      /^Warning: (\d+) of (\d+) records could not be read and (?:was|were) left out \(first: GET \/route\/ai\/search routes\[\d+\]: .+\); --strict makes this an error\.$/m.exec(
        result.stderr,
      );
    expect(warning, result.stderr).not.toBeNull();
    expect(Number(warning?.[1]) + trips.length).toBe(Number(warning?.[2]));
  });

  it.each([
    [['list', '--format', 'ndjson'], 'GET /route/get/results record \\d+'],
    [['near', 'Paris', '--json'], 'GET /route/cities-near cities\\[\\d+\\]'],
    [['cache', '--json'], 'GET /route/paris-marseille-cache route_ids\\[\\d+\\]'],
    [['batch', '--query', 'Paris:Marseille', '--query', 'Lyon:', '--json'], 'POST /route/ai/batch results\\[\\d+\\]'],
  ])('%j warns once, at the end, with the path of the first', async (args, where) => {
    const result = await runAtToday(['--base-url', broken.base, ...args]);
    expect(result.code, result.stderr).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('Warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^Warning: \\d+ of \\d+ records? could not be read .*\\(first: ${where}`));
  });

  it('--strict makes the first one an error (exit 1), and so does the config key', async () => {
    const result = await runAtToday(['--base-url', broken.base, '--strict', 'search', 'Paris', '--limit', '100']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Error: GET \/route\/ai\/search returned a record motoroute cannot read, routes\[\d+\]: .+ \(without --strict it would be left out\)\.\n$/,
    );
    const viaEnv = await runAtToday(['--base-url', broken.base, 'list'], { env: { MOTOROUTE_STRICT: 'true' } });
    expect(viaEnv.code).toBe(1);
    expect(viaEnv.stderr).toMatch(/GET \/route\/get\/results returned a record motoroute cannot read, record \d+/);
  });
});

describe('a search envelope without total_pages, has_next and book_url', () => {
  it('is completed: every page is followed and the footer says where to book', async () => {
    const expected = await json(['--base-url', plain.base, 'search', 'Paris', '--all', '--limit', '7', '--json']);
    const result = await json(['--base-url', sparse.base, 'search', 'Paris', '--all', '--limit', '7', '--json']);
    expect(result.value).toEqual(expected.value);
  });
});

describe('job results in other shapes', () => {
  const shapes = ['routes-total', 'routes', 'results', 'array'] as const;
  const services = Object.fromEntries(
    shapes.map((shape) => [shape, useService({ ...data, jobDelayMs: 0, jobResultShape: shape })]),
  );
  const other = useService({ ...data, jobDelayMs: 0, jobResultShape: 'other' });
  const plainJobs = useService({ ...data, jobDelayMs: 0 });

  it.each(shapes)('search --async prints the trips of a %s result', async (shape) => {
    const expected = await json(['--base-url', plainJobs.base, ...SEARCH, '--async']);
    const result = await json(['--base-url', (services[shape] as typeof plain).base, ...SEARCH, '--async']);
    expect(result.value).toEqual(expected.value);
  });

  it('prints any other result as JSON with a one-line note, exit 0', async () => {
    const result = await runAtToday(['--base-url', other.base, ...SEARCH, '--async']);
    expect(result.code).toBe(0);
    expect(typeof JSON.parse(result.stdout)).toBe('object');
    expect(result.stderr).toMatch(
      /completed with a result that holds no trips motoroute recognises; it is printed as JSON\./,
    );
  });
});

describe('ask answers in other shapes', () => {
  it.each(['text', 'message', 'response'] as const)('prints the %s field as the answer', async (askShape) => {
    const service = await import('../../src/server/index.js').then(({ startServer }) =>
      startServer({ ...data, askShape }),
    );
    try {
      const result = await runAtToday(['--base-url', `${service.url}/v1`, 'ask', 'Paris to Marseille?']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^\d+ upcoming trips? from Paris to Marseille/);
    } finally {
      await service.close();
    }
  });
});

describe('pages in flight together', () => {
  // That pages overlap is the client's test (test/client/endpoints.test.ts counts them in flight); how much sooner
  // is `npm run bench`'s to say: a busy machine decides any duration measured here.
  it('search --all prints the same with 8 pages in flight as one page at a time', async () => {
    const args = ['--base-url', slow.base, 'search', '--all', '--limit', '20', '--json'];
    const one = await json([...args.slice(0, 2), '--concurrency', '1', ...args.slice(2)]);
    const eight = await json([...args.slice(0, 2), '--concurrency', '8', ...args.slice(2)]);
    expect(eight.value).toEqual(one.value);
    expect(one.value.length).toBeGreaterThan(100);
  });

  it('calendar reads the same pages at any concurrency', async () => {
    const calendar = await runAtToday([
      '--base-url',
      slow.base,
      '--concurrency',
      '6',
      'calendar',
      'Paris',
      '--month',
      '2026-05',
      '--json',
    ]);
    const calendarOne = await runAtToday([
      '--base-url',
      slow.base,
      '--concurrency',
      '1',
      'calendar',
      'Paris',
      '--month',
      '2026-05',
      '--json',
    ]);
    expect(calendar.code).toBe(0);
    expect(calendar.stdout).toBe(calendarOne.stdout);
  });

  it.each(['0', '9', 'x'])('refuses --concurrency %s with exit 2 before any request', async (value) => {
    const before = slow.server.stats.requests('/route/ai/search');
    const result = await runAtToday(['--base-url', slow.base, '--concurrency', value, 'search', 'Paris']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`Error: --concurrency: "${value}" must be a whole number from 1 to 8.\n`);
    expect(slow.server.stats.requests('/route/ai/search')).toBe(before);
  });
});
