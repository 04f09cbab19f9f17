import { describe, expect, it } from 'vitest';
import { decodeJson } from '../../src/client/decode.js';
import type { RawResponse } from '../../src/client/options.js';
import { schemas } from '../../src/client/schemas.js';
import { ApiError } from '../../src/errors.js';

function response(body: string, contentType = 'application/json'): RawResponse {
  return { status: 200, statusText: 'OK', url: 'http://127.0.0.1:1/v1/route/ai/search', headers: { 'content-type': contentType }, body: Buffer.from(body) };
}

const page = {
  routes: [
    { id: 'a1', date: '2026-05-01', depart: 'Paris', arrival: 'Marseille', layovers: [], price_min: 299, price_max: 349, slots: [2], times: ['08:00'], surprise: true },
    { id: 7, date: '2026-05-02', depart: 'Paris', arrival: 'Nice', price_min: null, price_max: null, slots: [1], times: [] },
  ],
  total: 2,
  page: 1,
  limit: 50,
  total_pages: 1,
  has_next: false,
  book_url: 'https://example.invalid/moto',
  extra_field: { anything: 1 },
};

describe('schemas', () => {
  it('parses a search page: null prices on quote, numeric ids to strings, missing lists to [], extra fields dropped', () => {
    const parsed = schemas.searchPage().parse(page);
    expect(parsed.routes[0]).toEqual({ id: 'a1', date: '2026-05-01', depart: 'Paris', arrival: 'Marseille', layovers: [], price_min: 299, price_max: 349, slots: [2], times: ['08:00'] });
    expect(parsed.routes[1]).toMatchObject({ id: '7', price_min: null, price_max: null, layovers: [] });
    expect(parsed).not.toHaveProperty('extra_field');
    expect(schemas.searchPage().parse({ ...page, next_cursor: 'abc' }).next_cursor).toBe('abc');
  });

  it('builds each schema once', () => {
    for (const build of Object.values(schemas)) expect(build()).toBe(build());
  });

  it.each([
    ['an array of ids', ['1', 2, '3'], { ids: ['1', '2', '3'] }],
    ['{ids}', { ids: [10, 11], cached_at: '2026-05-01T10:00:00Z' }, { ids: ['10', '11'], cachedAt: '2026-05-01T10:00:00Z' }],
    ['{route_ids}', { route_ids: ['x'] }, { ids: ['x'] }],
    ['{routes:[{id}]}', { routes: [{ id: 5, depart: 'Paris' }, { id: 'b' }], updated_at: 'today' }, { ids: ['5', 'b'], cachedAt: 'today' }],
  ])('reads the cache as %s', (_name, body, expected) => {
    expect(schemas.cache().parse(body)).toEqual(expected);
  });

  it('rejects a cache of another shape', () => {
    expect(schemas.cache().safeParse({ identifiers: [1] }).success).toBe(false);
  });

  it('parses jobs, batches and nearby cities', () => {
    expect(schemas.job().parse({ job_id: 12, status: 'pending', poll_url: '/route/ai/jobs/12' })).toEqual({ job_id: '12', status: 'pending', poll_url: '/route/ai/jobs/12' });
    expect(schemas.job().safeParse({ job_id: 'j', status: 'running' }).success).toBe(false);
    const batch = schemas.batch().parse({ results: [{ index: 0, query: { depart: 'Paris' }, routes: page.routes, total: 2 }], book_url: 'u' });
    expect(batch.results[0]?.routes[1]?.id).toBe('7');
    expect(schemas.nearbyCities().parse({ cities: [{ name: 'Lyon', distance_km: 3.2 }], source: 'table' })).toEqual({ cities: [{ name: 'Lyon', distance_km: 3.2 }], source: 'table' });
  });
});

describe('decodeJson', () => {
  it('returns the parsed value', () => {
    expect(decodeJson(response(JSON.stringify(page)), schemas.searchPage(), 'GET /route/ai/search').total).toBe(2);
  });

  it('names the endpoint, the content type and the size of a body that is not JSON', () => {
    const html = '<html>oops</html>';
    expect(() => decodeJson(response(html, 'text/html; charset=utf-8'), schemas.searchPage(), 'GET /route/ai/search')).toThrow(
      `GET /route/ai/search returned a body that is not JSON (text/html, ${html.length} bytes)`,
    );
  });

  it('summarises the first schema problem as path and message, not a zod dump', () => {
    const bad = { ...page, routes: [{ ...page.routes[0], price_min: 'cheap' }] };
    let error: unknown;
    try {
      decodeJson(response(JSON.stringify(bad)), schemas.searchPage(), 'GET /route/ai/search');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^GET \/route\/ai\/search returned an unexpected body: routes\[0\]\.price_min: .*number/);
    expect((error as ApiError).message).not.toContain('\n');
  });
});
