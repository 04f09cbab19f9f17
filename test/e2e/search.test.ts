import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

const service = useService({ routes: 3000 });
const search = (...args: string[]) => runCli(['--base-url', service.base, 'search', ...args]);

beforeEach(() => service.server.stats.reset());

describe('search', () => {
  it('prints the service page as JSON, unchanged and in date order', async () => {
    const expected = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&arrival=Marseille`);
    const result = await search('Paris', 'Marseille', '--json');
    expect(result.stderr).toBe(
      expected.total_pages > 1
        ? `${expected.routes.length} of ${expected.total} upcoming trips written; --all fetches them all.\n`
        : '',
    );
    expect(result.code).toBe(0);
    const trips = JSON.parse(result.stdout) as Trip[];
    expect(trips.map((trip) => trip.id)).toEqual(expected.routes.map((trip) => trip.id));
    expect(trips[0]).toMatchObject({ depart: expected.routes[0]!.depart, slots: expected.routes[0]!.slots });
  });

  it('says a page past the last one is past the last one, not that no trip matches', async () => {
    const first = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=50`);
    const result = await search('Paris', '--page', '999', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(result.stderr).toBe(`Page 999 is past the last page (${first.total_pages}): ${first.total} trips in all.\n`);
  });

  it('answers the gh reflex --json id,date with how to ask for fields, before any request', async () => {
    service.server.stats.reset();
    const result = await search('Paris', '--json', 'id,date');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('Error: --json takes no value; use --json --fields id,date\n');
    expect(service.server.stats.requests('/route/ai/search')).toBe(0);
  });

  it('writes headerless tab-separated rows when piped', async () => {
    const expected = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=lyon&limit=20`);
    const result = await search('--from', 'lyon', '--limit', '20');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(expected.routes.length);
    for (const [index, line] of lines.entries()) {
      const cells = line.split('\t');
      expect(cells).toContain(expected.routes[index]!.id);
      expect(cells).toContain(expected.routes[index]!.date);
    }
  });

  it('follows every page with --all and streams NDJSON rows', async () => {
    const first = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=10`);
    expect(first.total_pages).toBeGreaterThan(3);
    service.server.stats.reset();
    const result = await search('--from', 'Paris', '--limit', '10', '--all', '--format', 'ndjson');
    expect(result.code).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Trip);
    expect(rows).toHaveLength(first.total);
    expect(new Set(rows.map((row) => row.id)).size).toBe(first.total);
    expect(service.server.stats.requests('/route/ai/search')).toBe(first.total_pages);
  });

  it('applies the client-side filters on top of the service search', async () => {
    const result = await search(
      'Paris',
      'Marseille',
      '--limit',
      '100',
      '--min-slots',
      '2',
      '--max-price',
      '400',
      '--sort',
      'price',
      '--json',
    );
    expect(result.code).toBe(0);
    const trips = JSON.parse(result.stdout) as Trip[];
    for (const trip of trips) {
      expect(trip.slots.every((slots) => slots >= 2)).toBe(true);
      expect(trip.price_min).not.toBeNull();
      expect(trip.price_min!).toBeLessThanOrEqual(400);
    }
    const prices = trips.map((trip) => trip.price_min!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('says so on stderr and exits 0 when nothing matches', async () => {
    const result = await search('Paris', 'Marseille', '--max-price', '1', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(result.stderr).toMatch(/No trips match/);
  });

  it('exits 2 with its reason when a city is not one the service serves', async () => {
    const result = await search('Nowhere-sur-Mer', '--json');
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(result.stderr).toMatch(/^Error: FROM: "Nowhere-sur-Mer" is not a city the service serves\.$/m);
  });

  it.each([
    [['--date', '2026-02-30'], /--date.*not a date/],
    [['--after', '2027-01-10', '--before', '2027-01-01'], /later than/],
    [['--limit', '0'], /--limit/],
    [['--limit', '101'], /--limit/],
    [['--page', '0'], /--page/],
    [['--format', 'xml'], /format/i],
    [['--fields', 'date,nope'], /unknown field.*nope/],
    [['--min-slots', 'two'], /--min-slots/],
  ])('refuses %j with exit 2 before sending anything', async (args, message) => {
    const result = await search(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(service.server.stats.requests()).toBe(0);
  });
});

describe('search against faults', () => {
  it('retries two 500s and succeeds on the third attempt', async () => {
    service.server.faults.failNext(2, '/route/ai/search');
    const result = await search('Paris', '--json', '--verbose');
    expect(result.code).toBe(0);
    expect(service.server.stats.requests('/route/ai/search')).toBe(3);
    expect(result.stderr.match(/attempt \d/g)).toEqual(['attempt 1', 'attempt 2', 'attempt 3']);
  });

  it('gives up after three 500s with the service message and exit 1', async () => {
    service.server.faults.failNext(3, '/route/ai/search');
    const result = await search('Paris');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/500/);
    expect(result.stderr).toMatch(/route\/ai\/search/);
    expect(service.server.stats.requests('/route/ai/search')).toBe(3);
  });

  it('waits for Retry-After on 429', async () => {
    service.server.faults.rateLimitNext(1, 1, '/route/ai/search');
    const started = Date.now();
    const result = await search('Paris', '--json');
    expect(result.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(service.server.stats.requests('/route/ai/search')).toBe(2);
  });

  it('retries a connection cut mid-body', async () => {
    service.server.faults.cutNext(1, '/route/ai/search');
    const result = await search('Paris', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).not.toHaveLength(0);
    expect(service.server.stats.requests('/route/ai/search')).toBe(2);
  });

  it('reports a body that is not JSON clearly, without a stack trace', async () => {
    service.server.faults.malformedNext(1, '/route/ai/search');
    const result = await search('Paris');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/not JSON|not valid JSON|could not be read/i);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 3 when nothing listens', async () => {
    const result = await runCli(['--base-url', 'http://127.0.0.1:9/v1', 'search', 'Paris']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/127\.0\.0\.1:9/);
  });
});

describe('search with filters the service cannot apply', () => {
  it.each([
    [['--min-slots', '4']],
    [['--max-price', '330']],
    [['--via', 'Lyon']],
    [['--sort', 'price']],
    [['--min-slots', '2', '--sort', 'price']],
  ])('%j --limit 5 gives exactly the first 5 of --all with the same filters', async (filters) => {
    const all = await search('Paris', 'Marseille', ...filters, '--all', '--json');
    const five = await search('Paris', 'Marseille', ...filters, '--limit', '5', '--json');
    expect(five.code, five.stderr).toBe(0);
    const expected = (JSON.parse(all.stdout) as Trip[]).slice(0, 5);
    expect(expected.length).toBeGreaterThan(0);
    expect(JSON.parse(five.stdout)).toEqual(expected);
  });

  it('reads further pages only as far as needed, and says how many it read', async () => {
    const first = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&arrival=Marseille&limit=100`);
    expect(first.total_pages).toBeGreaterThan(1);
    const result = await search('Paris', 'Marseille', '--sort', 'price', '--limit', '3', '--json');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `Read ${first.total_pages} of ${first.total_pages} pages to apply the filters here.\n` +
        `3 of ${first.total} upcoming trips written; --all fetches them all.\n`,
    );
  });

  it('answers "none" only after every page', async () => {
    const pages = (
      await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&arrival=Marseille&limit=100`)
    ).total_pages;
    service.server.stats.reset();
    const result = await search('Paris', 'Marseille', '--max-price', '1', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(service.server.stats.requests('/route/ai/search')).toBe(pages);
    expect(result.stderr).toMatch(/No trips match\.\n$/);
  });

  it('refuses --page with a local filter, before any request', async () => {
    const result = await search('Paris', '--min-slots', '3', '--page', '2');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^Error: --page shows one page of the service; --min-slots, --max-price, --via and --sort price are applied here over every page/,
    );
  });
});

describe('long runs say what they do', () => {
  const small = useService({ routes: 150, seed: 3 });

  it('estimates a run the budget will slow, then says when it waits for the budget', async () => {
    const first = await getJson<SearchPage>(`${small.base}/route/ai/search?depart=Paris&limit=5`);
    expect(first.total_pages).toBeGreaterThan(2);
    // A budget of 2 requests per 1.5 s (the test's shortened minute): the third page waits.
    const result = await runCli(['--base-url', small.base, 'search', 'Paris', '--all', '--limit', '5', '--json'], {
      env: { MOTOROUTE_RATE: '2', MOTOROUTE_RATE_WINDOW_MS: '1500' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(first.total);
    // No "use list" advice: a listing in Form A names no stopovers, so list would need the same search to find Paris at one.
    expect(result.stderr).toContain(
      `${first.total_pages} requests ≈ ${Math.ceil(first.total_pages / 2)} min at 2 a minute.\n`,
    );
    expect(result.stderr).toMatch(/^Waiting [12] s for the rate budget \(2 requests a minute\)…$/m);
  });
});
