import { describe, expect, it } from 'vitest';
import type { SearchJob, SearchPage } from '../../src/domain/types.js';
import { startServer } from '../../src/server/index.js';
import { rawRequest } from './fixtures/raw-http.js';
import { fetchJson, postJson, useServer } from './fixtures/service.js';

describe('without movedTo', () => {
  const ctx = useServer();

  it('serves /v1 and the legacy paths, and /api/v1 is unknown', async () => {
    expect((await rawRequest(`${ctx.v1}/route/ai/search?limit=1`)).status).toBe(200);
    expect((await rawRequest(`${ctx.server.url}/route/ai/search?limit=1`)).status).toBe(200);
    expect((await rawRequest(`${ctx.server.url}/api/v1/route/ai/search`)).status).toBe(404);
  });
});

describe('movedTo /api/v1', () => {
  const ctx = useServer({ movedTo: '/api/v1', control: true, jobDelayMs: 0 });
  const base = () => `${ctx.server.url}/api/v1`;

  it('answers GET under /v1 with 301 and an absolute Location on the same origin, keeping the query', async () => {
    const answer = await rawRequest(`${ctx.v1}/route/ai/search?depart=Paris&limit=2`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`${base()}/route/ai/search?depart=Paris&limit=2`);
    expect(JSON.parse(answer.body.toString())).toEqual({ error: expect.stringContaining(`${base()}/route/ai/search`) });
  });

  it('redirects the legacy paths too, and builds Location from the Host header', async () => {
    const answer = await rawRequest(`${ctx.server.url}/route/get/results`, {
      headers: { host: 'api.example.test:8443' },
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('http://api.example.test:8443/api/v1/route/get/results');
    expect((await rawRequest(`${ctx.server.url}/v1/nowhere`)).headers.location).toBe(`${base()}/nowhere`);
  });

  it('answers POST (and HEAD) with 308 and 301, nothing run', async () => {
    ctx.server.stats.reset();
    const post = await rawRequest(`${ctx.v1}/route/ai/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"queries":[{}]}',
    });
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe(`${base()}/route/ai/batch`);
    const head = await rawRequest(`${ctx.v1}/route/get/results`, { method: 'HEAD' });
    expect(head.status).toBe(301);
    expect(ctx.server.stats.batchRuns()).toBe(0);
    expect(ctx.server.stats.requests()).toBe(0);
    expect(ctx.server.stats.redirects()).toBe(2);
  });

  it('serves under the new prefix exactly as /v1 was served, poll_url included', async () => {
    const page = await fetchJson<SearchPage>(`${base()}/route/ai/search?depart=Paris&limit=5`);
    expect(page.status).toBe(200);
    expect(page.body.routes).toHaveLength(5);
    expect(ctx.server.stats.requests('/route/ai/search')).toBeGreaterThan(0);
    const job = await fetchJson<SearchJob>(`${base()}/route/ai/jobs`, postJson({ depart: 'Paris' }));
    expect(job.status).toBe(202);
    expect(job.body.poll_url).toBe(`${base()}/route/ai/jobs/${job.body.job_id}`);
    expect((await fetchJson<SearchJob>(job.body.poll_url!)).body.status).toBe('completed');
    expect((await fetchJson(`${base()}/nowhere`)).status).toBe(404);
  });

  it('a client following redirects (fetch) lands on the new prefix, POST body and all', async () => {
    const response = await fetch(`${ctx.v1}/route/ai/batch`, postJson({ queries: [{ depart: 'Paris' }] }));
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base()}/route/ai/batch`);
    expect(((await response.json()) as { results: unknown[] }).results).toHaveLength(1);
  });

  it('never redirects /__control, and counts redirects in its stats', async () => {
    const stats = await fetchJson<{ redirects: number }>(`${ctx.server.url}/__control/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body.redirects).toBeGreaterThan(0);
  });
});

describe('movedStatus', () => {
  const ctx = useServer({ movedTo: '/api/v2/', movedStatus: 302 });

  it('applies to every method; a trailing slash of the prefix is dropped', async () => {
    const get = await rawRequest(`${ctx.v1}/route/ai/search`);
    expect(get.status).toBe(302);
    expect(get.headers.location).toBe(`${ctx.server.url}/api/v2/route/ai/search`);
    expect((await rawRequest(`${ctx.v1}/ask`, { method: 'POST', body: '{"question":"Paris?"}' })).status).toBe(302);
  });
});

describe('movedTo options are checked', () => {
  it.each([
    [{ movedTo: 'api/v1' }, /movedTo must be a path/],
    [{ movedTo: '/' }, /movedTo must be a path/],
    [{ movedTo: '/api v1' }, /movedTo must be a path/],
    [{ movedTo: '/v1' }, /must not start with \/v1/],
    [{ movedTo: '/route/v2' }, /must not start with \/route/],
    [{ movedTo: '/api/v1', movedStatus: 300 as 301 }, /movedStatus must be 301, 302, 303, 307, 308/],
    [{ movedStatus: 307 as const }, /movedStatus needs movedTo/],
  ])('%j is refused', async (options, message) => {
    await expect(startServer(options)).rejects.toThrow(message);
  });
});
