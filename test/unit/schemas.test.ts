import { describe, expect, it } from 'vitest';
import { readTrip } from '../../src/client/readers.js';
import { bodyText, decodeJson } from '../../src/client/decode.js';
import { locateJobTrips } from '../../src/client/job-result.js';
import type { RawResponse } from '../../src/client/options.js';
import { RecordReader, schemaReader } from '../../src/client/record-reader.js';
import { schemas } from '../../src/client/schemas.js';
import { completePage } from '../../src/client/search-page.js';
import { ApiError } from '../../src/errors.js';

function response(body: string | Buffer, contentType = 'application/json'): RawResponse {
  return {
    status: 200,
    statusText: 'OK',
    url: 'http://127.0.0.1:1/v1/route/ai/search',
    headers: { 'content-type': contentType },
    body: Buffer.from(body),
  };
}

const page = {
  routes: [
    {
      id: 'a1',
      date: '2026-05-01',
      depart: 'Paris',
      arrival: 'Marseille',
      layovers: [],
      price_min: 299,
      price_max: 349,
      slots: [2],
      times: ['08:00'],
      surprise: true,
    },
    {
      id: 7,
      date: '2026-05-02',
      depart: 'Paris',
      arrival: 'Nice',
      price_min: null,
      price_max: null,
      slots: [1],
      times: [],
    },
  ],
  total: 2,
  page: 1,
  limit: 50,
  total_pages: 1,
  has_next: false,
  book_url: 'https://example.invalid/moto',
  extra_field: { anything: 1 },
};

describe('trip records', () => {
  it('reads RouteAI records: null prices on quote, numeric ids to strings, missing lists to [], extra fields dropped', () => {
    expect(readTrip(page.routes[0])).toEqual({
      ok: true,
      value: {
        id: 'a1',
        date: '2026-05-01',
        depart: 'Paris',
        arrival: 'Marseille',
        layovers: [],
        price_min: 299,
        price_max: 349,
        slots: [2],
        times: ['08:00'],
      },
    });
    expect(readTrip(page.routes[1])).toMatchObject({
      ok: true,
      value: { id: '7', price_min: null, price_max: null, layovers: [] },
    });
  });

  it('reads numbers sent as numeric strings and single values sent for lists', () => {
    const loose = {
      id: 100157,
      date: '2026-05-01',
      depart: 'Paris',
      arrival: 'Lyon',
      price_min: '359',
      price_max: ' 409.5 ',
      slots: ['4', 2],
      times: '08:30',
      layovers: 'Dijon',
    };
    expect(readTrip(loose)).toEqual({
      ok: true,
      value: {
        id: '100157',
        date: '2026-05-01',
        depart: 'Paris',
        arrival: 'Lyon',
        layovers: ['Dijon'],
        price_min: 359,
        price_max: 409.5,
        slots: [4, 2],
        times: ['08:30'],
      },
    });
    expect(readTrip({ ...loose, date: '2026-05-01T08:30:00Z' })).toMatchObject({
      ok: true,
      value: { date: '2026-05-01' },
    });
  });

  it.each([
    ['a null date', { date: null }, /date null is not a real date/],
    ['slots "n/a"', { slots: 'n/a' }, /slots is "n\/a", not a list of counts/],
    ['a price "cheap"', { price_min: 'cheap' }, /price_min is "cheap", not a price/],
    ['a numeric depart', { depart: 42 }, /depart is 42/],
  ])('refuses %s with the route and the field', (_name, change, reason) => {
    const result = readTrip({ ...page.routes[0], ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(new RegExp(`^route a1: ${reason.source}`));
  });
});

describe('RecordReader', () => {
  it('leaves out unreadable records and counts them with the first reason and its path', () => {
    const reader = new RecordReader('GET /route/ai/search', 'http://x/v1/route/ai/search', false);
    const trips = reader.read(
      [page.routes[0], null, { ...page.routes[1], date: 'soon' }, page.routes[1]],
      'routes',
      readTrip,
    );
    expect(trips.map((trip) => trip.id)).toEqual(['a1', '7']);
    expect(reader.skipped).toEqual({
      endpoint: 'GET /route/ai/search',
      skipped: 2,
      of: 4,
      firstReason: 'routes[1]: a record is null, not an object',
    });
  });

  it('says nothing when every record was read', () => {
    const reader = new RecordReader('GET /route/ai/search', 'u', false);
    reader.read(page.routes, 'routes', readTrip);
    expect(reader.skipped).toBeUndefined();
  });

  it('fails on the first unreadable record in strict mode, naming the endpoint and the path', () => {
    const reader = new RecordReader('GET /route/cities-near', 'u', true);
    expect(() =>
      reader.read(
        [
          { name: 'Lyon', distance_km: 1 },
          { name: null, distance_km: 'far' },
        ],
        'cities',
        schemaReader(schemas.nearbyCity()),
      ),
    ).toThrow(
      /^GET \/route\/cities-near returned a record motoroute cannot read, cities\[1\]\.name: .*string.*\(without strict: true it would be left out\)\.$/,
    );
  });

  it('numbers the records of a stream', () => {
    const reader = new RecordReader('GET /route/get/results', 'u', false);
    expect(reader.one(page.routes[0], 'record', readTrip)).toMatchObject({ id: 'a1' });
    expect(reader.one('n/a', 'record', readTrip)).toBeUndefined();
    expect(reader.skipped).toMatchObject({
      skipped: 1,
      of: 2,
      firstReason: 'record 2: a record is a string, not an object',
    });
  });
});

describe('envelopes', () => {
  it('reads a search envelope with numbers as strings and keeps routes unread', () => {
    const parsed = schemas.searchEnvelope().parse({ ...page, total: '2', page: '1', has_next: 'false' });
    expect(parsed).toMatchObject({ total: 2, page: 1, has_next: false, routes: page.routes });
    expect(parsed).not.toHaveProperty('extra_field');
  });

  it('derives total_pages, has_next and book_url when missing, from total, limit and the cursor', () => {
    const sparse = { routes: page.routes, total: 135, page: 2, limit: 50 };
    expect(completePage(sparse, [], {}, 'https://symone.fr/moto')).toEqual({
      routes: [],
      total: 135,
      page: 2,
      limit: 50,
      total_pages: 3,
      has_next: true,
      book_url: 'https://symone.fr/moto',
    });
    expect(completePage({ ...sparse, page: 3 }, [], {}, 'b')).toMatchObject({ total_pages: 3, has_next: false });
    expect(completePage({ routes: [], next_cursor: 'abc' }, [], { limit: 10 }, 'b')).toMatchObject({
      has_next: true,
      next_cursor: 'abc',
      limit: 10,
      page: 1,
    });
    expect(completePage({ routes: page.routes }, [], { page: 4, limit: 2 }, 'b')).toMatchObject({
      page: 4,
      total: 8,
      total_pages: 4,
      has_next: false,
    });
  });

  it.each([
    ['an array of ids', ['1', 2, '3'], { ids: ['1', 2, '3'], path: '' }],
    [
      '{ids}',
      { ids: [10, 11], cached_at: '2026-05-01T10:00:00Z' },
      { ids: [10, 11], path: 'ids', cachedAt: '2026-05-01T10:00:00Z' },
    ],
    ['{route_ids}', { route_ids: ['x'] }, { ids: ['x'], path: 'route_ids' }],
    [
      '{routes:[{id}]}',
      { routes: [{ id: 5, depart: 'Paris' }, { id: 'b' }], updated_at: 'today' },
      { ids: [5, 'b'], path: 'routes', cachedAt: 'today' },
    ],
  ])('reads the cache as %s', (_name, body, expected) => {
    expect(schemas.cacheEnvelope().parse(body)).toEqual(expected);
  });

  it('rejects a cache of another shape', () => {
    expect(schemas.cacheEnvelope().safeParse({ identifiers: [1] }).success).toBe(false);
  });

  it('reads jobs with the states deployments use', () => {
    expect(schemas.job().parse({ job_id: 12, status: 'pending', poll_url: '/route/ai/jobs/12' })).toMatchObject({
      job_id: '12',
      status: 'pending',
    });
    expect(schemas.job().parse({ job_id: 'j', status: 'Running' }).status).toBe('pending');
    expect(schemas.job().parse({ job_id: 'j', status: 'done' }).status).toBe('completed');
    expect(schemas.job().parse({ job_id: 'j', status: 'error', error: { message: 'boom' } })).toMatchObject({
      status: 'failed',
      error: 'boom',
    });
    expect(schemas.job().safeParse({ job_id: 'j', status: 'exploded' }).success).toBe(false);
  });

  it('reads nearby cities with or without the envelope', () => {
    expect(schemas.nearbyEnvelope().parse({ cities: [{ name: 'Lyon' }], source: 'table' })).toEqual({
      cities: [{ name: 'Lyon' }],
      source: 'table',
    });
    expect(schemas.nearbyEnvelope().parse([{ name: 'Lyon' }])).toEqual({ cities: [{ name: 'Lyon' }] });
    expect(schemas.nearbyCity().parse({ name: 'Lyon', distance_km: '3.2', extra: 1 })).toEqual({
      name: 'Lyon',
      distance_km: 3.2,
    });
  });

  it('builds each schema once', () => {
    for (const build of Object.values(schemas)) expect(build()).toBe(build());
  });
});

describe('job results', () => {
  const trip = page.routes[0];
  it.each([
    ['a search page', { ...page }, 'result.routes'],
    ['{routes, total}', { routes: [trip], total: 1 }, 'result.routes'],
    ['{routes}', { routes: [trip] }, 'result.routes'],
    ['{results: trips}', { results: [trip] }, 'result.results'],
    ['{results: entries}', { results: [{ index: 0, routes: [trip] }] }, 'result.results[].routes'],
    ['a bare array', [trip], 'result'],
  ])('finds the trips of %s', (_name, result, path) => {
    const located = locateJobTrips(result);
    expect(located).toMatchObject({ kind: 'trips', path });
    if (located.kind === 'trips') expect(located.records).toContainEqual(trip);
  });

  it.each([
    ['an unrelated object', { summary: '135 trips' }],
    ['a string', 'done'],
    ['nothing', undefined],
  ])('keeps %s as it is', (_name, result) => {
    expect(locateJobTrips(result)).toEqual({ kind: 'other', value: result });
  });
});

describe('decodeJson', () => {
  it('returns the parsed value, whatever the content type, after a byte-order mark', () => {
    expect(decodeJson(response(JSON.stringify(page)), schemas.searchEnvelope(), 'GET /route/ai/search').total).toBe(2);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(page))]);
    expect(
      decodeJson(response(withBom, 'text/plain; charset=utf-8'), schemas.searchEnvelope(), 'GET /route/ai/search')
        .total,
    ).toBe(2);
    expect(bodyText(withBom).startsWith('{')).toBe(true);
  });

  it('names the endpoint, the content type and the size of a body that is not JSON', () => {
    const html = '<html>oops</html>';
    expect(() =>
      decodeJson(response(html, 'text/html; charset=utf-8'), schemas.searchEnvelope(), 'GET /route/ai/search'),
    ).toThrow(`GET /route/ai/search returned a body that is not JSON (text/html, ${html.length} bytes)`);
  });

  it('summarises the first envelope problem as path and message, not a zod dump', () => {
    let error: unknown;
    try {
      decodeJson(
        response(JSON.stringify({ ...page, total: 'many' })),
        schemas.searchEnvelope(),
        'GET /route/ai/search',
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      'GET /route/ai/search returned an unexpected body: total: expected a whole number, 0 or more, got "many".',
    );
  });
});
