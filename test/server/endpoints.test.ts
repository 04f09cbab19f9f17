import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NearbyCities, SearchPage, Trip } from '../../src/domain/types.js';
import { fetchJson, postJson, useServer } from './fixtures/service.js';

const ctx = useServer();

describe('GET /route/cities-near', () => {
  const near = (location: string, base = ctx.v1) =>
    fetchJson<NearbyCities>(`${base}/route/cities-near?location=${encodeURIComponent(location)}`);

  it('resolves a city, case- and accent-insensitively, and lists served cities nearest first', async () => {
    const { status, body } = await near('LYON');
    expect(status).toBe(200);
    expect(body.source).toBe('city:Lyon');
    expect(body.cities[0]).toEqual({ name: 'Lyon', distance_km: 0 });
    const distances = body.cities.map((c) => c.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.cities.length).toBeLessThanOrEqual(10);
    for (const city of body.cities) {
      expect(city.distance_km).toBeLessThanOrEqual(300);
      expect(Math.round(city.distance_km * 10) / 10).toBe(city.distance_km);
    }
    const stEtienne = body.cities.find((c) => c.name === 'Saint-Étienne');
    expect(stEtienne?.distance_km).toBeGreaterThan(45);
    expect(stEtienne?.distance_km).toBeLessThan(55);
    expect((await near('besancon')).body.source).toBe('city:Besançon');
  });

  it('accepts "City, Region, Country" and a region name', async () => {
    expect((await near('Marseille, Provence-Alpes-Côte d’Azur, France')).body.source).toBe('city:Marseille');
    const region = await near('ile-de-france');
    expect(region.body.source).toBe('region:Île-de-France');
    expect(region.body.cities[0]?.name).toBe('Paris');
    expect((await near('Occitanie', ctx.server.url)).body.source).toBe('region:Occitanie');
  });

  it('only lists cities that appear in trips', async () => {
    const served = new Set(
      ctx.server.data.listTrips({ visibleOnly: true }).flatMap((t: Trip) => [t.depart, t.arrival, ...t.layovers]),
    );
    const { body } = await near('Cherbourg');
    expect(body.source).toBe('city:Cherbourg');
    expect(body.cities.map((c) => c.name)).not.toContain('Cherbourg');
    for (const city of body.cities) expect(served.has(city.name)).toBe(true);
  });

  it('answers an unknown place with an empty list that says so, and 400 without a location', async () => {
    expect(await near('Atlantis').then((r) => r.body)).toEqual({ cities: [], source: 'unknown' });
    for (const query of ['', '?location=', '?location=%20%20']) {
      const missing = await fetchJson<{ error: string }>(`${ctx.v1}/route/cities-near${query}`);
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatch(/location is required/);
    }
  });
});

describe('GET /route/paris-marseille-cache', () => {
  it('lists the ids of upcoming Paris → Marseille trips with the time they were cached', async () => {
    const { body } = await fetchJson<{ route_ids: string[]; cached_at: string }>(
      `${ctx.v1}/route/paris-marseille-cache`,
    );
    const search = (await fetchJson<SearchPage>(`${ctx.v1}/route/ai/search?depart=Paris&arrival=Marseille&limit=100`))
      .body;
    expect(body.route_ids).toHaveLength(search.total);
    expect(body.route_ids.slice(0, search.routes.length)).toEqual(search.routes.map((t) => t.id));
    expect(new Date(body.cached_at).toISOString()).toBe(body.cached_at);
    const again = (await fetchJson<{ cached_at: string }>(`${ctx.server.url}/route/paris-marseille-cache`)).body;
    expect(again.cached_at).toBe(body.cached_at);
  });
});

describe('POST /ask', () => {
  it('answers with a short text and trips between the cities named in the question', async () => {
    const { status, body } = await fetchJson<{ answer: string; routes: Trip[] }>(
      `${ctx.v1}/ask`,
      postJson({ question: 'Can you take my bike from Lyon to Marseille?' }),
    );
    expect(status).toBe(200);
    expect(body.answer).toMatch(/from Lyon to Marseille/);
    expect(body.routes.length).toBeGreaterThan(0);
    expect(body.routes.length).toBeLessThanOrEqual(10);
    for (const trip of body.routes) {
      const stops = [trip.depart, ...trip.layovers, trip.arrival];
      expect(stops.indexOf('Lyon')).toBeLessThan(stops.lastIndexOf('Marseille'));
    }
  });

  it('says when no city is named, and answers 400 without a string question', async () => {
    const none = await fetchJson<{ answer: string; routes: Trip[] }>(
      `${ctx.server.url}/ask`,
      postJson({ question: 'hello?' }),
    );
    expect(none.body.routes).toEqual([]);
    expect(none.body.answer).toMatch(/no served city/);
    for (const body of [{}, { question: 42 }, { question: ' ' }])
      expect((await fetchJson(`${ctx.v1}/ask`, postJson(body))).status).toBe(400);
    expect((await fetchJson(`${ctx.v1}/ask`, postJson('not json'))).status).toBe(400);
  });
});

describe('discovery documents', () => {
  it('serves RFC 9728 metadata with the anonymous-access declaration, at the root and under /v1', async () => {
    for (const base of [ctx.server.url, ctx.v1]) {
      const { status, body } = await fetchJson<Record<string, unknown>>(`${base}/.well-known/oauth-protected-resource`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        resource: `${ctx.server.url}/v1`,
        authorization_servers: [],
        scopes_supported: [],
        agent_auth: { required: false, registration: false, token_exchange: false, anonymous_access: true },
      });
    }
  });

  it('serves a real Ed25519 public key as a JWKS, the same for the same seed', async () => {
    const { body } = await fetchJson<{ keys: { kty: string; crv: string; x: string; kid: string }[] }>(
      `${ctx.server.url}/.well-known/http-message-signatures-directory`,
    );
    const [key] = body.keys;
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: expect.any(String) });
    expect(Buffer.from(key!.x, 'base64url')).toHaveLength(32);
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key!.x }, format: 'jwk' });
    expect(publicKey.asymmetricKeyType).toBe('ed25519');
    expect(verify(null, Buffer.from('x'), publicKey, Buffer.alloc(64))).toBe(false);
    expect((await fetchJson(`${ctx.v1}/.well-known/http-message-signatures-directory`)).body).toEqual(body);
  });

  it('serves an OpenAPI 3.1 document, version 1.1.0, describing every endpoint', async () => {
    for (const base of [ctx.server.url, ctx.v1]) {
      const { body } = await fetchJson<{ openapi: string; info: { version: string }; paths: Record<string, unknown> }>(
        `${base}/openapi.json`,
      );
      expect(body.openapi).toMatch(/^3\.1\./);
      expect(body.info.version).toBe('1.1.0');
      expect(Object.keys(body.paths)).toEqual(
        expect.arrayContaining([
          '/route/ai/search',
          '/route/ai/jobs',
          '/route/ai/jobs/{jobId}',
          '/route/ai/batch',
          '/route/get/results',
          '/route/cities-near',
          '/route/paris-marseille-cache',
          '/ask',
        ]),
      );
    }
  });
});

describe('HTTP behaviour', () => {
  it('answers JSON 404 for unknown paths, under both prefixes and others', async () => {
    for (const path of ['/v1/nope', '/nope', '/v2/route/ai/search', '/v1', '/']) {
      const { status, body, headers } = await fetchJson<{ error: string }>(`${ctx.server.url}${path}`);
      expect(status).toBe(404);
      expect(body.error).toEqual(expect.any(String));
      expect(headers.get('content-type')).toMatch(/application\/json/);
    }
  });

  it('answers JSON 405 with Allow for a wrong method', async () => {
    const search = await fetchJson<{ error: string }>(`${ctx.v1}/route/ai/search`, { method: 'DELETE' });
    expect(search.status).toBe(405);
    expect(search.headers.get('allow')).toBe('GET, HEAD');
    expect(search.body.error).toMatch(/DELETE/);
    const batch = await fetchJson(`${ctx.server.url}/route/ai/batch`, { method: 'GET' });
    expect(batch.status).toBe(405);
    expect(batch.headers.get('allow')).toBe('POST');
  });

  it('sends X-RateLimit-* = 0 and Content-Length on every JSON answer, and accepts a trailing slash', async () => {
    const response = await fetch(`${ctx.v1}/route/ai/search/?limit=3`);
    const text = await response.text();
    expect(response.status).toBe(200);
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(response.headers.get(name)).toBe('0');
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(response.headers.get('deprecation')).toBeNull();
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${ctx.v1}/route/get/results`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
