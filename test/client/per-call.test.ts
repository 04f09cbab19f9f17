import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, InterruptedError, TimeoutError } from '../../src/errors.js';
import { localService, rawServer, STACKS, testClient } from './helpers.js';

const NEAR = '/route/cities-near';
const SEARCH = '/route/ai/search';
// Lower bounds are exact. A loaded machine (test files run side by side, the service in the same process) fires
// every timer late alike, so a call is held to a plain timer started beside it: it settles within SETTLE_MS of it.
const SETTLE_MS = 50;

/** Milliseconds `promise` takes to settle, and what it settled with. */
async function timed<T>(promise: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now();
  try {
    const value = await promise;
    return { ms: performance.now() - started, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

/** As timed(), with `timerMs`: when a plain timer of `ms` started at the same moment fired. */
async function besideTimer<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ ms: number; timerMs: number; value?: T; error?: unknown }> {
  const started = performance.now();
  const timer = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), ms));
  const settled = await timed(promise);
  return { ...settled, timerMs: await timer };
}

/** Aborts `controller` after `ms`; `call` must reject within SETTLE_MS of the abort. Returns what it rejected with. */
async function abortAfter(controller: AbortController, ms: number, call: Promise<unknown>): Promise<unknown> {
  let abortedAt = Number.POSITIVE_INFINITY;
  setTimeout(() => {
    abortedAt = performance.now();
    controller.abort();
  }, ms);
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(performance.now() - abortedAt).toBeLessThan(SETTLE_MS);
  return error;
}

let bomb: Buffer | undefined;
/** 1 GiB of JSON from 1 MiB of gzip (16 members of 64 MiB): on the wire in a moment, far longer to decode. */
function gzipBomb(): Buffer {
  if (bomb) return bomb;
  const member = gzipSync(Buffer.alloc(64 * 1_048_576, ' '));
  return (bomb = Buffer.concat([gzipSync('['), ...Array.from({ length: 16 }, () => member)]));
}

describe('per-call timeoutMs: the attempt deadline decides, to the millisecond', () => {
  // A process's first request loads the HTTP stack, whose evaluation holds the event loop (tens of ms on a loaded
  // machine) and every timer with it: the timing cases start warm.
  beforeAll(async () => {
    const service = await localService();
    await testClient(service.v1).client.citiesNear('Lyon');
  });

  it('rejects a 1.5 s answer after 300 ms with a TimeoutError (one attempt)', async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1);
    const { ms, timerMs, error } = await besideTimer(
      client.citiesNear('Lyon', { timeoutMs: 300, maxAttempts: 1 }),
      300,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/no complete answer within 0\.3 s per attempt \(1 attempt\)/);
    expect(ms).toBeGreaterThanOrEqual(299);
    expect(ms - timerMs).toBeLessThan(SETTLE_MS);
  });

  for (const stack of STACKS) {
    it(`stops decoding a compressed answer that arrived whole at the deadline (${stack})`, async () => {
      const body = gzipBomb();
      const { url } = await rawServer((_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'content-length': body.length,
        });
        res.end(body);
      });
      const { client } = testClient(`${url}/v1`, { maxAttempts: 1, maxBodyBytes: 2 * 1_073_741_824 }, stack);
      const { ms, timerMs, error } = await besideTimer(client.citiesNear('Lyon', { timeoutMs: 200 }), 200);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(ms).toBeGreaterThanOrEqual(199);
      expect(ms - timerMs).toBeLessThan(SETTLE_MS);
    });
  }

  it('rejects at once with timeoutMs: 1, while the connection is still opening', async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1, { timeoutMs: 1, maxAttempts: 1 });
    const { ms, timerMs, error } = await besideTimer(client.citiesNear('Lyon'), 1);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms - timerMs).toBeLessThan(SETTLE_MS);
  });

  it('never lets a 550 ms answer through a 100 ms limit, and bounds each of the 3 default attempts', async () => {
    const service = await localService({ latencyMs: 550 });
    // The backoff's randomness at its top: the waits are the whole windows (19 ms, then 39 ms).
    const { client, attempts } = testClient(service.v1, { retryBaseDelayMs: 20 }, 'fetch', { random: () => 0.999 });
    const { ms, error } = await timed(client.search({ depart: 'Paris' }, { timeoutMs: 100 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/within 0\.1 s per attempt \(3 attempts\)/);
    expect(service.stats.requests(SEARCH)).toBe(3);
    expect(attempts.map((attempt) => attempt.status)).toEqual([undefined, undefined, undefined]);
    for (const attempt of attempts) {
      expect(attempt.ms).toBeGreaterThanOrEqual(99);
      expect(attempt.ms).toBeLessThan(550);
    }
    // Three attempts of 100 ms and the backoff between them (19 ms, then 39 ms); never one 550 ms answer.
    expect(ms).toBeGreaterThanOrEqual(3 * 100 + 19 + 39 - 2);
    expect(ms).toBeLessThan(3 * 550);
  });

  it('cuts a connection that never opens (a TLS handshake left unanswered) at the limit', async () => {
    // undici holds an abort until the connection is made: the deadline must not wait for it.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const { client } = testClient(`https://127.0.0.1:${port}/v1`, { maxAttempts: 1, timeoutMs: 300 });
      const { ms, timerMs, error } = await besideTimer(client.citiesNear('Lyon', { timeoutMs: 200 }), 200);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(ms).toBeGreaterThanOrEqual(199);
      expect(ms - timerMs).toBeLessThan(SETTLE_MS);
      expect(sockets.size).toBe(1);
      // The connection still opening is let go within the client's limit and a second (undici ticks by half a second): close() is not held.
      const closing = await timed(client.close());
      expect(closing.error).toBeUndefined();
      expect(closing.ms).toBeLessThan(300 + 1_000 + 1_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('never cuts an attempt before a limit above a second, and never lets an answer past it through', async () => {
    // undici's own timers of a second and more tick by half a second, early or late: they must not decide.
    // Calls started a tenth of a second apart cover every phase of that tick.
    const staggered = (timeoutMs: number) =>
      Promise.all(
        [0, 100, 200, 300, 400].map(async (startAt) => {
          await new Promise((resolve) => setTimeout(resolve, startAt));
          return timed(client.citiesNear('Lyon', { timeoutMs }));
        }),
      );
    // A limit of 1 490 ms on undici's tick could fire from 998 ms on: two of these five would be cut before 1 200 ms.
    const service = await localService({ latencyMs: 1_200 });
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    const inside = await staggered(1_490);
    // An answer 290 ms inside the limit arrives; only a machine stalled past the limit may see it cut, and then not early.
    for (const { ms, error } of inside)
      if (error !== undefined)
        expect({ ms: ms >= 1_489, error }).toEqual({ ms: true, error: expect.any(TimeoutError) });
    expect(inside.filter(({ error }) => error === undefined).length).toBeGreaterThan(0);
    const past = await staggered(1_000);
    for (const { ms, error } of past) {
      expect(error).toBeInstanceOf(TimeoutError);
      expect(ms).toBeGreaterThanOrEqual(999);
    }
  });

  it("overrides the client's limit for that call only, longer or shorter", async () => {
    const service = await localService({ latencyMs: 550 });
    const { client } = testClient(service.v1, { timeoutMs: 100, maxAttempts: 1 });
    // Longer: no timer of the client's 100 ms (connect, headers, body) cuts the call short.
    const near = await client.citiesNear('Lyon', { timeoutMs: 3_000 });
    expect(near.cities.length).toBeGreaterThan(0);
    await expect(client.citiesNear('Lyon')).rejects.toBeInstanceOf(TimeoutError);

    const { client: patient } = testClient(service.v1, { timeoutMs: 30_000, maxAttempts: 1 });
    const { ms, timerMs, error } = await besideTimer(patient.parisMarseilleCache({ timeoutMs: 200 }), 200);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms - timerMs).toBeLessThan(SETTLE_MS);
    expect((await patient.parisMarseilleCache()).ids.length).toBeGreaterThan(0);
  });

  it('applies to each page of a walk, and to each search of searchTrips', async () => {
    const service = await localService({ latencyMs: 550 });
    const { client } = testClient(service.v1);
    await expect(client.searchPages({}, { timeoutMs: 100, maxAttempts: 1 }).next()).rejects.toBeInstanceOf(
      TimeoutError,
    );
    await expect(client.searchTrips({}, { timeoutMs: 100, maxAttempts: 2 }).next()).rejects.toThrow(
      /within 0\.1 s per attempt \(2 attempts\)/,
    );
    expect(service.stats.requests(SEARCH)).toBe(3);
  });

  it("bounds the listing's head by the call's limit", async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    const listing = client.listing({ timeoutMs: 200 });
    const { ms, timerMs, error } = await besideTimer(listing.next(), 200);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeGreaterThanOrEqual(199);
    expect(ms - timerMs).toBeLessThan(SETTLE_MS);
  });
});

describe('per-call maxAttempts', () => {
  it("overrides the client's count for that call only", async () => {
    const service = await localService();
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    service.faults.failNext(2, SEARCH);
    const page = await client.search({}, { maxAttempts: 3 });
    expect(page.routes.length).toBeGreaterThan(0);
    expect(service.stats.requests(SEARCH)).toBe(3);

    service.faults.failNext(1, SEARCH);
    await expect(client.search({})).rejects.toBeInstanceOf(ApiError);
    expect(service.stats.requests(SEARCH)).toBe(4);
  });

  it('gives up after one attempt with maxAttempts: 1 on a batch, which is otherwise retried', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    service.faults.failNext(1, '/route/ai/batch');
    await expect(client.batch([{ depart: 'Paris' }], { maxAttempts: 1 })).rejects.toMatchObject({ status: 500 });
    expect(service.stats.requests('/route/ai/batch')).toBe(1);
  });
});

describe('per-call signal: that call stops at once, the client goes on', () => {
  it('aborts citiesNear mid-request against a slow service', async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1);
    const controller = new AbortController();
    const near = client.citiesNear('Lyon', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.stats.requests(NEAR)).toBe(1);
    const aborted = performance.now();
    controller.abort();
    const error = await near.catch((caught: unknown) => caught);
    expect(performance.now() - aborted).toBeLessThan(SETTLE_MS);
    expect(error).toBeInstanceOf(InterruptedError);
    expect((error as InterruptedError).cause).toBe(controller.signal.reason);
    // The client itself is not cancelled.
    expect((await client.citiesNear('Lyon')).cities.length).toBeGreaterThan(0);
  });

  it('aborts a wait for a retry', async () => {
    const service = await localService();
    const { client } = testClient(service.v1, { retryBaseDelayMs: 10_000 });
    service.faults.failNext(1, NEAR);
    const controller = new AbortController();
    const near = client.citiesNear('Lyon', { signal: controller.signal });
    const error = await abortAfter(controller, 100, near);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(service.stats.requests(NEAR)).toBe(1);
  });

  it('aborts a wait for the rate budget, and the request is never sent', async () => {
    const service = await localService();
    const { client } = testClient(service.v1, { ratePerMinute: 1 });
    await client.citiesNear('Lyon');
    const controller = new AbortController();
    const job = client.getJob('some-job', { signal: controller.signal });
    const error = await abortAfter(controller, 100, job);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(service.stats.requests('/route/ai/jobs/{jobId}')).toBe(0);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    await expect(client.createJob({ depart: 'Paris' }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      InterruptedError,
    );
    expect(service.stats.requests('/route/ai/jobs')).toBe(0);
  });

  it('stops a page walk and a listing', async () => {
    const service = await localService({ latencyMs: 300 });
    const { client } = testClient(service.v1);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const pages = client.searchPages({}, { signal: controller.signal });
    await expect(pages.next()).rejects.toBeInstanceOf(InterruptedError);
    const listing = client.listingRecords({ signal: AbortSignal.abort() });
    await expect(listing.next()).rejects.toBeInstanceOf(InterruptedError);
  });
});

describe('per-call headers', () => {
  it("adds them to the call's requests, keeps the stripped ones stripped and the batch's Idempotency-Key", async () => {
    const echo = await rawServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.includes('batch') ? '{"results":[],"book_url":"u"}' : '{"cities":[]}');
    });
    const { client } = testClient(`${echo.url}/v1`);
    await client.citiesNear('Lyon', {
      headers: { 'X-Request-Id': 'call-1', Cookie: 'a=b', authorization: 'Bearer x' },
    });
    await client.batch([{ depart: 'Paris' }], { idempotencyKey: 'key-1', headers: { 'x-request-id': 'call-2' } });
    await client.citiesNear('Lyon');
    const [first, batch, plain] = echo.requests.map((req) => req.headers);
    expect(first?.['x-request-id']).toBe('call-1');
    expect(first).not.toHaveProperty('cookie');
    expect(first).not.toHaveProperty('authorization');
    expect(batch).toMatchObject({ 'x-request-id': 'call-2', 'idempotency-key': 'key-1' });
    expect(plain).not.toHaveProperty('x-request-id');
  });
});
