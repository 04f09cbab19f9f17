import { describe, expect, it } from 'vitest';
import type { Trip } from '../../src/domain/types.js';
import { collect, localService, rawServer, testClient } from './helpers.js';

async function allSearchTrips(baseUrl: string, limit = 100): Promise<Trip[]> {
  const { client } = testClient(baseUrl);
  const pages = await collect(client.searchPages({}, { limit }));
  return pages.flatMap((page) => page.routes);
}

describe('searchTrips', () => {
  it("gives every trip of every page, one at a time, in the pages' order", async () => {
    const service = await localService({ routes: 400 });
    const { client } = testClient(service.v1);
    const trips: Trip[] = [];
    for await (const trip of client.searchTrips({ depart: 'Paris' }, { limit: 13 })) trips.push(trip);
    const pages = await collect(testClient(service.v1).client.searchPages({ depart: 'Paris' }, { limit: 13 }));
    expect(pages.length).toBeGreaterThan(2);
    expect(trips.map((trip) => trip.id)).toEqual(pages.flatMap((page) => page.routes.map((trip) => trip.id)));
    expect(trips.length).toBe(pages[0]?.total);
  });
});

describe('searchPages', () => {
  it('follows page/has_next across many pages', async () => {
    const service = await localService({ routes: 400 });
    const { client } = testClient(service.v1);
    const pages = await collect(client.searchPages({}, { limit: 17 }));
    const first = pages[0];
    expect(first).toBeDefined();
    const ids = pages.flatMap((page) => page.routes.map((trip) => trip.id));
    expect(pages.length).toBe(first?.total_pages);
    expect(pages.length).toBeGreaterThan(5);
    expect(ids.length).toBe(first?.total);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.map((page) => page.page)).toEqual(pages.map((_page, index) => index + 1));
    expect(service.stats.requests('/route/ai/search')).toBe(pages.length);
  });

  it('follows next_cursor on a cursor-paging deployment and finds the same trips', async () => {
    const plain = await localService({ routes: 400 });
    const cursored = await localService({ routes: 400, cursorPaging: true, maxLimit: 25 });
    const { client } = testClient(cursored.v1);
    const pages = await collect(client.searchPages({}, { limit: 100 }));
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.slice(0, -1).every((page) => typeof page.next_cursor === 'string' && page.routes.length <= 25)).toBe(
      true,
    );
    const viaCursor = pages.flatMap((page) => page.routes.map((trip) => trip.id));
    const viaPages = (await allSearchTrips(plain.v1)).map((trip) => trip.id);
    expect(viaCursor).toEqual(viaPages);
  });

  it('yields nothing for a search without matches', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    expect(await collect(client.searchPages({ depart: 'Nowhere-sur-Mer' }))).toEqual([]);
  });

  it('works on the legacy alias too', async () => {
    const service = await localService();
    const { client } = testClient(service.legacy);
    expect((await client.search({}, { limit: 3 })).routes).toHaveLength(3);
  });
});

/**
 * What a search trip becomes once written in a listing form and normalised back (Form A's one price is the lowest;
 * the highest is unknown), marked with what the record leaves out.
 */
function expectedFromSearch(trip: Trip, formB: boolean): Trip {
  if (formB) {
    const unknown = trip.layovers.length === 0 ? ['times' as const] : ['slots' as const, 'times' as const];
    return { ...trip, slots: trip.slots.slice(0, 1), times: trip.times.slice(0, 1), unknown };
  }
  return {
    ...trip,
    layovers: [],
    times: [],
    price_max: null,
    slots: [Math.min(...trip.slots)],
    unknown: ['layovers', 'slots', 'times'],
  };
}

describe('listing', () => {
  it.each(['a', 'b', 'mixed'] as const)('normalises Form %s to the trips the search finds', async (form) => {
    const service = await localService({ routes: 500, listingForm: form });
    const { client } = testClient(service.v1);
    const pairs = await collect(client.listingRecords());
    const raw = pairs.map((pair) => pair.record);
    const trips = await collect(client.listing());
    const searchTrips = await allSearchTrips(service.v1);
    expect(pairs.map((pair) => pair.trip)).toEqual(trips);
    expect(trips.map((trip) => trip.id)).toEqual(searchTrips.map((trip) => trip.id));
    const formB = raw.map((record) => typeof record === 'object' && record !== null && 'type' in record);
    if (form === 'a') expect(formB.some(Boolean)).toBe(false);
    if (form === 'b') expect(formB.every(Boolean)).toBe(true);
    if (form === 'mixed') expect(new Set(formB).size).toBe(2);
    expect(trips).toEqual(searchTrips.map((trip, index) => expectedFromSearch(trip, formB[index] === true)));
  });

  it('reports progress in bytes and records', async () => {
    const service = await localService({ routes: 2000 });
    const { client } = testClient(service.v1);
    const progress: { bytes: number; records: number }[] = [];
    const results = await collect(client.listing({ onProgress: (p) => progress.push(p) }));
    expect(progress.at(-1)?.records).toBe(results.length);
    expect(progress.at(-1)?.bytes).toBeGreaterThan(results.length * 50);
  });

  it('redoes the listing when the connection is cut before any record arrived', async () => {
    const record = {
      id: 'r1',
      depart: 'Paris',
      arrival: 'Marseille',
      date: '2026-05-02',
      prix: 299,
      places_disponibles: 2,
    };
    let calls = 0;
    const server = await rawServer((_req, res) => {
      calls++;
      res.writeHead(200, { 'content-type': 'application/json' });
      if (calls === 1) res.write('[{"id":"r1","depa', () => res.socket?.destroy());
      else res.end(JSON.stringify([record]));
    });
    const { client, attempts } = testClient(server.url);
    const results = await collect(client.listing());
    expect(results).toEqual([expect.objectContaining({ id: 'r1', slots: [2] })]);
    expect(server.requests).toHaveLength(2);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.error === undefined])).toEqual([
      [1, 200, false],
      [2, 200, true],
    ]);
  });

  it('says how many records arrived when the listing is cut after records were yielded', async () => {
    const service = await localService({ routes: 3000 });
    const { client } = testClient(service.v1);
    service.faults.cutNext(1, '/route/get/results');
    await expect(collect(client.listing())).rejects.toThrow(/cut after \d+ records/);
    expect(service.stats.requests('/route/get/results')).toBe(1);
  });

  it('counts the records already yielded when a raw listing is cut', async () => {
    const server = await rawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const record = (id: string) => JSON.stringify({ id, depart: 'Paris', arrival: 'Lyon', date: '2026-05-02' });
      res.write(`[${record('1')},${record('2')},\n${record('3')},{"id":"4`, () => res.socket?.destroy());
    });
    const { client } = testClient(server.url);
    const seen: unknown[] = [];
    const consume = async () => {
      for await (const { record } of client.listingRecords()) seen.push((record as { id: string }).id);
    };
    await expect(consume()).rejects.toThrow(
      /^The answer of GET http:\/\/127\.0\.0\.1:\d+\/route\/get\/results was cut after 3 records/,
    );
    expect(seen).toEqual(['1', '2', '3']);
    expect(server.requests).toHaveLength(1);
  });

  it('releases the connection when the caller stops reading early', async () => {
    const service = await localService({ routes: 3000 });
    const { client } = testClient(service.v1);
    let taken = 0;
    for await (const trip of client.listing()) {
      expect(trip.id).toBeTruthy();
      if (++taken === 5) break;
    }
    const page = await client.search({}, { limit: 2 });
    expect(page.routes).toHaveLength(2);
  });

  it('reports a truncated or non-JSON listing as an ApiError naming the endpoint', async () => {
    const service = await localService({ routes: 3000 });
    const { client } = testClient(service.v1);
    service.faults.malformedNext(2, '/route/get/results');
    await expect(collect(client.listing())).rejects.toThrow(
      /^GET \/route\/get\/results returned a body that is not a route listing: the body is not a JSON array/,
    );
    await expect(collect(client.listing())).rejects.toThrow(
      /^GET \/route\/get\/results returned a body that is not a route listing: .*truncated/,
    );
  });
});

describe('other endpoints', () => {
  it('reads nearby cities, the cache, jobs, /ask and the .well-known documents', async () => {
    const service = await localService({ jobDelayMs: 0 });
    const { client } = testClient(service.v1);
    const near = await client.citiesNear('Paris');
    expect(near.cities.length).toBeGreaterThan(0);
    expect(near.cities.every((city) => typeof city.distance_km === 'number')).toBe(true);
    const cache = await client.parisMarseilleCache();
    expect(cache.ids.every((id) => typeof id === 'string')).toBe(true);
    const job = await client.createJob({ depart: 'Paris' });
    expect(job.status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await client.getJob(job.job_id)).status).toMatch(/completed|failed/);
    expect(await client.ask('Is there a trip from Paris to Marseille?')).toBeDefined();
    expect(await client.getJson('/.well-known/oauth-protected-resource')).toBeTypeOf('object');
  });
});

describe('rate budget', () => {
  it('is off by default in the library: 120 calls in a row never wait on a hidden queue', async () => {
    const service = await localService({ routes: 50 });
    const waits: number[] = [];
    const { client } = testClient(service.v1, { onRateWait: (ms) => waits.push(ms) });
    // A 60-a-minute budget would hold the 61st for a minute: past the test's timeout, and told to onRateWait.
    for (let call = 0; call < 120; call++) await client.citiesNear('Lyon');
    expect(waits).toEqual([]);
    expect(service.stats.requests('/route/cities-near')).toBe(120);
  });

  it('refuses a budget that is not a whole number from 1 (or Infinity), naming the option', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => testClient('http://127.0.0.1:2/v1', { ratePerMinute: bad })).toThrow(RangeError);
      expect(() => testClient('http://127.0.0.1:2/v1', { ratePerMinute: bad })).toThrow(
        /^ratePerMinute must be a whole number of requests from 1, or Infinity/,
      );
    }
    expect(() => testClient('http://127.0.0.1:2/v1', { ratePerMinute: Infinity })).not.toThrow();
  });

  it('makes the request past the budget wait, and holds it until the window has room', async () => {
    // The window's arithmetic is RateBudget's, tested on a fake clock (request-path.test.ts); here, that the client
    // takes a ticket before each request and sends nothing the budget holds back.
    const arrivals: number[] = [];
    const server = await rawServer((_req, res) => {
      arrivals.push(Date.now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const waits: number[] = [];
    const sentWhenTold: number[] = [];
    const { client } = testClient(server.url, {
      ratePerMinute: 5,
      rateIntervalMs: 400,
      onRateWait: (ms) => {
        waits.push(ms);
        sentWhenTold.push(server.requests.length);
      },
    });
    const before = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => client.getJson('/x')));
    expect(waits).toEqual([]);
    // The sixth, asked within 400 ms of the five: it is told to wait, and is not sent until the first start has left
    // the window. The budget reads Date.now(): on that clock the sixth arrives 400 ms or more after `before`,
    // however late a busy machine runs it (load only delays it further).
    await client.getJson('/x');
    expect((arrivals[5] as number) - before).toBeGreaterThanOrEqual(400);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(400);
    expect(sentWhenTold).toEqual([5]);
    // Seven at once, with at most five a window: at least two wait, whatever the window holds.
    await Promise.all(Array.from({ length: 7 }, () => client.getJson('/x')));
    expect(waits.length).toBeGreaterThanOrEqual(1 + 2);
    expect(server.requests).toHaveLength(13);
  });

  it('counts retries against the budget', async () => {
    const service = await localService();
    const waits: number[] = [];
    const { client } = testClient(service.v1, {
      ratePerMinute: 2,
      rateIntervalMs: 300,
      onRateWait: (ms) => waits.push(ms),
    });
    service.faults.failNext(2, '/route/ai/search');
    await client.search({});
    expect(waits.length).toBeGreaterThanOrEqual(1);
  });
});

describe('pages in flight together', () => {
  /** A search service of `pages` pages of 2 trips, each answer `delayMs` late, that records how many requests overlap. */
  async function slowPages(pages: number, delayMs: number) {
    let inFlight = 0;
    const seen = { peak: 0, pages: [] as number[] };
    const server = await rawServer((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
      seen.pages.push(page);
      seen.peak = Math.max(seen.peak, ++inFlight);
      setTimeout(() => {
        inFlight--;
        const routes = [0, 1].map((k) => ({
          id: `${page}-${k}`,
          date: '2026-05-02',
          depart: 'Paris',
          arrival: 'Lyon',
        }));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ routes, total: pages * 2, page, limit: 2, total_pages: pages, has_next: page < pages }),
        );
      }, delayMs);
    });
    return { url: server.url, seen };
  }

  it('fetches the pages after the first at most N at a time and yields them in order', async () => {
    const service = await slowPages(11, 60);
    const { client } = testClient(service.url, { pageConcurrency: 4 });
    const pages = await collect(client.searchPages({}, { limit: 2 }));
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pages.flatMap((page) => page.routes.map((trip) => trip.id))).toHaveLength(22);
    expect(service.seen.peak).toBe(4);
    expect(service.seen.pages[0]).toBe(1);
  });

  it('one at a time with a concurrency of 1', async () => {
    const service = await slowPages(5, 5);
    const { client } = testClient(service.url, { pageConcurrency: 1 });
    expect((await collect(client.searchPages({}))).length).toBe(5);
    expect(service.seen.peak).toBe(1);
  });

  it('stops what is in flight when the caller stops early', async () => {
    const service = await slowPages(30, 40);
    const { client } = testClient(service.url, { pageConcurrency: 8 });
    for await (const page of client.searchPages({})) if (page.page === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Page 1, then 8 in flight; nothing is asked after the stop.
    expect(service.seen.pages.length).toBeLessThanOrEqual(9);
  });

  it('gives the same trips as one page at a time on the local service', async () => {
    const service = await localService({ routes: 600 });
    const one = testClient(service.v1, { pageConcurrency: 1 }).client;
    const eight = testClient(service.v1, { pageConcurrency: 8 }).client;
    const ids = async (client: typeof one) =>
      (await collect(client.searchPages({}, { limit: 13 }))).flatMap((page) => page.routes.map((trip) => trip.id));
    expect(await ids(eight)).toEqual(await ids(one));
  });
});
