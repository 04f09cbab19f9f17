import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/booking/index.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';
import * as library from '../../src/index.js';
import { closedPort } from '../client/helpers.js';
import { getJson, useService } from '../helpers/service.js';
import { composeFor, useClient } from './fixtures/scenario.js';
import { startPageServer, type PageServer } from './page-server.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/chromium.js';

// The built library in headless Chromium (Debian's, driven by playwright-core): a page served from an
// origin of its own imports dist/index.js and dist/booking.js as ES modules, composes a booking request
// and runs the client against the local service, another origin with CORS enabled, so that the browser's
// CORS rules apply to every request. What the page gets must be what the same scenario gets in Node.

const TODAY = '2026-12-01';

describe('the library in Chromium', () => {
  const log: string[] = [];
  const service = useService({ routes: 300, seed: 7, today: TODAY, cors: true, log: (line) => log.push(line) });
  const closedService = useService({ routes: 10, seed: 7, today: TODAY });
  const moved = useService({ routes: 10, seed: 7, today: TODAY, cors: true, movedTo: '/api/v1' });
  const deviant = useService({
    routes: 300,
    seed: 7,
    today: TODAY,
    cors: true,
    compress: 'gzip',
    bom: true,
    looseTypes: true,
    extraFields: true,
    textPlain: true,
  });
  const state: { pages?: PageServer; profile?: string; browser?: BrowserContext; page?: Page; errors: string[] } = {
    errors: [],
  };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(
        `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium, as .ci/run does)`,
      );
    state.pages = await startPageServer();
    state.profile = mkdtempSync(join(tmpdir(), 'motoroute-chromium-'));
    state.browser = await chromium.launchPersistentContext(state.profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: 60_000,
    });
    const page = state.browser.pages()[0] ?? (await state.browser.newPage());
    page.on('pageerror', (error) => state.errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') state.errors.push(message.text());
    });
    await page.goto(`${state.pages.origin}/`, { timeout: 30_000 });
    await page
      .waitForFunction('globalThis.motorouteRuntime !== undefined', undefined, { timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`the page's script did not run: ${state.errors.join('; ') || String(error)}`);
      });
    state.page = page;
  }, 90_000);

  afterAll(async () => {
    await state.browser?.close();
    await state.pages?.close();
    if (state.profile) rmSync(state.profile, { recursive: true, force: true });
  });

  /** Calls one of the page's functions (fixtures/page.html) with JSON arguments and returns what it resolves to. */
  async function inPage(call: string, ...args: unknown[]): Promise<unknown> {
    if (!state.page) throw new Error('the page did not load');
    const seen = state.errors.length;
    try {
      const result: unknown = await state.page.evaluate(
        `motorouteRuntime.${call}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`,
      );
      return result;
    } catch (error) {
      // A module that fails to load rejects with a bare "Failed to fetch"; the console says why. The page's
      // stack frames are left out: vitest would try to read their http:// addresses as files.
      const said = state.errors.slice(seen);
      const message = (error instanceof Error ? error.message : String(error))
        .split('\n')
        .filter((line) => !/^\s+at /.test(line));
      throw new Error([...message, ...(said.length > 0 ? [`the page's console: ${said.join('; ')}`] : [])].join('\n'));
    }
  }

  const inChromium = { userAgent: expect.stringContaining('HeadlessChrome/'), process: 'undefined' };

  it('is served from another origin than the service, which the browser holds to CORS', async () => {
    expect(new URL(service.base).origin).not.toBe(state.pages?.origin);
    expect(await inPage('cors', service.base)).toEqual({
      page: { status: 200, rateLimit: '0', trips: 1 },
      batch: { status: 200, results: 2 },
    });
    // The POST with Idempotency-Key and a JSON body was preflighted.
    expect(log.filter((line) => line.startsWith('OPTIONS /v1/route/ai/batch 204'))).toHaveLength(1);
    expect(await inPage('refused', `${closedService.base}/route/ai/search`)).toBe('TypeError');
  });

  it('composes a booking request with motoroute/booking, as in Node', async () => {
    const page = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=1`);
    const trip = page.routes[0] as Trip;
    const expected = composeFor(booking, trip, TODAY);
    expect(expected.email.body).toContain(trip.depart);
    expect(expected.refusal.name).toBe('UsageError');
    expect(await inPage('compose', trip, TODAY)).toEqual({ host: inChromium, outcome: expected });
  });

  it("runs the client's search, paging, batch and typed errors (an unknown job, nothing listening) against the local service, as in Node", async () => {
    const unreachableUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const expected = await useClient(library, service.base, unreachableUrl);
    const reference = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=5`);
    expect(expected.page.ids).toEqual(reference.routes.map((trip) => trip.id));
    // .withResponse() with per-call options: the same page, and its answer's rate-limit header (exposed to a browser by CORS).
    expect(expected.answered).toEqual({
      ids: expected.page.ids,
      status: 200,
      rateLimit: expect.stringMatching(/^\d+$/),
    });
    expect(expected.missingJob).toMatchObject({ name: 'NotFoundError', typed: true });
    expect(expected.unreachable).toEqual({ name: 'NetworkError', typed: true });
    expect(await inPage('client', service.base, unreachableUrl)).toEqual({ host: inChromium, outcome: expected });
  });

  it('reads a deployment that differs from the reference (gzip, a BOM, numbers as strings, extra fields, JSON labelled text/plain) as Node does', async () => {
    const unreachableUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const expected = await useClient(library, deviant.base, unreachableUrl);
    expect(expected.page.ids).toEqual((await useClient(library, service.base, unreachableUrl)).page.ids);
    expect(await inPage('client', deviant.base, unreachableUrl)).toEqual({ host: inChromium, outcome: expected });
  });

  it('refuses a redirect the browser hides from it, with an ApiError that says what to do', async () => {
    expect(await inPage('redirected', moved.base)).toEqual({
      name: 'ApiError',
      message: expect.stringMatching(/opaque redirect.*Set baseUrl/),
    });
    expect(moved.server.stats.redirects()).toBe(1);
  });
});
