import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListingFormatError, parseListing } from '../../src/client/listing-parser.js';
import type { RawResponse } from '../../src/client/options.js';
import {
  listingReader,
  readAnswer,
  readBatch,
  readCacheIds,
  readJob,
  readJobResult,
  readNearbyCities,
  readSearchPage,
  type ReadOptions,
} from '../../src/client/readers.js';
import type { Trip } from '../../src/domain/types.js';
import { MotorouteError } from '../../src/errors.js';

// Every decoder of the client meets answers mutated the ways real deployments and broken proxies
// mutate them: truncated, wrong types, extra nesting, missing and extra fields, huge strings,
// invalid UTF-8, a byte-order mark. Each answer is either read (into well-formed values) or refused
// with a MotorouteError of one line: never a crash, never a stack trace.

const RUNS = 1000;

const trip = (id: number) => ({
  id: String(id),
  date: '2026-05-02',
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: ['Lyon'],
  price_min: 299,
  price_max: 349,
  slots: [2, 1],
  times: ['08:00', '12:00', '18:00'],
});
const routes = [trip(1), trip(2), trip(3)];
const formB = {
  type: 'route',
  id: 4,
  depart: 'Paris',
  arrival: 'Nice',
  date: '20260503',
  time0: '07:30',
  price_min: 310,
  price_max: null,
  places_moto_1: 3,
  places_passenger_1: 1,
  layover1: 'Lyon',
};
const formA = { id: '5', depart: 'Lyon', arrival: 'Nice', date: '2026-05-04', prix: 199, places_disponibles: 2 };

/** A valid answer of each endpoint, the starting point of every mutation. */
const VALID = {
  search: { routes, total: 3, page: 1, limit: 50, total_pages: 1, has_next: false, book_url: 'https://symone.fr/moto' },
  batch: {
    results: [
      { index: 0, query: { depart: 'Paris' }, routes, total: 3 },
      { index: 1, query: {}, routes: [], total: 0 },
    ],
    book_url: 'https://symone.fr/moto',
  },
  nearby: {
    cities: [
      { name: 'Lyon', distance_km: 0 },
      { name: 'Grenoble', distance_km: 94.3 },
    ],
    source: 'city:Lyon',
  },
  cache: { route_ids: ['1', '2', '3'], cached_at: '2026-05-01T10:00:00Z' },
  job: { job_id: 'j-1', status: 'completed', poll_url: 'http://x/route/ai/jobs/j-1', result: { routes, total: 3 } },
  ask: { answer: '3 trips from Paris to Marseille', routes },
  listing: [formA, formB, ...routes],
} as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, 0, -1, 1e308, '', 'n/a', '359', [], {}, [null], { id: {} }),
  fc.string({ maxLength: 20 }),
  fc.double().map((value) => (Number.isFinite(value) ? value : 0)),
  fc.integer({ min: 1, max: 200_000 }).map((length) => 'x'.repeat(length)),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

type ValueMutation =
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'nest'; at: number; asArray: boolean }
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; at: number; key: string; value: Json };

const valueMutation: fc.Arbitrary<ValueMutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: wrongValue }),
  fc.record({ kind: fc.constant('nest' as const), at: fc.nat(), asArray: fc.boolean() }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('extra' as const),
    at: fc.nat(),
    key: fc.string({ maxLength: 12 }),
    value: wrongValue,
  }),
);

type ByteMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'invalid-utf8'; at: number; bytes: number[] }
  | { kind: 'bom' }
  | { kind: 'none' };

const byteMutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 3 },
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('invalid-utf8' as const),
    at: fc.nat(),
    bytes: fc.array(fc.constantFrom(0xff, 0xfe, 0x80, 0xbf, 0xc0, 0xed, 0xa0), { minLength: 1, maxLength: 4 }),
  }),
  fc.constant({ kind: 'bom' as const }),
);

/** Every object or array in the tree, so a mutation can pick one by index. */
function containers(
  value: Json,
  found: (Json[] | { [key: string]: Json })[] = [],
): (Json[] | { [key: string]: Json })[] {
  if (value !== null && typeof value === 'object') {
    found.push(value);
    for (const child of Object.values(value)) containers(child, found);
  }
  return found;
}

function applyValueMutation(root: Json, shared: ValueMutation): Json {
  // Generated values may be shared between runs (constants): the tree gets copies, so it never loops.
  const mutation = structuredClone(shared);
  const nodes = containers(root);
  const node = nodes[mutation.at % nodes.length];
  if (!node) return mutation.kind === 'replace' ? mutation.value : root;
  const keys = Object.keys(node);
  if (mutation.kind === 'extra') {
    if (Array.isArray(node)) node.push(mutation.value);
    else node[mutation.key] = mutation.value;
    return root;
  }
  if (keys.length === 0) return root;
  const key = keys[mutation.at % keys.length] as string;
  const container = node as Record<string, Json>;
  if (mutation.kind === 'replace') container[key] = mutation.value;
  else if (mutation.kind === 'nest')
    container[key] = mutation.asArray ? [container[key] as Json] : { value: container[key] as Json };
  else if (Array.isArray(node)) node.splice(Number(key), 1);
  else delete container[key];
  return root;
}

function applyByteMutation(bytes: Buffer, mutation: ByteMutation): Buffer {
  switch (mutation.kind) {
    case 'none':
      return bytes;
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    case 'truncate':
      return bytes.subarray(0, mutation.at % (bytes.length + 1));
    case 'invalid-utf8': {
      const at = mutation.at % (bytes.length + 1);
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(mutation.bytes), bytes.subarray(at)]);
    }
  }
}

/** A mutated answer of `name`: 0 to 3 value mutations, then one byte mutation. */
function mutatedAnswer(name: keyof typeof VALID): fc.Arbitrary<Buffer> {
  return fc.tuple(fc.array(valueMutation, { maxLength: 3 }), byteMutation).map(([mutations, bytes]) => {
    let value = structuredClone(VALID[name]) as Json;
    for (const mutation of mutations) value = applyValueMutation(value, mutation);
    return applyByteMutation(Buffer.from(JSON.stringify(value) ?? ''), bytes);
  });
}

function response(body: Buffer): RawResponse {
  return {
    status: 200,
    statusText: 'OK',
    url: 'http://127.0.0.1:1/v1/route/ai/search',
    headers: { 'content-type': 'application/json' },
    body,
  };
}

/** Runs a decoder: its value, or the refusal, which must be a one-line MotorouteError. */
function readOrRefuse<T>(decode: () => T): T | undefined {
  try {
    return decode();
  } catch (error) {
    expect(error).toBeInstanceOf(MotorouteError);
    expect((error as Error).message).not.toMatch(/\n|\r/);
    expect((error as Error).message.length).toBeLessThan(2000);
    return undefined;
  }
}

function expectTrip(trip: Trip): void {
  expect(typeof trip.id).toBe('string');
  expect(trip.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(typeof trip.depart).toBe('string');
  expect(typeof trip.arrival).toBe('string');
  for (const list of [trip.layovers, trip.times]) expect(list.every((item) => typeof item === 'string')).toBe(true);
  expect(trip.slots.every((slot) => Number.isInteger(slot) && slot >= 0)).toBe(true);
  for (const price of [trip.price_min, trip.price_max])
    expect(price === null || (Number.isFinite(price) && price >= 0)).toBe(true);
}

async function* stream(chunks: Buffer[]): AsyncGenerator<Buffer> {
  yield* chunks;
}

const options = fc.boolean().map((strict): ReadOptions => ({ strict, bookingUrl: 'https://symone.fr/moto' }));

describe('every decoder survives mutated answers', () => {
  it('search pages', () => {
    fc.assert(
      fc.property(mutatedAnswer('search'), options, (body, read) => {
        const page = readOrRefuse(() => readSearchPage(response(body), { page: 1, limit: 50 }, read));
        if (!page) return;
        page.routes.forEach(expectTrip);
        expect(
          Number.isInteger(page.total) && Number.isInteger(page.total_pages) && page.page >= 1 && page.limit >= 1,
        ).toBe(true);
        expect(typeof page.has_next).toBe('boolean');
        expect(typeof page.book_url).toBe('string');
      }),
      { numRuns: RUNS },
    );
  });

  it('batch answers', () => {
    fc.assert(
      fc.property(mutatedAnswer('batch'), options, (body, read) => {
        const batch = readOrRefuse(() => readBatch(response(body), [{ depart: 'Paris' }, {}], read));
        if (!batch) return;
        for (const entry of batch.results) {
          expect(Number.isInteger(entry.index) && Number.isInteger(entry.total)).toBe(true);
          entry.routes.forEach(expectTrip);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('nearby cities', () => {
    fc.assert(
      fc.property(mutatedAnswer('nearby'), options, (body, read) => {
        const near = readOrRefuse(() => readNearbyCities(response(body), read));
        if (!near) return;
        expect(typeof near.source).toBe('string');
        for (const city of near.cities)
          expect(typeof city.name === 'string' && Number.isFinite(city.distance_km)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('the Paris–Marseille cache', () => {
    fc.assert(
      fc.property(mutatedAnswer('cache'), options, (body, read) => {
        const cache = readOrRefuse(() => readCacheIds(response(body), read));
        if (cache) expect(cache.ids.every((id) => typeof id === 'string' && id.trim() !== '')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('jobs and their results', () => {
    fc.assert(
      fc.property(mutatedAnswer('job'), options, (body, read) => {
        const job = readOrRefuse(() => readJob(response(body), 'GET /route/ai/jobs/{jobId}'));
        if (!job) return;
        expect(['pending', 'completed', 'failed']).toContain(job.status);
        const result = readOrRefuse(() => readJobResult(job, 'http://x/route/ai/jobs/j-1', read));
        if (result?.kind === 'trips') result.page.routes.forEach(expectTrip);
      }),
      { numRuns: RUNS },
    );
  });

  it('/ask answers', () => {
    fc.assert(
      fc.property(mutatedAnswer('ask'), (body) => {
        readOrRefuse(() => readAnswer(response(body)));
      }),
      { numRuns: RUNS },
    );
  });

  it('the listing, streamed in random chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        mutatedAnswer('listing'),
        options,
        fc.integer({ min: 1, max: 64 }),
        async (body, read, chunkSize) => {
          const reader = listingReader('http://x/route/get/results', read);
          const chunks = Array.from({ length: Math.ceil(body.length / chunkSize) }, (_, k) =>
            body.subarray(k * chunkSize, (k + 1) * chunkSize),
          );
          try {
            for await (const batch of parseListing(stream(chunks)))
              for (const record of batch) {
                const trip = reader.trip(record);
                if (trip) expectTrip(trip);
              }
          } catch (error) {
            // The client turns a ListingFormatError into an ApiError with the same message.
            if (!(error instanceof ListingFormatError)) expect(error).toBeInstanceOf(MotorouteError);
            expect((error as Error).message).not.toMatch(/\n|\r/);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
