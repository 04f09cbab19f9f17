import { describe, expect, it } from 'vitest';
import {
  ApiError,
  InterruptedError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from '../../src/errors.js';
import { LATE_MS, settlesWithin, until } from '../helpers/timers.js';
import { closedPort, localService, rawServer, STACKS, testClient, testClient as testClientOf } from './helpers.js';

const SEARCH = '/route/ai/search';

describe('retries against the local service', () => {
  it('retries two 500s and succeeds on the third attempt', async () => {
    const service = await localService();
    const { client, attempts } = testClient(service.v1);
    service.faults.failNext(2, SEARCH);
    const page = await client.search({ depart: 'Paris' });
    expect(page.routes.length).toBeGreaterThan(0);
    expect(service.stats.requests(SEARCH)).toBe(3);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(attempts[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/route\/ai\/search\?depart=Paris$/);
  });

  it('waits with exponential backoff between attempts (a random share of the base, then of twice the base)', async () => {
    const service = await localService();
    const slept: number[] = [];
    const { client } = testClient(service.v1, { retryBaseDelayMs: 80 }, 'fetch', {
      random: () => 0.75,
      sleep: async (ms) => void slept.push(ms),
    });
    service.faults.failNext(2, SEARCH);
    await client.search({});
    expect(slept).toEqual([60, 120]);
    expect(service.stats.requests(SEARCH)).toBe(3);
  });

  it('gives up after three 500s with an ApiError naming status, URL and the service message', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    service.faults.failNext(3, SEARCH);
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).message).toMatch(
      /^The service answered 500 Internal Server Error for GET http:\/\/127\.0\.0\.1:\d+\/v1\/route\/ai\/search: ".+"$/,
    );
    expect(service.stats.requests(SEARCH)).toBe(3);
  });

  it('honours Retry-After on a 429, then succeeds', async () => {
    const service = await localService();
    const slept: number[] = [];
    const { client, attempts } = testClient(service.v1, {}, 'fetch', { sleep: async (ms) => void slept.push(ms) });
    service.faults.rateLimitNext(1, 1, SEARCH);
    await client.search({});
    expect(slept).toEqual([1000]);
    expect(attempts.map((a) => a.status)).toEqual([429, 200]);
  });

  it('fails at once when Retry-After is above the cap, saying how long the service asked to wait', async () => {
    const service = await localService();
    const { client } = testClient(service.v1, { maxRetryAfterSeconds: 120 });
    service.faults.rateLimitNext(1, 600, SEARCH);
    // Waiting the 600 s would outlast the test's timeout.
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as Error).message).toMatch(/asked to wait 600 s/);
    expect(service.stats.requests(SEARCH)).toBe(1);
  });

  it('redoes a request whose connection was cut mid-body', async () => {
    const service = await localService();
    const { client, attempts } = testClient(service.v1);
    service.faults.cutNext(1, SEARCH);
    const page = await client.search({});
    expect(page.routes.length).toBeGreaterThan(0);
    expect(service.stats.requests(SEARCH)).toBe(2);
    expect(attempts[0]?.error).toBeTruthy();
    expect(attempts[1]).toMatchObject({ attempt: 2, status: 200 });
    expect(attempts[1]?.error).toBeUndefined();
  });

  it('reports a body that is not JSON clearly, naming the endpoint, type and size', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    service.faults.malformedNext(2, SEARCH);
    await expect(client.search({})).rejects.toThrow(
      /^GET \/route\/ai\/search returned a body that is not JSON \(text\/html, \d+ bytes\)/,
    );
    await expect(client.search({})).rejects.toThrow(
      /^GET \/route\/ai\/search returned a body that is not JSON \(application\/json, \d+ bytes\)/,
    );
  });

  it('calls onDeprecation once per endpoint path', async () => {
    const service = await localService({ deprecate: [SEARCH, '/route/cities-near'] });
    const seen: { endpoint: string; value: string }[] = [];
    const { client } = testClient(service.v1, { onDeprecation: (info) => seen.push(info) });
    await client.search({});
    await client.search({ depart: 'Lyon' });
    await client.citiesNear('Lyon');
    await client.citiesNear('Paris');
    await client.parisMarseilleCache();
    expect(seen.map((info) => info.endpoint).sort()).toEqual(['/route/ai/search', '/route/cities-near']);
    expect(seen[0]?.value).toBeTruthy();
  });

  it('raises NotFoundError on an unknown job', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    await expect(client.getJob('no-such-job')).rejects.toBeInstanceOf(NotFoundError);
    expect(service.stats.requests('/route/ai/jobs/{jobId}')).toBe(1);
  });

  it('retries a batch POST carrying an Idempotency-Key and runs it once', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    service.faults.failNext(1, '/route/ai/batch');
    const answer = await client.batch([{ depart: 'Paris' }, { arrival: 'Marseille' }], { idempotencyKey: 'key-1' });
    expect(answer.results.map((result) => result.index)).toEqual([0, 1]);
    expect(service.stats.requests('/route/ai/batch')).toBe(2);
    expect(service.stats.batchRuns()).toBe(1);
  });

  it('does not retry job creation after a 500', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    service.faults.failNext(1, '/route/ai/jobs');
    await expect(client.createJob({ depart: 'Paris' })).rejects.toBeInstanceOf(ApiError);
    expect(service.stats.requests('/route/ai/jobs')).toBe(1);
  });

  it('returns error statuses of raw requests instead of throwing, after the same retries', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    const missing = await client.request('GET', '/no/such/path');
    expect(missing.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(missing.body))).toHaveProperty('error');
    service.faults.failNext(3, SEARCH);
    const failed = await client.request('get', SEARCH, { query: { depart: 'Paris' } });
    expect(failed.status).toBe(500);
    expect(service.stats.requests(SEARCH)).toBe(3);
  });

  it('aborts promptly during a backoff wait', async () => {
    const service = await localService();
    const controller = new AbortController();
    // A backoff of a minute: waited out, it would outlast the test's timeout.
    const { client, attempts } = testClient(service.v1, { retryBaseDelayMs: 60_000, signal: controller.signal });
    service.faults.failNext(3, SEARCH);
    const search = client.search({});
    await until(() => attempts.length === 1);
    const settled = settlesWithin(search, LATE_MS);
    controller.abort();
    const { inTime, error } = await settled;
    expect(error).toBeInstanceOf(InterruptedError);
    expect(inTime).toBe(true);
  });
});

describe.each(STACKS)('failures without an answer, through %s', (stack) => {
  const testClient = (baseUrl: string, options: Parameters<typeof testClientOf>[1] = {}) =>
    testClientOf(baseUrl, options, stack);

  it('raises a NetworkError naming the URL at once when the connection is refused (nothing to wait for)', async () => {
    const port = await closedPort();
    // A backoff of a minute: a retry, or a wait before giving up, would outlast the test's timeout.
    const { client, attempts } = testClient(`http://127.0.0.1:${port}/v1`, { retryBaseDelayMs: 60_000 });
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(
      `Could not reach 127.0.0.1:${port} for GET http://127.0.0.1:${port}/v1/route/ai/search: connect ECONNREFUSED 127.0.0.1:${port}. Check baseUrl and that the service is running.`,
    );
    expect(attempts).toHaveLength(1);
  });

  it('raises a TimeoutError after three headers timeouts', async () => {
    const hanging = await rawServer(() => undefined);
    const { client, attempts } = testClient(hanging.url, { timeoutMs: 100 });
    await expect(client.search({})).rejects.toBeInstanceOf(TimeoutError);
    // Three attempts; on a busy machine one may be cut before the server has even read it.
    expect(attempts).toHaveLength(3);
    expect(hanging.requests.length).toBeLessThanOrEqual(3);
  });

  it('does not follow a redirect to another host, naming the Location', async () => {
    const redirecting = await rawServer((_req, res) => {
      res.writeHead(302, { location: 'http://elsewhere.invalid/v1/route/ai/search' });
      res.end();
    });
    const { client } = testClient(`${redirecting.url}/v1`);
    await expect(client.search({})).rejects.toThrow(
      /302 Found .*redirects to http:\/\/elsewhere\.invalid\/v1\/route\/ai\/search, which is another host/,
    );
    expect(redirecting.requests).toHaveLength(1);
  });

  it('sends the motoroute User-Agent and never cookies or credentials', async () => {
    const echo = await rawServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.headers));
    });
    const { client } = testClient(`${echo.url}/v1/`);
    const answer = await client.request('GET', '/route/ai/search', {
      headers: { Cookie: 'a=b', Authorization: 'Bearer x' },
    });
    const headers = JSON.parse(new TextDecoder().decode(answer.body)) as Record<string, string>;
    expect(headers['user-agent']).toMatch(/^motoroute\/\S+ \(\+node \d+\.\d+\.\d+\)$/);
    expect(headers).not.toHaveProperty('cookie');
    expect(headers).not.toHaveProperty('authorization');
    expect(echo.requests[0]?.url).toBe('/v1/route/ai/search');
  });

  it('reuses the same Idempotency-Key on every retry of a batch', async () => {
    let calls = 0;
    const flaky = await rawServer((_req, res) => {
      calls++;
      res.writeHead(calls < 3 ? 503 : 200, { 'content-type': 'application/json' });
      res.end(calls < 3 ? '{"error":"busy"}' : '{"results":[],"book_url":"u"}');
    });
    const { client } = testClient(flaky.url);
    await client.batch([{ depart: 'Paris' }]);
    const keys = flaky.requests.map((req) => req.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a base URL that is not http(s)', async () => {
    const { UsageError } = await import('../../src/errors.js');
    expect(() => testClient('ftp://127.0.0.1/v1')).toThrow(UsageError);
    expect(() => testClient('not a url')).toThrow(UsageError);
  });
});

describe('the library speaks of its options, never of command-line flags', () => {
  it('names the remedy in its own terms and keeps the facts apart, for a face to word them', async () => {
    // A port nothing listens on (not 9: fetch refuses the ports of its blocked list before connecting).
    const { client } = testClient(`http://127.0.0.1:${await closedPort()}/v1`, { maxAttempts: 1 });
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    const failure = error as NetworkError;
    expect(failure.message).not.toMatch(/--[a-z]/);
    expect(failure.remedy).toEqual({ kind: 'base-url' });
    expect(failure.message).toBe(`${failure.facts} Check baseUrl and that the service is running.`);
  });
});
