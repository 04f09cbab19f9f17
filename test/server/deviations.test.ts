import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { SearchJob, SearchPage } from '../../src/domain/types.js';
import { startServer } from '../../src/server/index.js';
import { fetchJson, postJson, useServer } from './fixtures/service.js';

type Json = Record<string, unknown>;

const ROUTE_AI_KEYS = ['arrival', 'date', 'depart', 'id', 'layovers', 'price_max', 'price_min', 'slots', 'times'];
const PAGE_KEYS = ['book_url', 'has_next', 'limit', 'page', 'routes', 'total', 'total_pages'];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPrice = (value: unknown) => value === null || typeof value === 'number';

/** A RouteAI record as the reference documents it (extra fields allowed). */
function isSoundRoute(value: unknown): boolean {
  if (!isObject(value)) return false;
  const { id, date, depart, arrival, layovers, price_min, price_max, slots, times } = value;
  return (
    typeof id === 'string' &&
    typeof date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    typeof depart === 'string' &&
    typeof arrival === 'string' &&
    Array.isArray(layovers) &&
    isPrice(price_min) &&
    isPrice(price_max) &&
    Array.isArray(slots) &&
    slots.every(Number.isInteger) &&
    Array.isArray(times)
  );
}

/** What is wrong with a full-listing record (Form A or B, extra fields allowed), or undefined when it is sound. */
function listingFault(record: unknown): string | undefined {
  if (!isObject(record)) return record === null ? 'null' : typeof record;
  if (!('id' in record)) return 'no id';
  const formB = record.type === 'route';
  const checks: [string, (value: unknown) => boolean][] = [
    ['id', formB ? Number.isInteger : (value) => typeof value === 'string'],
    ['depart', (value) => typeof value === 'string'],
    ['arrival', (value) => typeof value === 'string'],
    ['date', (value) => typeof value === 'string'],
    [formB ? 'price_min' : 'prix', isPrice],
    [formB ? 'places_moto_1' : 'places_disponibles', Number.isInteger],
  ];
  const bad = checks.find(([key, check]) => !check(record[key]));
  return bad && `bad ${bad[0].replace(/^(prix|price_min)$/, 'price').replace(/^places_.*$/, 'places')}`;
}

const isSoundListingRecord = (record: unknown): boolean => listingFault(record) === undefined;

async function listing(base: string): Promise<unknown[]> {
  return (await fetchJson<unknown[]>(`${base}/route/get/results`)).body;
}

describe('deviations are off by default', () => {
  const ctx = useServer();

  it('search pages and routes carry exactly the documented fields and types', async () => {
    const { body } = await fetchJson<Json>(`${ctx.v1}/route/ai/search?limit=100`);
    expect(Object.keys(body).sort()).toEqual(PAGE_KEYS);
    for (const route of body.routes as unknown[]) {
      expect(Object.keys(route as Json).sort()).toEqual(ROUTE_AI_KEYS);
      expect(isSoundRoute(route)).toBe(true);
    }
    expect((await listing(ctx.v1)).every(isSoundListingRecord)).toBe(true);
  });
});

describe('extraFields', () => {
  const plain = useServer();
  const ctx = useServer({ extraFields: true, jobDelayMs: 0 });
  const same = useServer({ extraFields: true });

  it('adds nested, deterministic fields to the search envelope and every route, the documented ones untouched', async () => {
    const url = (base: string) => `${base}/route/ai/search?depart=Paris&limit=10`;
    const reference = (await fetchJson<SearchPage>(url(plain.v1))).body;
    const { body } = await fetchJson<Json>(url(ctx.v1));
    expect(body).toMatchObject({
      currency: 'EUR',
      _links: { docs: { href: expect.any(String) } },
      meta: { generated_at: expect.stringMatching(/^2026-03-01T/) },
    });
    const routes = body.routes as Json[];
    routes.forEach((route, k) => {
      expect(route).toMatchObject({
        ...reference.routes[k],
        operator: 'SYMONE',
        currency: 'EUR',
        _links: { book: { href: expect.stringContaining(String(route.id)) } },
      });
    });
    expect({ ...body, routes: reference.routes }).toMatchObject(reference);
    expect((await fetchJson(url(same.v1))).body).toEqual(body);
  });

  it('adds them to batch answers and entries, cities-near, the cache, job views, /ask and listing records', async () => {
    const batch = (await fetchJson<Json>(`${ctx.v1}/route/ai/batch`, postJson({ queries: [{ depart: 'Lyon' }] }))).body;
    expect(batch).toMatchObject({ meta: expect.any(Object), results: [{ index: 0, cached: false, source: 'index' }] });
    const near = (await fetchJson<Json>(`${ctx.v1}/route/cities-near?location=Lyon`)).body;
    expect(near).toMatchObject({
      radius_km: 300,
      meta: expect.any(Object),
      cities: expect.arrayContaining([expect.objectContaining({ country: 'FR', served: true })]),
    });
    const cache = (await fetchJson<Json>(`${ctx.v1}/route/paris-marseille-cache`)).body;
    expect(cache).toMatchObject({
      ttl_seconds: 60,
      pair: { depart: 'Paris', arrival: 'Marseille' },
      route_ids: expect.any(Array),
    });
    const created = (await fetchJson<SearchJob & Json>(`${ctx.v1}/route/ai/jobs`, postJson({ depart: 'Paris' }))).body;
    expect(created).toMatchObject({ status: 'pending', queue: { position: 0 }, meta: expect.any(Object) });
    const polled = (await fetchJson<Json>(created.poll_url!)).body;
    expect(polled).toMatchObject({
      status: 'completed',
      queue: expect.any(Object),
      result: { currency: 'EUR', routes: expect.any(Array) },
    });
    const ask = (await fetchJson<Json>(`${ctx.v1}/ask`, postJson({ question: 'Paris to Lyon?' }))).body;
    expect(ask).toMatchObject({
      answer: expect.any(String),
      confidence: expect.any(Number),
      meta: { model: expect.any(String) },
    });
    expect((ask.routes as Json[])[0]).toHaveProperty('operator', 'SYMONE');
    const records = (await listing(ctx.v1)) as Json[];
    expect(records.every((record) => record.operator === 'SYMONE' && isSoundListingRecord(record))).toBe(true);
  });
});

describe('looseTypes', () => {
  const ctx = useServer({ looseTypes: true, listingForm: 'mixed' });

  it('sends numbers as numeric strings and ids as numbers, all readable as the documented types', async () => {
    const page = (await fetchJson<Json>(`${ctx.v1}/route/ai/search?depart=Paris&limit=5&page=2`)).body;
    expect(page).toMatchObject({
      total: expect.stringMatching(/^\d+$/),
      page: '2',
      limit: '5',
      total_pages: expect.stringMatching(/^\d+$/),
      has_next: true,
    });
    for (const route of page.routes as Json[]) {
      expect(typeof route.id).toBe('number');
      expect(route.price_min === null || /^\d+$/.test(String(route.price_min))).toBe(true);
      expect(typeof route.price_min === 'number').toBe(false);
      expect((route.slots as unknown[]).every((slot) => typeof slot === 'string' && /^\d+$/.test(slot))).toBe(true);
    }
    const near = (await fetchJson<{ cities: Json[] }>(`${ctx.v1}/route/cities-near?location=Lyon`)).body;
    expect(
      near.cities.every((city) => typeof city.distance_km === 'string' && Number.isFinite(Number(city.distance_km))),
    ).toBe(true);
    const cache = (await fetchJson<{ route_ids: unknown[] }>(`${ctx.v1}/route/paris-marseille-cache`)).body;
    expect(cache.route_ids.every(Number.isInteger)).toBe(true);
    const batch = (
      await fetchJson<{ results: Json[] }>(`${ctx.v1}/route/ai/batch`, postJson({ queries: [{ depart: 'Lyon' }] }))
    ).body;
    expect(batch.results[0]).toMatchObject({
      index: '0',
      total: expect.stringMatching(/^\d+$/),
      query: { depart: 'Lyon' },
    });
    const records = (await listing(ctx.v1)) as Json[];
    for (const record of records) {
      expect(typeof record.id).toBe('number');
      if (record.type === 'route') expect(typeof record.places_moto_1).toBe('string');
      else expect(typeof record.places_disponibles).toBe('string');
    }
  });
});

describe('brokenRate', () => {
  const plain = useServer();
  const ctx = useServer({ brokenRate: 0.2, faultSeed: 5 });
  const same = useServer({ brokenRate: 0.2, faultSeed: 5 });
  const other = useServer({ brokenRate: 0.2, faultSeed: 6 });
  const all = useServer({ brokenRate: 1 });

  it('breaks about that share of listing records beyond repair, the same ones for the same fault seed', async () => {
    const records = await listing(ctx.v1);
    const broken = records.filter((record) => !isSoundListingRecord(record));
    expect(records.length).toBe((await listing(plain.v1)).length);
    expect(broken.length / records.length).toBeGreaterThan(0.15);
    expect(broken.length / records.length).toBeLessThan(0.25);
    expect(await listing(ctx.v1)).toEqual(records);
    expect(await listing(same.v1)).toEqual(records);
    expect(await listing(other.v1)).not.toEqual(records);
    expect(new Set(broken.map(listingFault))).toEqual(
      new Set(['null', 'string', 'no id', 'bad id', 'bad depart', 'bad date', 'bad price', 'bad places']),
    );
  });

  it('breaks search routes and batch routes, with the envelope counts unchanged', async () => {
    const url = (base: string) => `${base}/route/ai/search?limit=100`;
    const page = (await fetchJson<Json>(url(ctx.v1))).body;
    const reference = (await fetchJson<SearchPage>(url(plain.v1))).body;
    expect({ ...page, routes: [] }).toEqual({ ...reference, routes: [] });
    const routes = page.routes as unknown[];
    expect(routes).toHaveLength(100);
    const broken = routes.filter((route) => !isSoundRoute(route));
    expect(broken.length).toBeGreaterThan(5);
    expect(broken).toContain(null);
    expect(broken).toContain('route unavailable');
    expect((await fetchJson(url(ctx.v1))).body).toEqual(page);
    const batch = (
      await fetchJson<{ results: { routes: unknown[]; total: number }[] }>(
        `${ctx.v1}/route/ai/batch`,
        postJson({ queries: [{ depart: 'Paris' }] }),
      )
    ).body;
    expect(batch.results[0]!.routes).toHaveLength(batch.results[0]!.total);
    expect(batch.results[0]!.routes.some((route) => !isSoundRoute(route))).toBe(true);
  });

  it('refuses a rate outside 0..1 with a RangeError naming the option', async () => {
    await expect(startServer({ brokenRate: 1.5 })).rejects.toThrow(/brokenRate must be between 0 and 1/);
  });

  it('breaks cities-near entries and cache ids', async () => {
    const near = (await fetchJson<{ cities: unknown[] }>(`${all.v1}/route/cities-near?location=Lyon`)).body;
    expect(near.cities.length).toBeGreaterThan(2);
    for (const entry of near.cities)
      expect(isObject(entry) && typeof entry.name === 'string' && typeof entry.distance_km === 'number').toBe(false);
    expect(near.cities[0]).toEqual({ name: null, distance_km: 'far' });
    const cache = (await fetchJson<{ route_ids: unknown[] }>(`${all.v1}/route/paris-marseille-cache`)).body;
    expect(cache.route_ids.length).toBeGreaterThan(0);
    expect(cache.route_ids.slice(0, 3)).toEqual([null, {}, []]);
  });
});

describe('sparseEnvelope', () => {
  const ctx = useServer({ sparseEnvelope: true, jobDelayMs: 50 });
  const cursor = useServer({ sparseEnvelope: true, cursorPaging: true });

  it('leaves total_pages, has_next and book_url out of search pages and job results', async () => {
    const page = (await fetchJson<Json>(`${ctx.v1}/route/ai/search?limit=5`)).body;
    expect(Object.keys(page).sort()).toEqual(['limit', 'page', 'routes', 'total']);
    const created = (await fetchJson<SearchJob>(`${ctx.v1}/route/ai/jobs`, postJson({ depart: 'Paris' }))).body;
    await sleep(80);
    const result = (await fetchJson<SearchJob>(created.poll_url!)).body.result as Json;
    expect(Object.keys(result).sort()).toEqual(['limit', 'page', 'routes', 'total']);
  });

  it('keeps next_cursor in cursor mode', async () => {
    const page = (await fetchJson<Json>(`${cursor.v1}/route/ai/search?limit=5`)).body;
    expect(Object.keys(page).sort()).toEqual(['limit', 'next_cursor', 'page', 'routes', 'total']);
    expect(typeof page.next_cursor).toBe('string');
  });
});
