import { describe, expect, it } from 'vitest';
import type { SearchPage, Trip } from '../../src/domain/types.js';
import { fetchJson, TODAY, useServer } from './fixtures/service.js';

const ctx = useServer();

async function search(query: string, base = ctx.v1): Promise<SearchPage> {
  const { status, body } = await fetchJson<SearchPage>(`${base}/route/ai/search?${query}`);
  expect(status).toBe(200);
  return body;
}

/** Every match of a query, page by page. */
async function allMatches(query: string): Promise<Trip[]> {
  const first = await search(`${query}&limit=100`);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.total_pages - 1) }, (_, p) => search(`${query}&limit=100&page=${p + 2}`)),
  );
  return [first, ...rest].flatMap((page) => page.routes);
}

const stops = (t: Trip) => [t.depart, ...t.layovers, t.arrival];

describe('GET /route/ai/search', () => {
  it('answers the §2.4 envelope with defaults page 1 and limit 50, under /v1 and the legacy prefix', async () => {
    const page = await search('');
    expect(Object.keys(page).sort()).toEqual(
      ['book_url', 'has_next', 'limit', 'page', 'routes', 'total', 'total_pages'].sort(),
    );
    expect(page).toMatchObject({ page: 1, limit: 50, book_url: 'https://symone.fr/moto', has_next: true });
    expect(page.routes).toHaveLength(50);
    expect(page.total_pages).toBe(Math.ceil(page.total / 50));
    expect(Object.keys(page.routes[0]!).sort()).toEqual([
      'arrival',
      'date',
      'depart',
      'id',
      'layovers',
      'price_max',
      'price_min',
      'slots',
      'times',
    ]);
    expect(await search('', ctx.server.url)).toEqual(page);
  });

  it('leaves out past, unpublished and full trips, and sorts by date then time', async () => {
    const every = ctx.server.data.listTrips();
    const shown = await allMatches('');
    const expected = every.filter((t) => t.date >= TODAY && t.published && t.slots.some((s) => s > 0));
    expect(shown.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    expect(every.length - shown.length).toBeGreaterThan(100);
    for (let k = 1; k < shown.length; k++) {
      expect(`${shown[k - 1]!.date}T${shown[k - 1]!.times[0]}` <= `${shown[k]!.date}T${shown[k]!.times[0]}`).toBe(true);
    }
  });

  it('matches cities case- and accent-insensitively, as substrings, at the departure or a stopover', async () => {
    const nimes = await allMatches('depart=NIMES');
    expect(nimes.length).toBeGreaterThan(0);
    for (const trip of nimes) expect(stops(trip).slice(0, -1)).toContain('Nîmes');
    expect(nimes.some((t) => t.depart !== 'Nîmes')).toBe(true);
    expect((await allMatches('depart=n%C3%AEmes')).map((t) => t.id)).toEqual(nimes.map((t) => t.id));
    const partial = await allMatches('depart=mars');
    expect(partial.length).toBeGreaterThan(0);
    for (const trip of partial) expect(stops(trip).slice(0, -1)).toContain('Marseille');
  });

  it('matches the arrival at the arrival city or a stopover, never at the first stop', async () => {
    const toLyon = await allMatches('arrival=lyon');
    expect(toLyon.some((t) => t.arrival !== 'Lyon')).toBe(true);
    for (const trip of toLyon) expect(stops(trip).slice(1)).toContain('Lyon');
  });

  it('with both filters, requires the departure match before the arrival match', async () => {
    const north = await allMatches('depart=Lyon&arrival=Paris');
    const south = await allMatches('depart=Paris&arrival=Lyon');
    expect(north.length).toBeGreaterThan(0);
    expect(south.length).toBeGreaterThan(0);
    for (const trip of north) expect(stops(trip).indexOf('Lyon')).toBeLessThan(stops(trip).lastIndexOf('Paris'));
    for (const trip of south) expect(stops(trip).indexOf('Paris')).toBeLessThan(stops(trip).lastIndexOf('Lyon'));
    const northIds = new Set(north.map((t) => t.id));
    expect(south.filter((t) => northIds.has(t.id))).toEqual([]);
  });

  it('treats date bounds as inclusive and applies both', async () => {
    const day = '2026-03-10';
    const oneDay = await allMatches(`date_from=${day}&date_to=${day}`);
    expect(oneDay.length).toBeGreaterThan(0);
    for (const trip of oneDay) expect(trip.date).toBe(day);
    const range = await allMatches('date_from=2026-03-09&date_to=2026-03-11');
    expect(new Set(range.map((t) => t.date))).toEqual(new Set(['2026-03-09', '2026-03-10', '2026-03-11']));
    expect((await search('date_from=2020-01-01&date_to=2026-02-28')).total).toBe(0);
  });

  it('pages without overlap and answers an empty page past the end', async () => {
    const first = await search('depart=paris&limit=7');
    const second = await search('depart=paris&limit=7&page=2');
    expect(second.page).toBe(2);
    expect(second.routes.map((t) => t.id)).not.toContain(first.routes[0]!.id);
    expect([...first.routes, ...second.routes].map((t) => t.id)).toEqual(
      (await search('depart=paris&limit=14')).routes.map((t) => t.id),
    );
    const last = await search(`depart=paris&limit=7&page=${first.total_pages}`);
    expect(last.has_next).toBe(false);
    const beyond = await search(`depart=paris&limit=7&page=${first.total_pages + 1}`);
    expect(beyond.routes).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('finds nothing for an unknown city', async () => {
    expect((await search('depart=Atlantis')).total).toBe(0);
  });

  it.each([
    ['date_from=2026-02-30', /date_from must be YYYY-MM-DD/],
    ['date_to=01/03/2026', /date_to must be YYYY-MM-DD/],
    ['date_from=2026-04-01&date_to=2026-03-01', /date_from \(2026-04-01\) is later than date_to/],
    ['page=0', /page must be an integer >= 1/],
    ['page=1.5', /page/],
    ['page=abc', /page/],
    ['limit=0', /limit must be an integer from 1 to 100/],
    ['limit=101', /limit/],
    ['limit=-3', /limit/],
  ])('answers 400 {error} for %s', async (query, message) => {
    for (const base of [ctx.v1, ctx.server.url]) {
      const { status, body, headers } = await fetchJson<{ error: string }>(`${base}/route/ai/search?${query}`);
      expect(status).toBe(400);
      expect(body.error).toMatch(message);
      expect(headers.get('content-type')).toMatch(/application\/json/);
    }
  });

  it('finds trips added, changed and removed at run time', async () => {
    const added = ctx.server.data.addTrip({
      depart: 'Quimperlé',
      arrival: 'Nice',
      layovers: ['Lyon'],
      date: '2026-03-12',
      time: '09:00',
    });
    expect((await search('depart=quimperle')).routes.map((t) => t.id)).toEqual([added.id]);
    expect((await allMatches('date_from=2026-03-12&date_to=2026-03-12&depart=Lyon')).map((t) => t.id)).toContain(
      added.id,
    );
    ctx.server.data.setSlots(added.id, [0, 0]);
    expect((await search('depart=quimperle')).total).toBe(0);
    ctx.server.data.setSlots(added.id, [1, 0]);
    expect((await search('depart=quimperle')).routes[0]!.slots).toEqual([1, 0]);
    ctx.server.data.removeTrip(added.id);
    expect((await search('depart=quimperle')).total).toBe(0);
  });
});

describe('GET /route/ai/search with cursorPaging', () => {
  const cursorCtx = useServer({ cursorPaging: true, maxLimit: 20 });

  it('caps limit, returns next_cursor, and following cursors visits every match once', async () => {
    const first = (await fetchJson<SearchPage>(`${cursorCtx.v1}/route/ai/search?depart=paris&limit=100`)).body;
    expect(first.limit).toBe(20);
    expect(typeof first.next_cursor).toBe('string');
    const ids = first.routes.map((t) => t.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = (await fetchJson<SearchPage>(`${cursorCtx.v1}/route/ai/search?cursor=${encodeURIComponent(cursor)}`))
        .body;
      ids.push(...page.routes.map((t) => t.id));
      cursor = page.next_cursor;
      if (!cursor) expect(page.has_next).toBe(false);
    }
    expect(ids).toHaveLength(first.total);
    expect(new Set(ids).size).toBe(first.total);
  });

  it('rejects a forged cursor or one used with other filters', async () => {
    expect((await fetchJson(`${cursorCtx.v1}/route/ai/search?cursor=nonsense`)).status).toBe(400);
    const first = (await fetchJson<SearchPage>(`${cursorCtx.v1}/route/ai/search?depart=paris`)).body;
    const mixed = await fetchJson<{ error: string }>(
      `${cursorCtx.v1}/route/ai/search?depart=lyon&cursor=${first.next_cursor}`,
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toMatch(/different search/);
  });

  it('is off by default: no next_cursor and a cursor is refused', async () => {
    const page = await search('depart=paris');
    expect(page).not.toHaveProperty('next_cursor');
    expect((await fetchJson(`${ctx.v1}/route/ai/search?cursor=abc`)).status).toBe(400);
  });
});
