import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

// `list` (the listing, whose records may leave out stopovers and per-leg places) and `search --all` (complete
// RouteAI records) must give the same trips for every filter of `search --help`, on each record form.
// 100,000 routes, as in issue 23; the rate budget is raised so that the completions and searches run at once.

const ROUTES = 100_000;
const forms = {
  a: useService({ routes: ROUTES, listingForm: 'a' }),
  b: useService({ routes: ROUTES, listingForm: 'b' }),
  mixed: useService({ routes: ROUTES, listingForm: 'mixed' }),
};
const FAST = { MOTOROUTE_RATE: '6000' };

interface Case {
  args: string[];
  /** The filter finds trips on this data (seed 7), so an empty answer on both sides would be a failure. */
  finds?: boolean;
}

// Dates are relative, so that both commands and the service read them alike whatever the day; most cases
// span a few days so that each runs a few pages; the first two read the whole 100,000 routes.
const CASES: Case[] = [
  { args: ['Lyon', 'Marseille'], finds: true },
  { args: ['--via', 'Dijon'], finds: true },
  { args: ['--from', 'Paris', '--to', 'Lyon', '--after', '+7d', '--before', '+10d'], finds: true },
  { args: ['marseille', 'PARIS', '--after', '+3d', '--before', '+12d'], finds: true },
  { args: ['--from', 'Lyon', '--after', '+3d', '--before', '+10d'], finds: true },
  { args: ['--to', 'Nice', '--date', '+14d', '--flex', '2'], finds: true },
  { args: ['--min-slots', '3', '--max-price', '350', '--after', '+20d', '--before', '+23d'], finds: true },
  { args: ['--min-slots', '2', '--via', 'Lyon', '--date', '+5d', '--flex', '1', '--sort', 'price'], finds: true },
  { args: ['Paris', '--max-price', '320', '--after', '+30d', '--before', '+40d', '--sort', 'price'], finds: true },
  { args: ['--to', 'Marseille', '--min-slots', '4', '--date', '+9d'], finds: true },
  { args: ['--from', 'Dijon', '--via', 'Lyon', '--after', '+1d', '--before', '+20d'] },
  { args: ['--min-slots', '0', '--after', '+50d', '--before', '+51d'], finds: true },
  { args: ['--after', '+60d', '--before', '+61d', '--sort', 'price'], finds: true },
];

const ids = (result: CliResult): string[] =>
  result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id)
    .sort();

async function compare(
  base: string,
  args: string[],
): Promise<{ listed: CliResult; listedIds: string[]; searchedIds: string[] }> {
  const [listed, searched] = await Promise.all([
    // --listing: the listing read and completed even where --from or --to would let the search answer instead
    // (test/e2e/list-narrowed.test.ts covers that way).
    runCli(['--base-url', base, 'list', ...args, '--listing', '--format', 'ndjson', '--no-hints'], {
      env: FAST,
      timeoutMs: 60_000,
    }),
    runCli(['--base-url', base, 'search', ...args, '--all', '--format', 'ndjson', '--no-hints'], {
      env: FAST,
      timeoutMs: 60_000,
    }),
  ]);
  expect(listed.code, listed.stderr).toBe(0);
  expect(searched.code, searched.stderr).toBe(0);
  return { listed, listedIds: ids(listed), searchedIds: ids(searched) };
}

describe.each(Object.entries(forms))('list and search --all agree on Form %s, 100,000 routes', (form, service) => {
  it.each(CASES)(
    '$args',
    async ({ args, finds }) => {
      const { listedIds, searchedIds } = await compare(service.base, args);
      expect(listedIds).toEqual(searchedIds);
      if (finds) expect(listedIds.length).toBeGreaterThan(0);
    },
    60_000,
  );

  it('says how many listing trips it completed, with how many requests, and only when records left something out', async () => {
    const { listed } = await compare(service.base, ['Lyon', 'Marseille', '--date', '+4d']);
    const note =
      /(\d+) listing trips? without the stopovers or per-leg places the filter reads: the search \((\d+) requests?\) found (\d+) of them complete, (\d+) matching/;
    if (form === 'b') expect(listed.stderr).not.toMatch(note);
    else expect(listed.stderr).toMatch(note);
  }, 60_000);
});

describe('a city the service does not serve', () => {
  it.each(['search', 'list', 'calendar'])(
    'is exit 2 for %s, with its one line even under -q',
    async (command) => {
      const result = await runCli(['--base-url', forms.mixed.base, '-q', command, '--from', 'nowhere-town'], {
        env: FAST,
        timeoutMs: 60_000,
      });
      expect(result.code).toBe(2);
      // calendar draws its empty month; search and list print nothing.
      if (command !== 'calendar') expect(result.stdout).toBe('');
      expect(result.stderr).toBe('Error: FROM: "nowhere-town" is not a city the service serves.\n');
    },
    60_000,
  );

  it('is exit 2 for batch, after the results of the other queries', async () => {
    const result = await runCli(
      [
        '--base-url',
        forms.mixed.base,
        'batch',
        '--query',
        'nowhere-town:',
        '--query',
        'Paris:Lyon',
        '--format',
        'ndjson',
      ],
      { env: FAST, timeoutMs: 60_000 },
    );
    expect(result.code).toBe(2);
    expect(result.stdout).not.toBe('');
    expect(result.stderr).toMatch(
      /^Error: nowhere-town → anywhere: FROM: "nowhere-town" is not a city the service serves\.$/m,
    );
  }, 60_000);
});

describe('list prints completed trips complete, and listing trips with what their records leave out', () => {
  it('prints Form A trips found by their ends as listed (marked), and trips found at a stopover complete', async () => {
    const listed = await runCli(
      [
        '--base-url',
        forms.a.base,
        'list',
        'Lyon',
        'Marseille',
        '--listing',
        '--after',
        '+4d',
        '--before',
        '+12d',
        '--format',
        'ndjson',
      ],
      { env: FAST },
    );
    expect(listed.code).toBe(0);
    const trips = listed.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { layovers: string[]; slots: number[]; unknown: string[]; times: string[] });
    const marked = trips.filter((trip) => trip.unknown.length > 0);
    const completed = trips.filter((trip) => trip.unknown.length === 0);
    expect(marked.length).toBeGreaterThan(0);
    expect(completed.length).toBeGreaterThan(0);
    for (const trip of marked) expect(trip.unknown).toEqual(['layovers', 'slots', 'times']);
    for (const trip of completed) {
      expect(trip.layovers.length).toBeGreaterThan(0);
      expect(trip.slots).toHaveLength(trip.layovers.length + 1);
      expect(trip.times).toHaveLength(trip.layovers.length + 2);
    }
  }, 60_000);

  it('--raw prints the records untouched, completed ones too, the same trips as search --all', async () => {
    const args = ['--via', 'Dijon', '--date', '+8d', '--flex', '2'];
    const [raw, searched] = await Promise.all([
      runCli(['--base-url', forms.mixed.base, 'list', ...args, '--raw'], { env: FAST }),
      runCli(['--base-url', forms.mixed.base, 'search', ...args, '--all', '--format', 'ndjson'], { env: FAST }),
    ]);
    expect(raw.code).toBe(0);
    const records = raw.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => !('unknown' in record) && ('prix' in record || 'places_moto_1' in record))).toBe(
      true,
    );
    expect(records.map((record) => String(record.id)).sort()).toEqual(ids(searched));
  }, 60_000);
});

describe('on a deployment that pages with next_cursor and caps the page size', () => {
  const cursorService = useService({ routes: 5000, listingForm: 'a', cursorPaging: true, maxLimit: 25 });

  it.each([[['--via', 'Dijon']], [['Lyon', 'Marseille', '--min-slots', '2']]])(
    'list %j completes its Form A trips through the cursor pages',
    async (args) => {
      const { listed, listedIds, searchedIds } = await compare(cursorService.base, args);
      expect(listedIds).toEqual(searchedIds);
      expect(listedIds.length).toBeGreaterThan(0);
      const requests = Number(/the search \((\d+) requests?\)/.exec(listed.stderr)?.[1]);
      // Pages of 25 at most, one at a time: more than one request for what one page of 100 would hold elsewhere.
      expect(requests).toBeGreaterThan(1);
    },
    60_000,
  );
});

describe('a trip whose last leg is full', () => {
  /** The first trip of the search with stopovers, free places on the first leg and none on the last. */
  async function fullLastLeg(base: string): Promise<Trip> {
    for (let page = 1; page <= 30; page++) {
      const { routes } = await getJson<SearchPage>(`${base}/route/ai/search?limit=100&page=${page}`);
      const found = routes.find(
        (trip) => trip.layovers.length > 0 && (trip.slots[0] ?? 0) > 0 && trip.slots.at(-1) === 0,
      );
      if (found) return found;
    }
    throw new Error('the local service generated no trip with a full last leg');
  }

  it('is in the listing (it is not full), shows its first leg only, and is not taken for a trip with a place on every leg', async () => {
    const base = forms.b.base;
    const trip = await fullLastLeg(base);
    const [raw, listed, withPlaces, searched] = await Promise.all([
      runCli(['--base-url', base, 'list', '--date', trip.date, '--raw'], { env: FAST }),
      runCli(['--base-url', base, 'list', '--date', trip.date, '--format', 'ndjson'], { env: FAST }),
      runCli(['--base-url', base, 'list', '--date', trip.date, '--min-slots', '1', '--format', 'ndjson'], {
        env: FAST,
      }),
      runCli(['--base-url', base, 'search', '--date', trip.date, '--min-slots', '1', '--all', '--format', 'ndjson'], {
        env: FAST,
      }),
    ]);
    const record = raw.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((one) => String(one.id) === trip.id);
    expect(record).toMatchObject({ places_moto_1: trip.slots[0] });
    const asListed = listed.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Trip)
      .find((one) => one.id === trip.id);
    expect(asListed).toMatchObject({ slots: [trip.slots[0]], unknown: ['slots', 'times'] });
    expect(ids(withPlaces)).not.toContain(trip.id);
    expect(ids(withPlaces)).toEqual(ids(searched));
    expect(withPlaces.stderr).toMatch(/listing trips? without the stopovers or per-leg places the filter reads/);
  }, 60_000);
});

describe('when the search that completes listing trips fails', () => {
  // The listing from the real local service, every search answered 500: a deployment whose search is down.
  let proxy: Server;
  let base = '';
  beforeAll(async () => {
    proxy = createServer((request, response) => {
      if (request.url?.startsWith('/v1/route/get/results')) {
        void fetch(`${forms.a.base}/route/get/results`).then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(Buffer.from(await answer.arrayBuffer()));
        });
        return;
      }
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'search is down' }));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('prints the trips it could judge, says how many it could not, and exits 1', async () => {
    const listed = await runCli(
      [
        '--base-url',
        base,
        'list',
        'Lyon',
        'Marseille',
        '--listing',
        '--after',
        '+4d',
        '--before',
        '+12d',
        '--format',
        'ndjson',
      ],
      { env: FAST },
    );
    expect(listed.code).toBe(1);
    const trips = listed.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { depart: string; arrival: string });
    expect(trips.length).toBeGreaterThan(0);
    expect(trips.every((trip) => /lyon/i.test(trip.depart) && /marseille/i.test(trip.arrival))).toBe(true);
    expect(listed.stderr).toMatch(
      /\d+ listing trips could not be judged: .*search is down.*The trips printed are the ones that could be judged\./s,
    );
    expect(listed.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
