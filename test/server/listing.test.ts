import { describe, expect, it } from 'vitest';
import type { SearchPage } from '../../src/domain/types.js';
import { fetchJson, TODAY, useServer } from './fixtures/service.js';

type ListingRecord = Record<string, unknown> & { id: string | number };

const FORM_A_KEYS = ['arrival', 'date', 'depart', 'id', 'places_disponibles', 'prix'];
const FORM_B_REQUIRED = [
  'arrival',
  'date',
  'depart',
  'id',
  'places_moto_1',
  'places_passenger_1',
  'price_max',
  'price_min',
  'time0',
  'type',
];

const isFormB = (record: ListingRecord) => record.type === 'route';

async function listing(base: string): Promise<{ records: ListingRecord[]; headers: Headers }> {
  const response = await fetch(`${base}/route/get/results`);
  expect(response.status).toBe(200);
  return { records: (await response.json()) as ListingRecord[], headers: response.headers };
}

async function searchIds(base: string): Promise<string[]> {
  const first = (await fetchJson<SearchPage>(`${base}/route/ai/search?limit=100`)).body;
  const pages = await Promise.all(
    Array.from({ length: first.total_pages - 1 }, (_, p) =>
      fetchJson<SearchPage>(`${base}/route/ai/search?limit=100&page=${p + 2}`),
    ),
  );
  return [first, ...pages.map((p) => p.body)].flatMap((page) => page.routes.map((t) => t.id));
}

describe('GET /route/get/results in Form A', () => {
  const ctx = useServer({ listingForm: 'a' });

  it('streams a JSON array of Form A records: upcoming, published, non-full trips, the same ids search finds', async () => {
    const { records, headers } = await listing(ctx.v1);
    expect(headers.get('content-length')).toBeNull();
    expect(headers.get('x-ratelimit-limit')).toBe('0');
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual(FORM_A_KEYS);
      expect(record.id).toMatch(/^\d+$/);
      expect(record.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String(record.date) >= TODAY).toBe(true);
    }
    expect(records.map((r) => r.id)).toEqual(await searchIds(ctx.v1));
    const hidden = ctx.server.data
      .listTrips()
      .filter((t) => t.date < TODAY || !t.published || t.slots.every((s) => s === 0));
    const listed = new Set(records.map((r) => r.id));
    expect(hidden.length).toBeGreaterThan(100);
    for (const trip of hidden) expect(listed.has(trip.id)).toBe(false);
  });

  it('is the same under the legacy prefix', async () => {
    expect((await listing(ctx.server.url)).records).toEqual((await listing(ctx.v1)).records);
  });
});

describe('GET /route/get/results in Form B', () => {
  const ctx = useServer({ listingForm: 'b' });

  it('writes integer ids whose string form is the search id, YYYYMMDD dates and HH:MM times', async () => {
    const { records } = await listing(ctx.v1);
    for (const record of records) {
      for (const key of FORM_B_REQUIRED) expect(record).toHaveProperty(key);
      expect(record.type).toBe('route');
      expect(Number.isInteger(record.id)).toBe(true);
      expect(record.date).toMatch(/^\d{8}$/);
      expect(record.time0).toMatch(/^\d{2}:\d{2}$/);
    }
    expect(records.map((r) => String(r.id))).toEqual(await searchIds(ctx.v1));
    expect(records.some((r) => typeof r.layover2 === 'string')).toBe(true);
    expect(records.some((r) => r.price_min === null)).toBe(true);
    const sample = records.find((r) => typeof r.layover1 === 'string')!;
    const trip = ctx.server.data.getTrip(String(sample.id))!;
    expect(sample).toMatchObject({
      depart: trip.depart,
      arrival: trip.arrival,
      layover1: trip.layovers[0],
      places_moto_1: trip.slots[0],
      time0: trip.times[0],
    });
  });
});

describe('GET /route/get/results mixed (the default)', () => {
  const ctx = useServer();
  const other = useServer();

  it('mixes both forms deterministically', async () => {
    const { records } = await listing(ctx.v1);
    const formB = records.filter(isFormB).length;
    expect(formB).toBeGreaterThan(records.length * 0.3);
    expect(formB).toBeLessThan(records.length * 0.7);
    expect((await listing(other.v1)).records).toEqual(records);
  });

  it('includes a trip added at run time, in its place', async () => {
    const added = ctx.server.data.addTrip({ depart: 'Paris', arrival: 'Besançon', date: TODAY, time: '23:59' });
    const { records } = await listing(ctx.v1);
    const at = records.findIndex((r) => String(r.id) === added.id);
    const compactDate = (r: ListingRecord | undefined) => String(r?.date).replaceAll('-', '');
    expect(at).toBeGreaterThan(0);
    expect(compactDate(records[at - 1])).toBe(TODAY.replaceAll('-', ''));
    expect(compactDate(records[at + 1]) > TODAY.replaceAll('-', '')).toBe(true);
  });
});
