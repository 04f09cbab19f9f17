import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/booking/index.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';
import * as library from '../../src/index.js';
import { closedPort } from '../client/helpers.js';
import { allSearchTrips, getJson, useService } from '../helpers/service.js';
import { composeFor, useClient } from './fixtures/scenario.js';
import { fixture, fixturePath, libraryModules, ROOT, SCENARIO_MODULE, scenarioSource } from './library-modules.js';

// The built library in workerd, the runtime of Cloudflare Workers (through miniflare), without
// nodejs_compat: a Worker loads dist/index.js and dist/booking.js with the chunks they import, composes a
// booking request and runs the client against the local service. The Worker reaches the service on
// 127.0.0.1 through workerd's own network stack (its fetch, not Node's), allowed to 127.0.0.0/8 only.
// What the Worker gets must be what the same scenario gets in Node.

const TODAY = '2026-12-01';
const WORKERD_COMPATIBILITY_DATE = '2026-04-20';

describe('the library in workerd', () => {
  const service = useService({ routes: 300, seed: 7, today: TODAY });
  // Without compression: the service compresses only what a request accepts, and workerd's fetch asks for none.
  const deviant = useService({
    routes: 300,
    seed: 7,
    today: TODAY,
    movedTo: '/api/v1',
    bom: true,
    looseTypes: true,
    extraFields: true,
    textPlain: true,
  });
  let worker: Miniflare | undefined;
  let unreachableUrl = '';

  beforeAll(async () => {
    unreachableUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const modules = [
      { type: 'ESModule' as const, path: join(ROOT, fixturePath('worker.js')), contents: fixture('worker.js') },
      { type: 'ESModule' as const, path: join(ROOT, SCENARIO_MODULE), contents: scenarioSource() },
      ...libraryModules(['dist/index.js', 'dist/booking.js']).map((file) => ({
        type: 'ESModule' as const,
        path: join(ROOT, file),
      })),
    ];
    worker = new Miniflare({
      modules,
      modulesRoot: ROOT,
      compatibilityDate: WORKERD_COMPATIBILITY_DATE,
      bindings: { SERVICE_URL: service.base, DEVIANT_URL: deviant.base, UNREACHABLE_URL: unreachableUrl },
      outboundService: { network: { allow: ['127.0.0.0/8'], deny: [] } },
    });
    await worker.ready;
  }, 60_000);

  afterAll(async () => {
    await worker?.dispose();
  });

  /** The Worker's answer to a request: its status and its body, parsed when it is JSON. */
  async function ask(
    path: string,
    init?: { method: string; body: string },
  ): Promise<{ status: number; body: unknown }> {
    if (!worker) throw new Error('the Worker did not start');
    const answer = await worker.dispatchFetch(`http://worker.test${path}`, init);
    const text = await answer.text();
    // A failure's stack frames are left out: vitest would try to read the Worker's module names as files.
    if (answer.status !== 200)
      return {
        status: answer.status,
        body: text
          .split('\n')
          .filter((line) => !/^\s+at /.test(line))
          .join('\n'),
      };
    const body: unknown = JSON.parse(text);
    return { status: answer.status, body };
  }

  it('composes a booking request with motoroute/booking, as in Node', async () => {
    const page = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=1`);
    const trip = page.routes[0] as Trip;
    const expected = composeFor(booking, trip, TODAY);
    expect(expected.email.body).toContain(trip.depart);
    expect(expected.email.body).toContain(trip.arrival);
    expect(expected.refusal.name).toBe('UsageError');

    const answer = await ask('/compose', { method: 'POST', body: JSON.stringify({ trip, today: TODAY }) });
    expect(answer.status, `the Worker answered: ${String(answer.body)}`).toBe(200);
    expect(answer.body).toEqual({ host: { userAgent: 'Cloudflare-Workers', process: 'undefined' }, outcome: expected });
  });

  it("runs the client's search, paging, batch and typed errors (an unknown job, nothing listening) against the local service, as in Node", async () => {
    const expected = await useClient(library, service.base, unreachableUrl);
    const reference = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=5`);
    expect(expected.page.ids).toEqual(reference.routes.map((trip) => trip.id));
    // .withResponse() with per-call options: the same page, and its answer's rate-limit header (exposed to a browser by CORS).
    expect(expected.answered).toEqual({
      ids: expected.page.ids,
      status: 200,
      rateLimit: expect.stringMatching(/^\d+$/),
    });
    expect(expected.page.ids).toHaveLength(5);
    expect(expected.everyTrip).toEqual((await allSearchTrips(service.base, 'depart=Lyon')).map((trip) => trip.id));
    expect(expected.everyTrip.length).toBeGreaterThan(4);
    expect(expected.batch.map((result) => result.ids.length)).not.toContain(0);
    expect(expected.missingJob).toMatchObject({ name: 'NotFoundError', typed: true });
    expect(expected.unreachable).toEqual({ name: 'NetworkError', typed: true });

    const answer = await ask('/client');
    expect(answer.status, `the Worker answered: ${String(answer.body)}`).toBe(200);
    expect(answer.body).toEqual({ host: { userAgent: 'Cloudflare-Workers', process: 'undefined' }, outcome: expected });
  });

  it('reads a deployment that differs from the reference (moved to /api/v1, a BOM, numbers as strings, extra fields, JSON labelled text/plain) as Node does', async () => {
    const expected = await useClient(library, deviant.base, unreachableUrl);
    expect(expected.page.ids).toEqual((await useClient(library, service.base, unreachableUrl)).page.ids);
    const redirected = deviant.server.stats.redirects();
    const answer = await ask('/client?deviant');
    expect(answer.status, `the Worker answered: ${String(answer.body)}`).toBe(200);
    expect(answer.body).toEqual({ host: { userAgent: 'Cloudflare-Workers', process: 'undefined' }, outcome: expected });
    // workerd's fetch handed the redirect to the client (redirect: 'manual'), which followed it once for good.
    expect(deviant.server.stats.redirects() - redirected).toBe(1);
  });
});
