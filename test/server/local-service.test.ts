import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/index.js';
import { startLocalService } from '../../src/server/public.js';

// motoroute/server's facade: what a user's test sees of the local service.

describe('startLocalService', () => {
  it('serves the versioned API at url and the legacy alias at origin, the same trips for the same seed and today', async () => {
    const options = { routes: 300, seed: 11, today: '2026-12-01' };
    const [one, two] = await Promise.all([startLocalService(options), startLocalService(options)]);
    try {
      expect(one.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(one.url).toBe(`${one.origin}/v1`);
      expect(one.origin).toBe(`http://127.0.0.1:${one.port}`);
      const search = (base: string) => new RouteClient({ baseUrl: base }).search({ depart: 'Paris' }, { limit: 20 });
      const [a, b, legacy] = await Promise.all([search(one.url), search(two.url), search(one.origin)]);
      expect(a.routes.length).toBeGreaterThan(0);
      expect(b.routes).toEqual(a.routes);
      expect(legacy.routes).toEqual(a.routes);
      expect(one.data.size).toBe(300);
      expect(one.stats.requests('/route/ai/search')).toBe(2);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('maps faults and deviations to the service options, and lets a test change the data', async () => {
    const svc = await startLocalService({
      routes: 50,
      seed: 2,
      today: '2026-12-01',
      faults: { failRate: 1 },
      deviations: { extraFields: true },
    });
    try {
      const failed = await fetch(`${svc.url}/route/ai/search`);
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ error: expect.any(String) });
    } finally {
      await svc.close();
    }
    const healthy = await startLocalService({ routes: 0, today: '2026-12-01', deviations: { extraFields: true } });
    try {
      const trip = healthy.data.addTrip({ depart: 'Lille', arrival: 'Nice', date: '2026-12-10' });
      const page = (await (await fetch(`${healthy.url}/route/ai/search?depart=lille`)).json()) as {
        routes: { id: string }[];
      } & Record<string, unknown>;
      expect(page.routes.map((route) => route.id)).toEqual([trip.id]);
      expect(Object.keys(page).length).toBeGreaterThan(7);
      healthy.faults.failNext(1);
      expect((await fetch(`${healthy.url}/route/ai/search`)).status).toBe(500);
      expect(healthy.data.removeTrip(trip.id)).toBe(true);
    } finally {
      await healthy.close();
    }
  });

  it('refuses an option out of range, naming it', async () => {
    await expect(startLocalService({ faults: { failRate: 2 } })).rejects.toThrow(/failRate must be between 0 and 1/);
    await expect(startLocalService({ today: '2026-02-30' })).rejects.toThrow(/today/);
  });
});
