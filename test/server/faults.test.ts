import { describe, expect, it } from 'vitest';
import type { SearchPage } from '../../src/domain/types.js';
import { probe } from '../helpers/timers.js';
import { fetchJson, useServer } from './fixtures/service.js';

/** Status of a request, or 'cut' when the connection dropped before the body was complete. */
async function outcome(url: string): Promise<number | 'cut'> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'cut';
  }
}

describe('fault hooks', () => {
  const ctx = useServer();
  const searchUrl = () => `${ctx.v1}/route/ai/search?depart=paris&limit=5`;

  it('failNext: the next n requests to a path answer 500 {error}; other paths are untouched', async () => {
    ctx.server.stats.reset();
    ctx.server.faults.failNext(2, '/route/ai/search');
    expect((await fetchJson(`${ctx.v1}/route/cities-near?location=Lyon`)).status).toBe(200);
    const first = await fetchJson<{ error: string }>(searchUrl());
    expect(first.status).toBe(500);
    expect(first.body.error).toEqual(expect.any(String));
    expect((await fetchJson(`${ctx.server.url}/route/ai/search`)).status).toBe(500);
    expect((await fetchJson(searchUrl())).status).toBe(200);
    expect(ctx.server.stats.requests('/route/ai/search')).toBe(3);
    expect(ctx.server.stats.requests('/v1/route/ai/search')).toBe(3);
    expect(ctx.server.stats.requests()).toBe(4);
  });

  it('rateLimitNext: 429 with Retry-After and {error}, then normal again', async () => {
    ctx.server.faults.rateLimitNext(1, 7);
    const limited = await fetchJson<{ error: string }>(searchUrl());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body.error).toMatch(/too many requests/);
    expect((await fetchJson(searchUrl())).status).toBe(200);
  });

  it('cutNext: the connection is destroyed mid-body, for JSON answers and for the streamed listing', async () => {
    ctx.server.faults.cutNext(1, '/route/ai/search');
    expect(await outcome(searchUrl())).toBe('cut');
    expect(await outcome(searchUrl())).toBe(200);
    ctx.server.faults.cutNext(1);
    let received = 0;
    const response = await fetch(`${ctx.v1}/route/get/results`);
    expect(response.status).toBe(200);
    await expect(
      (async () => {
        for await (const chunk of response.body!) received += (chunk as Uint8Array).length;
      })(),
    ).rejects.toThrow();
    expect(received).toBeGreaterThan(1000);
  });

  it('malformedNext: 200 bodies that are not JSON, an HTML page then truncated JSON', async () => {
    ctx.server.faults.malformedNext(2, '/route/ai/search');
    const html = await fetch(searchUrl());
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toMatch(/^<!DOCTYPE html>/);
    const truncated = await fetch(searchUrl());
    expect(truncated.status).toBe(200);
    expect(truncated.headers.get('content-type')).toMatch(/application\/json/);
    const text = await truncated.text();
    expect(text.startsWith('{"routes":')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
    expect(await (await fetch(searchUrl())).json()).toHaveProperty('routes');
  });

  it('rejects a negative count', () => {
    expect(() => ctx.server.faults.failNext(-1)).toThrow(RangeError);
  });
});

describe('fault rates', () => {
  const always = useServer({ failRate: 1 });
  const seededA = useServer({ failRate: 0.5, faultSeed: 42 });
  const seededB = useServer({ failRate: 0.5, faultSeed: 42 });
  const malformed = useServer({ malformedRate: 1 });
  const cut = useServer({ cutRate: 1 });

  it('failRate 1 fails every API request', async () => {
    for (const path of ['/v1/route/ai/search', '/route/cities-near?location=Lyon', '/v1/route/get/results']) {
      expect((await fetchJson(`${always.server.url}${path}`)).status).toBe(500);
    }
  });

  it('the same faultSeed gives the same sequence of failures', async () => {
    const run = async (base: string) => {
      const statuses: number[] = [];
      for (let k = 0; k < 30; k++) statuses.push((await fetch(`${base}/route/ai/search?limit=1`)).status);
      return statuses;
    };
    const a = await run(seededA.v1);
    expect(await run(seededB.v1)).toEqual(a);
    expect(a).toContain(500);
    expect(a).toContain(200);
  });

  it('malformedRate and cutRate spoil answers', async () => {
    const body = await (await fetch(`${malformed.v1}/route/ai/search`)).text();
    expect(() => JSON.parse(body)).toThrow();
    expect(await outcome(`${cut.v1}/route/ai/search`)).toBe('cut');
  });
});

describe('rate limit option', () => {
  const ctx = useServer({ rateLimit: 3 });

  it('answers 429 with Retry-After past N requests a minute, with real X-RateLimit-* values', async () => {
    const answers = [];
    for (let k = 0; k < 4; k++) answers.push(await fetchJson(`${ctx.v1}/route/ai/search?limit=1`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-limit'))).toEqual(['3', '3', '3', '3']);
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    const retryAfter = Number(answers[3]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(answers[0]!.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
  });
});

describe('latency and deprecation options', () => {
  const ctx = useServer({ latencyMs: 120, deprecate: ['/route/ai/search', 'v1/ask', '/route/ai/jobs/{jobId}'] });

  it('adds latency before answering', async () => {
    // The service's 120 ms is a timer started after the request: a plain timer of as long, started first, fires before.
    const early = probe(120);
    expect((await fetchJson<SearchPage>(`${ctx.v1}/route/ai/search?limit=1`)).status).toBe(200);
    expect(early.fired).toBe(true);
  });

  it('sends a Deprecation header (with Sunset and Link) on the chosen paths only, under both prefixes', async () => {
    for (const base of [ctx.v1, ctx.server.url]) {
      const response = await fetch(`${base}/route/ai/search?limit=1`);
      expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
      expect(response.headers.get('sunset')).toMatch(/GMT$/);
      expect(response.headers.get('link')).toMatch(/rel="deprecation"/);
    }
    expect(
      (await fetch(`${ctx.v1}/ask`, { method: 'POST', body: '{"question":"Paris?"}' })).headers.get('deprecation'),
    ).not.toBeNull();
    expect((await fetch(`${ctx.v1}/route/ai/jobs/some-id`)).headers.get('deprecation')).not.toBeNull();
    expect((await fetch(`${ctx.v1}/route/cities-near?location=Lyon`)).headers.get('deprecation')).toBeNull();
  });
});
