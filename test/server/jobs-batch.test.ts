import { describe, expect, it } from 'vitest';
import type { BatchResponse, SearchJob, SearchPage } from '../../src/domain/types.js';
import { fetchJson, postJson, useServer } from './fixtures/service.js';

describe('search jobs', () => {
  // A delay no busy machine reaches between two requests: the job is still pending when polled.
  const ctx = useServer({ jobDelayMs: 600_000 });

  it('creates a pending job (202) whose poll_url uses the request prefix, and stays pending before its delay', async () => {
    const created = await fetchJson<SearchJob>(
      `${ctx.v1}/route/ai/jobs`,
      postJson({ depart: 'Paris', arrival: 'Marseille' }),
    );
    expect(created.status).toBe(202);
    expect(created.body.status).toBe('pending');
    expect(created.body.poll_url).toBe(`${ctx.v1}/route/ai/jobs/${created.body.job_id}`);
    expect((await fetchJson<SearchJob>(created.body.poll_url!)).body.status).toBe('pending');
  });

  it('accepts no body at all, and uses the legacy prefix in poll_url when called without /v1', async () => {
    const created = await fetchJson<SearchJob>(`${ctx.server.url}/route/ai/jobs`, { method: 'POST' });
    expect(created.status).toBe(202);
    expect(created.body.poll_url).toBe(`${ctx.server.url}/route/ai/jobs/${created.body.job_id}`);
  });

  it('validates the body like a search (400)', async () => {
    const bad = await fetchJson<{ error: string }>(`${ctx.v1}/route/ai/jobs`, postJson({ date_from: '2026-13-01' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/date_from must be YYYY-MM-DD/);
    expect((await fetchJson(`${ctx.v1}/route/ai/jobs`, postJson('{"depart": '))).status).toBe(400);
    expect((await fetchJson(`${ctx.v1}/route/ai/jobs`, postJson({ from: 'Paris' }))).status).toBe(400);
    expect((await fetchJson(`${ctx.v1}/route/ai/jobs`, postJson([1]))).status).toBe(400);
  });

  it('answers 404 {error} for an unknown job', async () => {
    const missing = await fetchJson<{ error: string }>(`${ctx.v1}/route/ai/jobs/does-not-exist`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/does-not-exist/);
  });
});

describe('search jobs past their delay', () => {
  const ctx = useServer({ jobDelayMs: 0 });

  it('complete with the search envelope', async () => {
    const created = await fetchJson<SearchJob>(
      `${ctx.v1}/route/ai/jobs`,
      postJson({ depart: 'Paris', arrival: 'Marseille' }),
    );
    const done = await fetchJson<SearchJob>(created.body.poll_url!);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    const direct = (await fetchJson<SearchPage>(`${ctx.v1}/route/ai/search?depart=Paris&arrival=Marseille`)).body;
    expect(done.body.result).toEqual(direct);
  });
});

describe('failing search jobs', () => {
  const ctx = useServer({ jobDelayMs: 0, jobFailRate: 1 });

  it('end failed, with an error message', async () => {
    const created = await fetchJson<SearchJob>(`${ctx.v1}/route/ai/jobs`, postJson({}));
    const polled = await fetchJson<SearchJob>(created.body.poll_url!);
    expect(polled.body).toMatchObject({ job_id: created.body.job_id, status: 'failed' });
    expect(polled.body.error).toEqual(expect.any(String));
    expect(polled.body).not.toHaveProperty('result');
  });
});

describe('POST /route/ai/batch', () => {
  const ctx = useServer();
  const batch = (body: unknown, headers: Record<string, string> = {}) =>
    fetchJson<BatchResponse & { error?: string }>(`${ctx.v1}/route/ai/batch`, postJson(body, headers));

  it('runs each query and returns every match with its index, query and total', async () => {
    const queries = [
      { depart: 'Paris', arrival: 'Marseille' },
      { depart: 'nîmes', date_from: '2026-03-05', date_to: '2026-04-05' },
      { depart: 'Atlantis' },
    ];
    const { status, body } = await batch({ queries });
    expect(status).toBe(200);
    expect(body.book_url).toBe('https://symone.fr/moto');
    expect(body.results.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(body.results.map((r) => r.query)).toEqual(queries);
    const paris = (await fetchJson<SearchPage>(`${ctx.v1}/route/ai/search?depart=Paris&arrival=Marseille&limit=100`))
      .body;
    expect(body.results[0]!.total).toBe(paris.total);
    expect(body.results[0]!.routes).toHaveLength(paris.total);
    expect(body.results[0]!.routes.slice(0, paris.routes.length)).toEqual(paris.routes);
    for (const route of body.results[1]!.routes)
      expect(route.date >= '2026-03-05' && route.date <= '2026-04-05').toBe(true);
    expect(body.results[2]).toMatchObject({ routes: [], total: 0 });
  });

  it.each([
    ['no body', undefined, /required/],
    ['invalid JSON', '{"queries": [', /not valid JSON/],
    ['a body that is not an object', '[]', /JSON object/],
    ['missing queries', {}, /queries is required/],
    ['queries not an array', { queries: 'Paris' }, /must be an array/],
    ['empty queries', { queries: [] }, /must not be empty/],
    ['11 queries', { queries: Array.from({ length: 11 }, () => ({})) }, /at most 10/],
    ['a query that is not an object', { queries: [{}, 'Paris'] }, /queries\[1\] must be a search query object/],
    [
      'a malformed date',
      { queries: [{}, {}, {}, { date_from: '2026-3-1' }] },
      /queries\[3\]\.date_from must be YYYY-MM-DD/,
    ],
    ['an impossible date', { queries: [{ date_to: '2026-02-29' }] }, /queries\[0\]\.date_to must be YYYY-MM-DD/],
    ['a number for a city', { queries: [{ depart: 75 }] }, /queries\[0\]\.depart must be a string/],
    ['an unknown field', { queries: [{ from: 'Paris' }] }, /queries\[0\]\.from is not a search field/],
    [
      'dates out of order',
      { queries: [{ date_from: '2026-05-01', date_to: '2026-04-01' }] },
      /queries\[0\]\.date_from .* is later than/,
    ],
  ])('answers 400 naming the problem for %s', async (_label, body, message) => {
    const init = body === undefined ? { method: 'POST' } : postJson(body);
    const { status, body: answer } = await fetchJson<{ error: string }>(`${ctx.v1}/route/ai/batch`, init);
    expect(status).toBe(400);
    expect(answer.error).toMatch(message);
  });

  it('replays the stored answer for a repeated Idempotency-Key without running the batch again', async () => {
    const body = { queries: [{ depart: 'Lyon' }] };
    const runsBefore = ctx.server.stats.batchRuns();
    const first = await batch(body, { 'Idempotency-Key': 'key-1' });
    ctx.server.data.addTrip({ depart: 'Lyon', arrival: 'Grenoble', date: '2026-03-20' });
    const replay = await fetch(`${ctx.v1}/route/ai/batch`, postJson(body, { 'Idempotency-Key': 'key-1' }));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(first.body);
    expect(ctx.server.stats.batchRuns()).toBe(runsBefore + 1);
    const fresh = await batch(body, { 'Idempotency-Key': 'key-2' });
    expect(fresh.body.results[0]!.total).toBe(first.body.results[0]!.total + 1);
    expect(ctx.server.stats.batchRuns()).toBe(runsBefore + 2);
    expect(ctx.server.stats.requests('/route/ai/batch')).toBeGreaterThanOrEqual(3);
  });

  it('refuses a key reused with a different body (422) and runs batches without a key every time', async () => {
    await batch({ queries: [{ depart: 'Paris' }] }, { 'Idempotency-Key': 'key-3' });
    const conflict = await batch({ queries: [{ depart: 'Nice' }] }, { 'Idempotency-Key': 'key-3' });
    expect(conflict.status).toBe(422);
    expect(conflict.body.error).toMatch(/different request body/);
    const before = ctx.server.stats.batchRuns();
    await batch({ queries: [{}] });
    await batch({ queries: [{}] });
    expect(ctx.server.stats.batchRuns()).toBe(before + 2);
  });
});
