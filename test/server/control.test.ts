import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../src/server/control.js';
import type { SearchPage } from '../../src/domain/types.js';
import { fetchJson, postJson, useServer } from './fixtures/service.js';

describe('/__control endpoints', () => {
  const off = useServer();
  const ctx = useServer({ control: true, failRate: 1 });

  it('do not exist unless enabled', async () => {
    expect((await fetchJson(`${off.server.url}/__control/stats`)).status).toBe(404);
  });

  it('add a trip, change its slots and delete it, without faults or counting', async () => {
    const added = await fetchJson<{ id: string; slots: number[] }>(
      `${ctx.server.url}/__control/trips`,
      postJson({ depart: 'Paris', arrival: 'Lyon', date: '2026-03-15' }),
    );
    expect(added.status).toBe(201);
    expect(ctx.server.data.getTrip(added.body.id)).toMatchObject({ depart: 'Paris', arrival: 'Lyon', slots: [2] });
    const slots = await fetchJson<{ slots: number[] }>(
      `${ctx.server.url}/__control/trips/${added.body.id}/slots`,
      postJson({ slots: [5] }),
    );
    expect(slots.status).toBe(200);
    expect(ctx.server.data.getTrip(added.body.id)?.slots).toEqual([5]);
    expect((await fetchJson(`${ctx.server.url}/__control/trips/${added.body.id}`)).status).toBe(200);
    expect((await fetchJson(`${ctx.server.url}/__control/trips/${added.body.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(ctx.server.data.getTrip(added.body.id)).toBeUndefined();
    expect((await fetchJson(`${ctx.server.url}/__control/trips/${added.body.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(ctx.server.stats.requests()).toBe(0);
  });

  it('answer 400 {error} for bad input', async () => {
    const bad = await fetchJson<{ error: string }>(
      `${ctx.server.url}/__control/trips`,
      postJson({ depart: 'Paris', date: '2026-03-15' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/arrival/);
    const trip = ctx.server.data.listTrips({ limit: 1 })[0]!;
    const slots = await fetchJson<{ error: string }>(
      `${ctx.server.url}/__control/trips/${trip.id}/slots`,
      postJson({ slots: [1, 2, 3, 4, 5] }),
    );
    expect(slots.status).toBe(400);
    expect((await fetchJson(`${ctx.server.url}/__control/trips/123/slots`, postJson({ slots: [1] }))).status).toBe(404);
  });

  it('queue faults and read stats for processes that cannot reach the server object', async () => {
    expect((await fetchJson(`${ctx.server.url}/__control/stats/reset`, { method: 'POST' })).status).toBe(200);
    await fetch(`${ctx.v1}/route/ai/search`);
    const stats = await fetchJson<{ requests: number; batch_runs: number }>(
      `${ctx.server.url}/__control/stats?path=/route/ai/search`,
    );
    expect(stats.body).toEqual({ requests: 1, batch_runs: 0 });
    const queued = await fetchJson(
      `${ctx.server.url}/__control/faults`,
      postJson({ kind: 'rate-limit', n: 1, retry_after: 3 }),
    );
    expect(queued.status).toBe(200);
    const limited = await fetch(`${ctx.v1}/route/ai/search`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await fetchJson(`${ctx.server.url}/__control/faults`, postJson({ kind: 'explode', n: 1 }))).status).toBe(
      400,
    );
  });

  it('recognise loopback peers only', () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.2', '192.168.1.10', '::ffff:10.0.0.1', 'fe80::1', undefined])
      expect(isLoopback(address)).toBe(false);
  });
});

describe('/__control with a healthy service', () => {
  const ctx = useServer({ control: true });

  it('makes a full trip bookable again for search', async () => {
    const added = (
      await fetchJson<{ id: string }>(
        `${ctx.server.url}/__control/trips`,
        postJson({ depart: 'Brest', arrival: 'Nice', date: '2026-03-20', slots: [0] }),
      )
    ).body;
    const search = () =>
      fetchJson<SearchPage>(`${ctx.v1}/route/ai/search?depart=brest&arrival=nice`).then((r) =>
        r.body.routes.map((t) => t.id),
      );
    expect(await search()).not.toContain(added.id);
    await fetch(`${ctx.server.url}/__control/trips/${added.id}/slots`, postJson({ slots: [1] }));
    expect(await search()).toContain(added.id);
  });
});

describe('/__control and web pages', () => {
  const ctx = useServer({ control: true });

  /** A request with the headers a browser would send (node:http lets the test set Host, as a rebound page's is). */
  function send(headers: Record<string, string>, method = 'GET'): Promise<{ status: number; body: string }> {
    const url = new URL(`${ctx.server.url}/__control/stats`);
    return new Promise((resolve, reject) => {
      const outgoing = request(url, { method, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  it('answer tools that send no Origin (curl, the tests), by 127.0.0.1 or localhost', async () => {
    const port = new URL(ctx.server.url).port;
    expect((await send({})).status).toBe(200);
    expect((await send({ host: `localhost:${port}` })).status).toBe(200);
    expect((await send({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).status).toBe(200);
  });

  it('refuse a page of another origin, and a Host that is not the service (DNS rebinding)', async () => {
    const port = new URL(ctx.server.url).port;
    const foreign = await send({ origin: 'https://evil.example' }, 'POST');
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toEqual({ error: expect.stringMatching(/other origins/) });
    expect((await send({ origin: `http://127.0.0.1:${Number(port) + 1}` })).status).toBe(403);
    expect((await send({ origin: 'null' })).status).toBe(403);
    const rebound = await send({ host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual({ error: expect.stringMatching(/own address/) });
    expect((await send({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).status).toBe(403);
  });
});
