import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import type { TripFilter } from '../../src/domain/trip-filter.js';
import { createTripMatcher } from '../../src/domain/trip-matcher.js';
import type { SearchQuery, Trip } from '../../src/domain/types.js';
import { startServer, type RunningServer } from '../../src/server/index.js';

// One matching rule: `list` (the listing, filtered here) and `search --all` (the service's search,
// then the local filters) find the same trips for any filter, in the listing form that carries every
// stop (Form B: layover1, layover2). Slots are left out: Form B carries the first leg's only.

const FILTERS = 200;
let service: RunningServer;
let client: RouteClient;
const listing: Trip[] = [];

beforeAll(async () => {
  service = await startServer({ routes: 1500, seed: 5, today: '2026-05-01', listingForm: 'b' });
  client = new RouteClient({ baseUrl: `${service.url}/v1`, ratePerMinute: 1_000_000, pageConcurrency: 4 });
  for await (const trip of client.listing()) listing.push(trip);
});

afterAll(async () => {
  await client?.close();
  await service?.close();
});

/** City filters as people type them: whole names, other case, no accents, pieces of names, and places never served. */
function cityFilter(names: string[], freq: number): fc.Arbitrary<string | undefined> {
  const name = fc.constantFrom(...names);
  return fc.option(
    fc.oneof(
      name,
      name.map((city) => city.toUpperCase()),
      name.map((city) =>
        city
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase(),
      ),
      fc
        .tuple(name, fc.nat(), fc.integer({ min: 2, max: 4 }))
        .map(([city, at, length]) => city.slice(at % city.length, (at % city.length) + length)),
      fc.constantFrom('Atlantis', 'e'),
    ),
    { freq, nil: undefined },
  );
}

describe('list and search --all agree', () => {
  it(`on ${FILTERS} random filters`, async () => {
    const names = [...new Set(listing.flatMap((trip) => [trip.depart, ...trip.layovers, trip.arrival]))];
    const dates = [...new Set(listing.map((trip) => trip.date))].sort();
    const date = fc.option(fc.constantFrom(...dates), { freq: 2, nil: undefined });
    const filters = fc
      .record(
        {
          // Each filter is left out now and then (fc.option's freq: one in freq), so that many combinations find trips.
          depart: cityFilter(names, 3),
          arrival: cityFilter(names, 2),
          via: fc.option(fc.constantFrom(...names), { freq: 2, nil: undefined }),
          dateFrom: date,
          dateTo: date,
          maxPrice: fc.option(fc.integer({ min: 250, max: 700 }), { freq: 3, nil: undefined }),
        },
        { requiredKeys: [] },
      )
      .map((filter): TripFilter => {
        // The CLI refuses --after later than --before before any request: such a pair is not a filter.
        if (filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo)
          return { ...filter, dateFrom: filter.dateTo, dateTo: filter.dateFrom };
        return filter;
      });
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(filters, async (filter) => {
        const matches = createTripMatcher(filter);
        const listed = listing.filter(matches).map((trip) => trip.id);
        const query: SearchQuery = {};
        if (filter.depart) query.depart = filter.depart;
        if (filter.arrival) query.arrival = filter.arrival;
        if (filter.dateFrom) query.date_from = filter.dateFrom;
        if (filter.dateTo) query.date_to = filter.dateTo;
        const searched: string[] = [];
        for await (const page of client.searchPages(query, { limit: 100 }))
          for (const trip of page.routes) if (matches(trip)) searched.push(trip.id);
        expect(searched.sort()).toEqual(listed.sort());
        if (listed.length > 0) nonEmpty++;
      }),
      { numRuns: FILTERS },
    );
    // The filters are not all empty-handed: the agreement is about trips, not about nothing.
    expect(nonEmpty).toBeGreaterThan(FILTERS / 3);
    process.stdout.write(`matching rule: ${nonEmpty} of ${FILTERS} filters found trips\n`);
  });
});
