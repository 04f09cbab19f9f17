import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { closedPort, collect, localService, rawServer, testClient } from './helpers.js';

/** globalThis.fetch, counted: every URL it is asked for. */
function countingFetch(): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const real = globalThis.fetch;
  return {
    urls,
    fetch: (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return real(input, init);
    },
  };
}

describe('a fetch of its own', () => {
  it('carries every request of a client given it, retries and the streamed listing included', async () => {
    const service = await localService({ routes: 40 });
    const counting = countingFetch();
    const { client, attempts } = testClient(service.v1, { fetch: counting.fetch });
    service.faults.failNext(1, '/route/ai/search');
    expect((await client.search({ depart: 'Paris' })).routes.length).toBeGreaterThan(0);
    expect((await client.citiesNear('Lyon')).cities.length).toBeGreaterThan(0);
    expect((await collect(client.listing())).length).toBeGreaterThan(0);
    expect(counting.urls).toHaveLength(4);
    expect(counting.urls).toEqual(attempts.map((attempt) => attempt.url));
  });

  it('by default, is globalThis.fetch as it is at each request (a later patch is seen)', async () => {
    const service = await localService({ routes: 40 });
    const { client } = testClient(service.v1);
    const real = globalThis.fetch;
    const counting = countingFetch();
    globalThis.fetch = counting.fetch;
    try {
      await client.citiesNear('Lyon');
    } finally {
      globalThis.fetch = real;
    }
    expect(counting.urls).toEqual([expect.stringContaining('/v1/route/cities-near?location=Lyon')]);
  });

  it("refuses a redirect the fetch hides (a browser's opaque redirect), since it cannot check where it leads", async () => {
    const server = await rawServer((_req, res) => res.writeHead(302, { location: '/elsewhere' }).end());
    const browserLike: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      // What a browser gives `redirect: 'manual'`: no status, no headers, no body, type opaqueredirect.
      return Object.defineProperties(new Response(null), {
        type: { value: response.status === 302 ? 'opaqueredirect' : response.type },
        status: { value: 0 },
      });
    };
    const { client } = testClient(`${server.url}/v1`, { fetch: browserLike });
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/route\/ai\/search answered with a redirect that this runtime's fetch hides/,
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe('msw', () => {
  it('intercepts a client that sends through the global fetch, and one given that fetch', async () => {
    // A loopback port nothing listens on: the answers can only come from msw.
    const base = `http://127.0.0.1:${await closedPort()}/v1`;
    const server = setupServer(
      http.get(`${base}/route/cities-near`, ({ request }) =>
        HttpResponse.json({
          location: new URL(request.url).searchParams.get('location'),
          cities: [{ name: 'Lyon', distance_km: 0 }],
        }),
      ),
    );
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const byDefault = testClient(base).client;
      const given = testClient(base, { fetch: globalThis.fetch }).client;
      for (const client of [byDefault, given])
        expect((await client.citiesNear('Lyon')).cities.map((city) => city.name)).toEqual(['Lyon']);
    } finally {
      server.close();
    }
  });
});
