import { describe, expect, it } from 'vitest';
import type { ClientOptions, RetryWait } from '../../src/client/options.js';
import { ApiError, TimeoutError } from '../../src/errors.js';
import { rawServer, testClient } from './helpers.js';

const PAGE = '{"routes":[],"total":0,"page":1,"limit":50}';

/** A client whose retry waits are recorded and not lived through (the injected sleep returns at once). */
function recordingClient(baseUrl: string, options: Partial<ClientOptions> = {}, random?: () => number) {
  const waits: RetryWait[] = [];
  const slept: number[] = [];
  const { client } = testClient(baseUrl, { onRetryWait: (wait) => waits.push(wait), ...options }, 'fetch', {
    sleep: async (ms) => {
      slept.push(ms);
    },
    now: () => Date.parse('2026-05-01T10:00:00Z'),
    ...(random !== undefined && { random }),
  });
  return { client, waits, slept };
}

/** A server answering each request with the next of `answers` (the last one repeats). */
async function answering(answers: { status: number; headers?: Record<string, string> }[]) {
  let count = 0;
  const server = await rawServer((_req, res) => {
    const answer = answers[Math.min(count++, answers.length - 1)] as (typeof answers)[number];
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.status === 200 ? PAGE : '{"error":"not now"}');
  });
  return { url: server.url, count: () => count };
}

describe('retry waits', () => {
  it('retries a 503 with Retry-After: 2 after 2 s, as the client reports and sleeps it', async () => {
    const server = await answering([{ status: 503, headers: { 'retry-after': '2' } }, { status: 200 }]);
    const { client, waits, slept } = recordingClient(server.url);
    const page = await client.search({ depart: 'Paris' });
    expect(page.total).toBe(0);
    expect(server.count()).toBe(2);
    expect(waits.map((wait) => [wait.ms, wait.reason, wait.nextAttempt])).toEqual([
      [2000, '503 Service Unavailable', 2],
    ]);
    expect(slept).toEqual([2000]);
  });

  it('reads a Retry-After given as an HTTP date, on any retried status', async () => {
    const server = await answering([
      { status: 502, headers: { 'retry-after': 'Fri, 01 May 2026 10:00:05 GMT' } },
      { status: 200 },
    ]);
    const { client, slept } = recordingClient(server.url);
    await client.search({});
    expect(slept).toEqual([5000]);
  });

  it('retries 408 Request Timeout, even for a POST without an Idempotency-Key', async () => {
    const server = await answering([{ status: 408 }, { status: 200 }]);
    const { client, waits } = recordingClient(server.url, { retryBaseDelayMs: 100 }, () => 0.5);
    const response = await client.request('POST', '/ask', { body: { question: 'x' } });
    expect(response.status).toBe(200);
    expect(server.count()).toBe(2);
    expect(waits.map((wait) => [wait.ms, wait.reason])).toEqual([[50, '408 Request Timeout']]);
  });

  it('does not repeat a POST without a key on a 5xx', async () => {
    const server = await answering([{ status: 503, headers: { 'retry-after': '1' } }, { status: 200 }]);
    const { client, waits } = recordingClient(server.url);
    const response = await client.request('POST', '/ask', { body: { question: 'x' } });
    expect(response.status).toBe(503);
    expect(waits).toEqual([]);
    expect(server.count()).toBe(1);
  });

  it('jitters and caps 20 retries: each wait a random share of a window doubling from the base up to the cap', async () => {
    const server = await answering([{ status: 500 }]);
    let state = 42;
    const draws: number[] = [];
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      draws.push(state / 2 ** 31);
      return state / 2 ** 31;
    };
    const { client, waits } = recordingClient(server.url, { maxAttempts: 21, retryBaseDelayMs: 1000 }, random);
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(server.count()).toBe(21);
    const windows = waits.map((_, index) => Math.min(30_000, 1000 * 2 ** index));
    expect(waits.map((wait) => wait.ms)).toEqual(draws.map((draw, index) => Math.floor(draw * (windows[index] ?? 0))));
    for (const wait of waits) expect(wait.ms).toBeLessThanOrEqual(30_000);
    expect(new Set(waits.slice(5).map((wait) => wait.ms)).size).toBeGreaterThan(10);
  });

  it('with the real randomness, waits differ and stay under the window', async () => {
    const server = await answering([{ status: 500 }]);
    const { client, waits } = recordingClient(server.url, {
      maxAttempts: 21,
      retryBaseDelayMs: 1000,
      retryMaxDelayMs: 5_000,
    });
    await client.search({}).catch(() => undefined);
    expect(waits).toHaveLength(20);
    waits.forEach((wait, index) => {
      expect(wait.ms).toBeGreaterThanOrEqual(0);
      expect(wait.ms).toBeLessThan(Math.min(5_000, 1000 * 2 ** index));
    });
    expect(new Set(waits.map((wait) => wait.ms)).size).toBeGreaterThan(10);
  });

  it('does not retry a 503 whose Retry-After is longer than maxRetryAfterSeconds', async () => {
    const server = await answering([{ status: 503, headers: { 'retry-after': '600' } }, { status: 200 }]);
    const { client, waits } = recordingClient(server.url);
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(waits).toEqual([]);
    expect(server.count()).toBe(1);
  });

  it('starts no Retry-After wait that would end past runEndsAt', async () => {
    const server = await answering([{ status: 503, headers: { 'retry-after': '30' } }, { status: 200 }]);
    const { client, slept } = recordingClient(server.url, { runEndsAt: Date.now() + 10_000 });
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).remedy).toEqual({ kind: 'run-deadline' });
    expect(slept).toEqual([]);
    expect(server.count()).toBe(1);
  });

  it('refuses a negative or endless backoff option with a RangeError naming it', () => {
    expect(() => testClient('http://127.0.0.1:2/v1', { retryMaxDelayMs: -1 })).toThrow(/retryMaxDelayMs must be/);
    expect(() => testClient('http://127.0.0.1:2/v1', { retryBaseDelayMs: Infinity })).toThrow(
      /retryBaseDelayMs must be/,
    );
  });
});
