import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SearchPage } from '../../src/domain/types.js';
import { acceptsEncoding } from '../../src/server/http/encoding.js';
import { startServer, type CompressEncoding } from '../../src/server/index.js';
import { decoded, decodedJson, rawGet, rawRequest } from './fixtures/raw-http.js';
import { useServer } from './fixtures/service.js';

describe('Accept-Encoding negotiation', () => {
  it.each([
    ['gzip', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['deflate, gzip;q=0.5', true],
    ['gzip;q=0.001', true],
    ['*', true],
    ['br, *;q=0.1', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=2', false],
    ['gzip;q=abc', false],
    ['', false],
  ])('%j accepts gzip: %s', (header, accepted) => {
    expect(acceptsEncoding(header, 'gzip')).toBe(accepted);
  });

  it('a missing header accepts nothing', () => {
    expect(acceptsEncoding(undefined, 'br')).toBe(false);
  });
});

describe('compression is off by default', () => {
  const ctx = useServer();

  it('answers identity even to a client asking for gzip, without Vary', async () => {
    for (const path of ['/route/ai/search?limit=3', '/route/get/results']) {
      const answer = await rawGet(`${ctx.v1}${path}`, 'gzip, deflate, br');
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBeUndefined();
      expect(() => JSON.parse(answer.body.toString())).not.toThrow();
    }
  });
});

describe('compress: gzip', () => {
  const ctx = useServer({ compress: 'gzip', control: true });
  const listingUrl = () => `${ctx.v1}/route/get/results`;
  const searchUrl = () => `${ctx.v1}/route/ai/search?depart=Paris&limit=20`;

  it('streams the listing gzipped (no Content-Length, Vary), decoding to the same bytes as identity', async () => {
    const plain = await rawGet(listingUrl());
    const zipped = await rawGet(listingUrl(), 'gzip, deflate');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.headers['content-length']).toBeUndefined();
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 5);
    expect(decoded(zipped).equals(plain.body)).toBe(true);
  });

  it('compresses JSON answers whole, with the Content-Length of the compressed body', async () => {
    const zipped = await rawGet(searchUrl(), 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(decodedJson<SearchPage>(zipped)).toEqual(JSON.parse((await rawGet(searchUrl())).body.toString()));
    const missing = await rawGet(`${ctx.v1}/nowhere`, '*');
    expect(missing.status).toBe(404);
    expect(decodedJson<{ error: string }>(missing).error).toMatch(/no endpoint/);
  });

  it('sends identity when the client refuses gzip or does not name it', async () => {
    for (const header of [undefined, 'gzip;q=0', 'br', 'identity', '*;q=0']) {
      const answer = await rawGet(searchUrl(), header);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.body.toString())).toHaveProperty('routes');
    }
  });

  it('answers HEAD with the coding and no body', async () => {
    const head = await rawRequest(listingUrl(), { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);
  });

  it('node fetch decodes it transparently', async () => {
    const response = await fetch(searchUrl());
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(((await response.json()) as SearchPage).routes.length).toBe(20);
  });

  it('cutNext still cuts: a compressed stream and a compressed JSON answer stop mid-body', async () => {
    ctx.server.faults.cutNext(1, '/route/get/results');
    const listing = await rawGet(listingUrl(), 'gzip');
    expect(listing.cut).toBe(true);
    expect(listing.headers['content-encoding']).toBe('gzip');
    expect(listing.body.length).toBeGreaterThan(100);
    expect(() => gunzipSync(listing.body)).toThrow();
    ctx.server.faults.cutNext(1, '/route/ai/search');
    const search = await rawGet(searchUrl(), 'gzip');
    expect(search.cut).toBe(true);
    expect((await rawGet(searchUrl(), 'gzip')).cut).toBe(false);
  });

  it('malformedNext still spoils: a compressed HTML page, then compressed truncated JSON', async () => {
    ctx.server.faults.malformedNext(4);
    for (const url of [searchUrl(), listingUrl()]) {
      const html = await rawGet(url, 'gzip');
      expect(html.headers['content-type']).toMatch(/text\/html/);
      expect(decoded(html).toString()).toMatch(/^<!DOCTYPE html>/);
      const truncated = await rawGet(url, 'gzip');
      expect(truncated.status).toBe(200);
      expect(truncated.headers['content-encoding']).toBe('gzip');
      const text = decoded(truncated).toString();
      expect(text.length).toBeGreaterThan(10);
      expect(() => JSON.parse(text)).toThrow();
    }
  });

  it('corruptNext: 200 with Content-Encoding gzip and a body no decoder accepts, for JSON answers and the listing', async () => {
    ctx.server.faults.corruptNext(2);
    for (const url of [searchUrl(), listingUrl()]) {
      const corrupt = await rawGet(url, 'gzip');
      expect(corrupt.status).toBe(200);
      expect(corrupt.cut).toBe(false);
      expect(corrupt.headers['content-encoding']).toBe('gzip');
      expect(corrupt.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(() => gunzipSync(corrupt.body)).toThrow();
    }
    expect(decodedJson(await rawGet(searchUrl(), 'gzip'))).toHaveProperty('routes');
  });

  it('corruptNext is also queued by POST /__control/faults {kind: corrupt}', async () => {
    const queued = await fetch(`${ctx.server.url}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'corrupt', n: 1, path: '/route/ai/search' }),
    });
    expect(queued.status).toBe(200);
    const corrupt = await rawGet(searchUrl(), 'gzip');
    expect(corrupt.status).toBe(200);
    expect(() => decoded(corrupt)).toThrow();
  });

  it('corruptNext: fetch rejects the body', async () => {
    ctx.server.faults.corruptNext(1, '/route/ai/search');
    const response = await fetch(searchUrl());
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('corruptNext garbles nothing in an answer sent uncompressed, but that answer uses the hook up', async () => {
    ctx.server.faults.corruptNext(1, '/route/ai/search');
    const plain = await rawGet(searchUrl());
    expect(JSON.parse(plain.body.toString())).toHaveProperty('routes');
    expect(decodedJson(await rawGet(searchUrl(), 'gzip'))).toHaveProperty('routes');
  });
});

describe.each(['deflate', 'br'] as const)('compress: %s', (encoding) => {
  const ctx = useServer({ compress: encoding });

  it('compresses the listing and JSON answers with that coding only', async () => {
    const listing = await rawGet(`${ctx.v1}/route/get/results`, `gzip, ${encoding}`);
    expect(listing.headers['content-encoding']).toBe(encoding);
    const plain = await rawGet(`${ctx.v1}/route/get/results`);
    expect(listing.body.length).toBeLessThan(plain.body.length / 5);
    expect(decoded(listing).equals(plain.body)).toBe(true);
    const cities = await rawGet(`${ctx.v1}/route/cities-near?location=Lyon`, encoding);
    expect(decodedJson<{ cities: unknown[] }>(cities).cities.length).toBeGreaterThan(0);
    expect(
      (await rawGet(`${ctx.v1}/route/cities-near?location=Lyon`, 'gzip')).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('corruptNext gives a body that does not decode', async () => {
    ctx.server.faults.corruptNext(2);
    for (const path of ['/route/get/results', '/route/ai/search']) {
      const corrupt = await rawGet(`${ctx.v1}${path}`, encoding);
      expect(corrupt.headers['content-encoding']).toBe(encoding);
      expect(() => decoded(corrupt)).toThrow();
    }
  });
});

it('refuses an unknown coding with a RangeError naming the option', async () => {
  await expect(startServer({ compress: 'zstd' as CompressEncoding })).rejects.toThrow(
    /compress must be gzip, deflate, br/,
  );
});
