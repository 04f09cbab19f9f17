import { describe, expect, it } from 'vitest';
import { ApiPromise } from '../../src/client/api-promise.js';
import { ApiError, NetworkError, NotFoundError, RateLimitError } from '../../src/errors.js';
import { localService, rawServer, testClient } from './helpers.js';

const SEARCH = '/route/ai/search';

describe('.withResponse(): the data and the answer it came from', () => {
  it("shows the service's x-ratelimit-limit, status and URL next to the data", async () => {
    const service = await localService({ rateLimit: 500 });
    const { client } = testClient(service.v1);
    const { data, response } = await client.search({ depart: 'Paris' }).withResponse();
    expect(data.routes.length).toBeGreaterThan(0);
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect(response.url).toBe(`${service.v1}${SEARCH}?depart=Paris`);
    expect(response.headers).toBeInstanceOf(Headers);
    expect(response.headers.get('X-RateLimit-Limit')).toBe('500');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('is a real Promise of the data, one request whichever way it is read', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    const promise = client.citiesNear('Lyon');
    expect(promise).toBeInstanceOf(Promise);
    expect(promise).toBeInstanceOf(ApiPromise);
    const [data, answered, viaThen] = await Promise.all([
      promise,
      promise.withResponse(),
      promise.then((near) => near.cities.length),
    ]);
    expect(answered.data).toBe(data);
    expect(viaThen).toBe(data.cities.length);
    expect(service.stats.requests('/route/cities-near')).toBe(1);
    // then() gives a plain promise, not another ApiPromise.
    expect(promise.then((near) => near)).not.toBeInstanceOf(ApiPromise);
    await expect(promise.finally(() => undefined)).resolves.toBe(data);
  });

  it("gives the last attempt's answer after retries", async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    service.faults.failNext(2, SEARCH);
    const { response } = await client.search({}).withResponse();
    expect(response.status).toBe(200);
    expect(service.stats.requests(SEARCH)).toBe(3);
  });

  it('is on every promise-returning method', async () => {
    const service = await localService({ jobDelayMs: 0 });
    const { client } = testClient(service.v1);
    const job = await client.createJob({ depart: 'Paris' }).withResponse();
    const answers = [
      await client.citiesNear('Lyon').withResponse(),
      await client.parisMarseilleCache().withResponse(),
      await client.batch([{ depart: 'Paris' }]).withResponse(),
      job,
      await client.getJob(job.data.job_id).withResponse(),
      await client.ask('Paris to Lyon?').withResponse(),
      await client.getJson('/openapi.json').withResponse(),
    ];
    for (const { response } of answers) {
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      expect(response.headers.get('x-ratelimit-limit')).toBe('0');
    }
    const raw = await client.request('GET', '/no/such/path').withResponse();
    expect(raw.response.status).toBe(404);
    expect(raw.data.status).toBe(404);
  });

  it('rejects withResponse() like the promise, and a failure read only through it is not left unhandled', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    // Vitest fails the run on an unhandled rejection: the promise itself must not reject unobserved.
    await expect(client.getJob('no-such-job').withResponse()).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.getJob('no-such-job')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.getJob('no-such-job').catch((error: unknown) => (error as ApiError).status)).resolves.toBe(404);
  });
});

describe('errors carry the answer', () => {
  it('gives an ApiError the headers of the error answer', async () => {
    const service = await localService({ rateLimit: 500 });
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    service.faults.failNext(1, SEARCH);
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).headers.get('x-ratelimit-limit')).toBe('500');
    const missing = await client.getJob('no-such-job').catch((caught: unknown) => caught);
    expect((missing as NotFoundError).headers.get('content-type')).toMatch(/json/);
  });

  it('gives an ApiError of an unreadable 2xx body its headers too', async () => {
    const service = await localService();
    const { client } = testClient(service.v1, { maxAttempts: 1 });
    service.faults.malformedNext(1, SEARCH);
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).headers.get('x-ratelimit-limit')).toBe('0');
  });

  it('gives a RateLimitError the Retry-After it was sent, in seconds', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    service.faults.rateLimitNext(1, 600, SEARCH);
    const tooLong = await client.search({}).catch((caught: unknown) => caught);
    expect(tooLong).toBeInstanceOf(RateLimitError);
    expect((tooLong as RateLimitError).retryAfter).toBe(600);
    expect((tooLong as RateLimitError).headers.get('retry-after')).toBe('600');

    service.faults.rateLimitNext(3, 0, SEARCH);
    const keptRefusing = await client.search({}).catch((caught: unknown) => caught);
    expect(keptRefusing).toBeInstanceOf(RateLimitError);
    expect((keptRefusing as RateLimitError).retryAfter).toBe(0);
  });

  it.each([
    [
      'an HTTP date',
      () => new Date(Date.now() + 30_000).toUTCString(),
      // Whole seconds, read when the answer arrives: a busy machine may take a few of them; a misread date gives 0.
      (seconds: number | undefined) => expect(seconds).toBeGreaterThanOrEqual(20),
    ],
    ['something unreadable', () => 'soon', (seconds: number | undefined) => expect(seconds).toBeUndefined()],
    ['no header', () => undefined, (seconds: number | undefined) => expect(seconds).toBeUndefined()],
  ])('reads a Retry-After that is %s', async (_name, value, check) => {
    const limited = await rawServer((_req, res) => {
      const retryAfter = value();
      res.writeHead(429, {
        'content-type': 'application/json',
        ...(retryAfter !== undefined && { 'retry-after': retryAfter }),
      });
      res.end('{"error":"slow down"}');
    });
    const { client } = testClient(limited.url, { maxAttempts: 1 });
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    check((error as RateLimitError).retryAfter);
    expect((error as RateLimitError).retryAfter ?? 0).toBeLessThanOrEqual(30);
  });

  it('keeps the old constructors: no answer, empty headers', () => {
    const error = new ApiError('failed', 500, 'http://127.0.0.1/v1');
    expect(error.headers).toBeInstanceOf(Headers);
    expect([...error.headers.keys()]).toEqual([]);
    expect(new RateLimitError('limited', 429, 'http://127.0.0.1/v1', 'slow down').retryAfter).toBeUndefined();
    expect(new NetworkError('down')).not.toHaveProperty('headers');
  });
});

describe('ApiPromise types as the promises it replaces', () => {
  it('lets a rejection handler read the error as on any promise', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    // Compiles only if the reason is typed as Promise types it (`any`): these methods returned plain promises before.
    const outcome = await client.getJob('no-such-job').then(
      () => 'found',
      (error) => `status ${error.status}`,
    );
    expect(outcome).toBe('status 404');
    await expect(client.getJob('no-such-job').catch((error) => error.status)).resolves.toBe(404);
  });
});
