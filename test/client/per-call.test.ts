import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import type { RequestCallOptions } from '../../src/client/options.js';
import { ApiError, InterruptedError, TimeoutError } from '../../src/errors.js';
import { localService, rawServer, testClient } from './helpers.js';

const NEAR = '/route/cities-near';
const SEARCH = '/route/ai/search';
// Upper bounds leave room for a loaded machine (test files run side by side); the lower ones are exact.
const SLACK_MS = 100;

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

describe('per-call timeoutMs: the attempt deadline decides, to the millisecond', () => {
  it('rejects a 1.5 s answer after 300 ms with a TimeoutError (one attempt)', async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1);
    const { ms, error } = await timed(client.citiesNear('Lyon', { timeoutMs: 300, maxAttempts: 1 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/no complete answer within 0\.3 s per attempt \(1 attempt\)/);
    expect(ms).toBeGreaterThanOrEqual(299);
    expect(ms).toBeLessThan(300 + SLACK_MS);
  });

  it('rejects at once with timeoutMs: 1', async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1, { timeoutMs: 1, maxAttempts: 1 });
    await client.citiesNear('Lyon').catch(() => undefined); // loads the HTTP stack, which a first call waits for
    const { ms, error } = await timed(client.citiesNear('Lyon'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('never lets a 550 ms answer through a 100 ms limit, and bounds each of the 3 default attempts', async () => {
    const service = await localService({ latencyMs: 550 });
    const { client, attempts } = testClient(service.v1, { retryBaseDelayMs: 20 });
    const { ms, error } = await timed(client.search({ depart: 'Paris' }, { timeoutMs: 100 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/within 0\.1 s per attempt \(3 attempts\)/);
    expect(service.stats.requests(SEARCH)).toBe(3);
    expect(attempts.map((attempt) => attempt.status)).toEqual([undefined, undefined, undefined]);
    for (const attempt of attempts) {
      expect(attempt.ms).toBeGreaterThanOrEqual(99);
      expect(attempt.ms).toBeLessThan(100 + SLACK_MS);
    }
    // Three attempts of 100 ms and the backoff between them (20 ms, then 40 ms).
    expect(ms).toBeGreaterThanOrEqual(3 * 100 + 20 + 40 - 2);
    expect(ms).toBeLessThan(3 * 100 + 20 + 40 + 3 * SLACK_MS);
  });

  it('holds a limit above a second exactly: an answer just inside it arrives, one just past it is cut on time', async () => {
    // undici's own timers of a second and more tick by half a second, early or late: they must not decide.
    // Calls started a tenth of a second apart cover every phase of their half-second tick.
    const staggered = (timeoutMs: number) =>
      Promise.all([0, 100, 200, 300, 400].map(async (startAt) => {
        await new Promise((resolve) => setTimeout(resolve, startAt));
        return timed(client.citiesNear('Lyon', { timeoutMs }));
      }));
    const service = await localService({ latencyMs: 1_250 });
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    const inside = await staggered(1_400);
    for (const { error } of inside) expect(error).toBeUndefined();
    const past = await staggered(1_000);
    for (const { ms, error } of past) {
      expect(error).toBeInstanceOf(TimeoutError);
      expect(ms).toBeGreaterThanOrEqual(999);
      expect(ms).toBeLessThan(1_000 + SLACK_MS);
    }
  });

  it('overrides the client\'s limit for that call only, longer or shorter', async () => {
    const service = await localService({ latencyMs: 550 });
    const { client } = testClient(service.v1, { timeoutMs: 100, maxAttempts: 1 });
    // Longer: no timer of the client's 100 ms (connect, headers, body) cuts the call short.
    const near = await client.citiesNear('Lyon', { timeoutMs: 3_000 });
    expect(near.cities.length).toBeGreaterThan(0);
    await expect(client.citiesNear('Lyon')).rejects.toBeInstanceOf(TimeoutError);

    const { client: patient } = testClient(service.v1, { timeoutMs: 30_000, maxAttempts: 1 });
    const { ms, error } = await timed(patient.parisMarseilleCache({ timeoutMs: 200 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(200 + SLACK_MS);
    expect((await patient.parisMarseilleCache()).ids.length).toBeGreaterThan(0);
  });

  it('bounds the listing\'s head by the call\'s limit', async () => {
    const service = await localService({ latencyMs: 1500 });
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    const listing = client.listing({ timeoutMs: 200 });
    const { ms, error } = await timed(listing.next());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(200 + SLACK_MS);
  });
});

describe('per-call maxAttempts', () => {
  it('overrides the client\'s count for that call only', async () => {
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
    expect(performance.now() - aborted).toBeLessThan(SLACK_MS / 2);
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
    setTimeout(() => controller.abort(), 100);
    const { ms, error } = await timed(near);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(ms).toBeLessThan(100 + SLACK_MS);
    expect(service.stats.requests(NEAR)).toBe(1);
  });

  it('aborts a wait for the rate budget, and the request is never sent', async () => {
    const service = await localService();
    const { client } = testClient(service.v1, { ratePerMinute: 1 });
    await client.citiesNear('Lyon');
    const controller = new AbortController();
    const near = client.getJob('some-job', { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const { ms, error } = await timed(near);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(ms).toBeLessThan(100 + SLACK_MS);
    expect(service.stats.requests('/route/ai/jobs/{jobId}')).toBe(0);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    await expect(client.createJob({ depart: 'Paris' }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(InterruptedError);
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
  it('adds them to the call\'s requests, keeps the stripped ones stripped and the batch\'s Idempotency-Key', async () => {
    const echo = await rawServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.includes('batch') ? '{"results":[],"book_url":"u"}' : '{"cities":[]}');
    });
    const { client } = testClient(`${echo.url}/v1`);
    await client.citiesNear('Lyon', { headers: { 'X-Request-Id': 'call-1', Cookie: 'a=b', authorization: 'Bearer x' } });
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

describe('a bad per-call value is a RangeError naming the option, before any request', () => {
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['timeoutMs 0', { timeoutMs: 0 }, /^timeoutMs must be a number of milliseconds above 0, at most 2147483647; got 0\.$/],
    ['timeoutMs -5', { timeoutMs: -5 }, /^timeoutMs must .*; got -5\.$/],
    ['timeoutMs NaN', { timeoutMs: Number.NaN }, /^timeoutMs must .*; got NaN\.$/],
    ['timeoutMs past a timer\'s limit', { timeoutMs: 2 ** 31 }, /^timeoutMs must .*; got 2147483648\.$/],
    ['timeoutMs as text', { timeoutMs: '300' }, /^timeoutMs must .*; got "300"\.$/],
    ['maxAttempts 0', { maxAttempts: 0 }, /^maxAttempts must be a whole number of attempts from 1 .*; got 0\.$/],
    ['maxAttempts 1.5', { maxAttempts: 1.5 }, /^maxAttempts must .*; got 1\.5\.$/],
    ['signal not a signal', { signal: {} }, /^signal must be an AbortSignal; got an object \(Object\)\.$/],
    ['headers not an object', { headers: 'x-a: b' }, /^headers must be an object .*; got "x-a: b"\.$/],
    ['a header name with a space', { headers: { 'x a': 'b' } }, /^headers must have valid header names; got "x a"\.$/],
    ['a header value with a line break', { headers: { 'x-a': 'b\r\nx-injected: 1' } }, /^headers must have text values without line breaks; got .* for x-a\.$/],
  ];

  it.each(bad)('%s', async (_name, values, message) => {
    // What a JavaScript caller (no type checks) may pass.
    const options = values as RequestCallOptions;
    const service = await localService();
    const { client } = testClient(service.v1);
    const calls: (() => Promise<unknown>)[] = [
      () => client.search({}, options),
      () => client.citiesNear('Lyon', options),
      () => client.parisMarseilleCache(options),
      () => client.batch([{ depart: 'Paris' }], options),
      () => client.createJob({}, options),
      () => client.getJob('job', options),
      () => client.ask('?', options),
      () => client.request('GET', SEARCH, options),
      () => client.getJson('/openapi.json', options),
    ];
    for (const call of calls) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RangeError);
      expect((error as Error).message).toMatch(message);
    }
    // The iterators throw when called, before anything is read.
    expect(() => client.searchPages({}, options)).toThrow(message);
    expect(() => client.searchTrips({}, options)).toThrow(message);
    expect(() => client.listing(options)).toThrow(message);
    expect(() => client.listingRecords(options)).toThrow(message);
    expect(service.stats.requests()).toBe(0);
  });

  it('checks the client\'s own timeoutMs and maxAttempts the same way', () => {
    expect(() => new RouteClient({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 0 })).toThrow(/^timeoutMs must be/);
    expect(() => new RouteClient({ baseUrl: 'http://127.0.0.1:9/v1', maxAttempts: 0 })).toThrow(/^maxAttempts must be/);
  });
});
