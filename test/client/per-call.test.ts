import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, InterruptedError, TimeoutError } from '../../src/errors.js';
import { LATE_MS, probe, settlesWithin, until } from '../helpers/timers.js';
import { localService, rawServer, STACKS, testClient } from './helpers.js';

const NEAR = '/route/cities-near';
const SEARCH = '/route/ai/search';

/**
 * Runs the call `start` makes against its limit of `limitMs`, without reading the clock: `notBefore` says a plain
 * timer of the limit, started just before the call, had fired when it settled (the call was not cut early), and
 * `inTime` that it settled before a plain timer of the limit and LATE_MS (it was not held past its limit).
 */
async function againstLimit<T>(
  limitMs: number,
  start: () => Promise<T>,
): Promise<{ notBefore: boolean; inTime: boolean; value?: T; error?: unknown }> {
  const early = probe(limitMs);
  const settled = await settlesWithin(start(), limitMs + LATE_MS);
  early.clear();
  return { ...settled, notBefore: early.fired };
}

/**
 * Aborts `controller` once `ready()` holds (the call is at the step under test); `call` must settle within LATE_MS
 * of the abort. Returns what it rejected with.
 */
async function abortWhen(ready: () => boolean, controller: AbortController, call: Promise<unknown>): Promise<unknown> {
  await until(ready);
  const settled = settlesWithin(call, LATE_MS);
  controller.abort();
  const { inTime, error } = await settled;
  expect(inTime).toBe(true);
  return error;
}

let bomb: Buffer | undefined;
/** 1 GiB of JSON from 1 MiB of gzip (16 members of 64 MiB): on the wire in a moment, far longer to decode. */
function gzipBomb(): Buffer {
  if (bomb) return bomb;
  const member = gzipSync(Buffer.alloc(64 * 1_048_576, ' '));
  return (bomb = Buffer.concat([gzipSync('['), ...Array.from({ length: 16 }, () => member)]));
}

describe('per-call timeoutMs: the attempt deadline decides, not before its limit and not long after', () => {
  // A process's first request loads the HTTP stack, whose evaluation holds the event loop (tens of ms on a loaded
  // machine) and every timer with it: the timing cases start warm.
  beforeAll(async () => {
    const service = await localService();
    await testClient(service.v1).client.citiesNear('Lyon');
  });

  it('rejects a 1.5 s answer after 300 ms with a TimeoutError (one attempt)', async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1);
    // Held for the answer, the call would settle 1.2 s after its limit: past LATE_MS.
    const { notBefore, inTime, error } = await againstLimit(300, () =>
      client.citiesNear('Lyon', { timeoutMs: 300, maxAttempts: 1 }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/no complete answer within 0\.3 s per attempt \(1 attempt\)/);
    expect({ notBefore, inTime }).toEqual({ notBefore: true, inTime: true });
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
      // Decoding the whole gigabyte takes seconds: past LATE_MS.
      const { notBefore, inTime, error } = await againstLimit(200, () => client.citiesNear('Lyon', { timeoutMs: 200 }));
      expect(error).toBeInstanceOf(TimeoutError);
      expect({ notBefore, inTime }).toEqual({ notBefore: true, inTime: true });
    });
  }

  for (const stack of STACKS) {
    it(`never takes a body that ends at the connection's close, cut by the deadline, for a whole one (${stack})`, async () => {
      // No Content-Length, not chunked: the body ends when the connection closes, which the abort itself does.
      const sockets = new Set<Socket>();
      const endless = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.once('data', () => {
          socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"cities": [');
          const timer = setInterval(() => socket.write('{"name": "Lyon", "distance_km": 0},'), 5);
          socket.once('close', () => clearInterval(timer));
        });
      });
      await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = endless.address() as AddressInfo;
        const { client } = testClient(`http://127.0.0.1:${port}/v1`, { maxAttempts: 1 }, stack);
        const { notBefore, inTime, error } = await againstLimit(200, () =>
          client.citiesNear('Lyon', { timeoutMs: 200 }),
        );
        expect(error).toBeInstanceOf(TimeoutError);
        expect({ notBefore, inTime }).toEqual({ notBefore: true, inTime: true });
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => endless.close(resolve));
      }
    });
  }

  it('rejects at once with timeoutMs: 1, while the connection is still opening', async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1, { timeoutMs: 1, maxAttempts: 1 });
    const { inTime, error } = await againstLimit(1, () => client.citiesNear('Lyon'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(inTime).toBe(true);
  });

  it('never lets a 550 ms answer through a 100 ms limit, and bounds each of the 3 default attempts', async () => {
    const service = await localService({ latencyMs: 550 });
    // The backoff's randomness at its top: the waits are the whole windows (19 ms, then 39 ms).
    const { client, attempts } = testClient(service.v1, { retryBaseDelayMs: 20 }, 'fetch', { random: () => 0.999 });
    // Three attempts of 100 ms and the backoff between them, one after another.
    // (Less a millisecond: timers of different lengths that end on the same millisecond fire in either order.)
    const early = probe(3 * 100 + 19 + 39 - 1);
    const error = await client.search({ depart: 'Paris' }, { timeoutMs: 100 }).catch((caught: unknown) => caught);
    expect(early.fired).toBe(true);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/within 0\.1 s per attempt \(3 attempts\)/);
    // Three attempts; on a busy machine one may be cut before the service has even read it.
    expect(attempts).toHaveLength(3);
    expect(service.stats.requests(SEARCH)).toBeLessThanOrEqual(3);
    // No attempt had an answer: none waited for the 550 ms one.
    expect(attempts.map((attempt) => attempt.status)).toEqual([undefined, undefined, undefined]);
  });

  it('cuts a connection that never opens (a TLS handshake left unanswered) at the limit', async () => {
    // undici holds an abort until the connection is made: the deadline must not wait for it.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const { client } = testClient(`https://127.0.0.1:${port}/v1`, { maxAttempts: 1, timeoutMs: 300 });
      // Held by undici until the connection opens, the call would never settle.
      const { notBefore, inTime, error } = await againstLimit(200, () => client.citiesNear('Lyon', { timeoutMs: 200 }));
      expect(error).toBeInstanceOf(TimeoutError);
      expect({ notBefore, inTime }).toEqual({ notBefore: true, inTime: true });
      expect(sockets.size).toBe(1);
      // The connection still opening is let go within the client's limit and a second (undici ticks by half a second): close() is not held.
      const closing = await settlesWithin(client.close(), 300 + 1_000 + LATE_MS);
      expect(closing).toEqual({ inTime: true, value: undefined });
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
          return againstLimit(timeoutMs, () => client.citiesNear('Lyon', { timeoutMs }));
        }),
      );
    // A limit of 1 490 ms on undici's tick could fire from 998 ms on: two of these five would be cut before 1 200 ms.
    const service = await localService({ latencyMs: 1_200 });
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    const inside = await staggered(1_490);
    // An answer 290 ms inside the limit arrives; only a machine stalled past the limit may see it cut, and then not early.
    for (const { notBefore, error } of inside)
      if (error !== undefined)
        expect({ notBefore, error }).toEqual({ notBefore: true, error: expect.any(TimeoutError) });
    expect(inside.filter(({ error }) => error === undefined).length).toBeGreaterThan(0);
    const past = await staggered(1_000);
    for (const { notBefore, error } of past) {
      expect(error).toBeInstanceOf(TimeoutError);
      expect(notBefore).toBe(true);
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
    // Held to the client's 30 s, the call would have had its answer (550 ms) instead of a TimeoutError.
    const { notBefore, error } = await againstLimit(200, () => patient.parisMarseilleCache({ timeoutMs: 200 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(notBefore).toBe(true);
    expect((await patient.parisMarseilleCache()).ids.length).toBeGreaterThan(0);
  });

  it('applies to each page of a walk, and to each search of searchTrips', async () => {
    const service = await localService({ latencyMs: 550 });
    const { client, attempts } = testClient(service.v1);
    await expect(client.searchPages({}, { timeoutMs: 100, maxAttempts: 1 }).next()).rejects.toBeInstanceOf(
      TimeoutError,
    );
    await expect(client.searchTrips({}, { timeoutMs: 100, maxAttempts: 2 }).next()).rejects.toThrow(
      /within 0\.1 s per attempt \(2 attempts\)/,
    );
    // One attempt, then two; on a busy machine one may be cut before the service has even read it.
    expect(attempts).toHaveLength(3);
    expect(service.stats.requests(SEARCH)).toBeLessThanOrEqual(3);
  });

  it("bounds the listing's head by the call's limit", async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    const listing = client.listing({ timeoutMs: 200 });
    // Held for the answer, the head would settle 1.3 s after its limit: past LATE_MS.
    const { notBefore, inTime, error } = await againstLimit(200, () => listing.next());
    expect(error).toBeInstanceOf(TimeoutError);
    expect({ notBefore, inTime }).toEqual({ notBefore: true, inTime: true });
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
    // Held for the answer, the call would settle up to 1.5 s after the abort: past LATE_MS.
    const error = await abortWhen(() => service.stats.requests(NEAR) === 1, controller, near);
    expect(error).toBeInstanceOf(InterruptedError);
    expect((error as InterruptedError).cause).toBe(controller.signal.reason);
    // The client itself is not cancelled.
    expect((await client.citiesNear('Lyon')).cities.length).toBeGreaterThan(0);
  });

  it('aborts a wait for a retry', async () => {
    const service = await localService();
    // A backoff of a minute: held for it, the call would outlast the test's timeout.
    const { client, attempts } = testClient(service.v1, { retryBaseDelayMs: 60_000 });
    service.faults.failNext(1, NEAR);
    const controller = new AbortController();
    const near = client.citiesNear('Lyon', { signal: controller.signal });
    const error = await abortWhen(() => attempts.length === 1, controller, near);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(service.stats.requests(NEAR)).toBe(1);
  });

  it('aborts a wait for the rate budget, and the request is never sent', async () => {
    const service = await localService();
    let waiting = false;
    // One request a minute: held for the budget, the call would outlast the test's timeout.
    const { client } = testClient(service.v1, { ratePerMinute: 1, onRateWait: () => (waiting = true) });
    await client.citiesNear('Lyon');
    const controller = new AbortController();
    const job = client.getJob('some-job', { signal: controller.signal });
    const error = await abortWhen(() => waiting, controller, job);
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
