import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateBudget } from '../../src/client/rate-budget.js';
import { backoffDelay, classifyFailure, parseRetryAfter } from '../../src/client/retry-policy.js';
import { buildUrl, endpointPath, parseBaseUrl } from '../../src/client/url.js';
import { UsageError } from '../../src/errors.js';

describe('base URL and paths', () => {
  it.each([
    ['http://127.0.0.1:8080/v1', '/route/ai/search', 'http://127.0.0.1:8080/v1/route/ai/search'],
    ['http://127.0.0.1:8080/v1/', 'route/ai/search', 'http://127.0.0.1:8080/v1/route/ai/search'],
    ['http://127.0.0.1:8080/v1//', '//route/ai/search', 'http://127.0.0.1:8080/v1/route/ai/search'],
    ['http://127.0.0.1:8080', '/route/ai/search', 'http://127.0.0.1:8080/route/ai/search'],
    ['http://127.0.0.1:8080/', '/route/ai/search', 'http://127.0.0.1:8080/route/ai/search'],
    ['https://example.invalid/api-proxy/v1?x=1#frag', '/ask', 'https://example.invalid/api-proxy/v1/ask'],
  ])('joins %s and %s without double slashes', (base, path, expected) => {
    expect(buildUrl(parseBaseUrl(base), path)).toBe(expected);
  });

  it('adds query parameters, leaving out empty ones and encoding the rest', () => {
    const url = buildUrl(parseBaseUrl('http://127.0.0.1:1/v1'), '/route/ai/search', {
      depart: 'Saint-Étienne & co',
      arrival: '',
      date_from: undefined,
      page: 2,
      cursor: null,
    });
    expect(url).toBe('http://127.0.0.1:1/v1/route/ai/search?depart=Saint-%C3%89tienne+%26+co&page=2');
  });

  it('rejects non-http(s) URLs and URLs carrying credentials', () => {
    expect(() => parseBaseUrl('file:///etc/passwd')).toThrow(UsageError);
    expect(() => parseBaseUrl('127.0.0.1:8080')).toThrow(UsageError);
    expect(() => parseBaseUrl('http://user:secret@127.0.0.1/v1')).toThrow(/user name or password/);
  });

  it('names the endpoint path relative to the base', () => {
    const base = parseBaseUrl('http://127.0.0.1:1/v1');
    expect(endpointPath(base, 'http://127.0.0.1:1/v1/route/ai/search?page=2')).toBe('/route/ai/search');
    expect(endpointPath(parseBaseUrl('http://127.0.0.1:1'), 'http://127.0.0.1:1/route/cities-near')).toBe(
      '/route/cities-near',
    );
  });
});

describe('retry policy', () => {
  it('backs off exponentially from the base, up to the cap, waiting a random share of the window (full jitter)', () => {
    const top = () => 0.999_999;
    expect([1, 2, 3, 6, 20].map((retry) => backoffDelay(1000, 30_000, retry, top))).toEqual([
      999, 1999, 3999, 29_999, 29_999,
    ]);
    expect([1, 2, 3].map((retry) => backoffDelay(1000, 30_000, retry, () => 0.5))).toEqual([500, 1000, 2000]);
    expect(backoffDelay(1000, 30_000, 5, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Fri, 01 May 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Fri, 01 May 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('classifies failures, looking through causes and aggregate errors', () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    expect(classifyFailure(withCode('UND_ERR_HEADERS_TIMEOUT'))).toBe('timeout');
    expect(classifyFailure(new Error('fetch failed', { cause: withCode('ECONNRESET') }))).toBe('connection');
    expect(classifyFailure(Object.assign(new AggregateError([withCode('ECONNREFUSED')]), { code: undefined }))).toBe(
      'unreachable',
    );
    expect(classifyFailure(withCode('ENOTFOUND'))).toBe('unreachable');
    expect(classifyFailure(withCode('EAI_AGAIN'))).toBe('connect');
    expect(classifyFailure(Object.assign(new Error('stop'), { name: 'AbortError' }))).toBe('aborted');
    expect(classifyFailure(new TypeError('bad'))).toBe('other');
  });
});

describe('RateBudget', () => {
  // The budget reads Date.now() and waits with setTimeout: on vitest's fake clock its waits are exact.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets a burst through, then predicts and enforces the wait of the next request', async () => {
    vi.useFakeTimers();
    const budget = new RateBudget(3, 300);
    const waits: number[] = [];
    for (let index = 0; index < 3; index++) await budget.take(undefined, (ms) => waits.push(ms));
    expect(waits).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(budget.expectedWait()).toBe(250);
    let granted = false;
    const fourth = budget
      .take(undefined, (ms) => waits.push(ms))
      .then(() => {
        granted = true;
      });
    expect(waits).toEqual([250]);
    await vi.advanceTimersByTimeAsync(249);
    expect(granted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toBe(true);
    await fourth;
  });

  it('is a sliding window: a burst at the end of one window does not get a fresh window right after', async () => {
    vi.useFakeTimers();
    const budget = new RateBudget(3, 300);
    const origin = Date.now();
    const starts: number[] = [];
    const take = async () => {
      await budget.take();
      starts.push(Date.now() - origin);
    };
    await take();
    await vi.advanceTimersByTimeAsync(250);
    const burst = Promise.all([take(), take()]).then(() => Promise.all([take(), take(), take()]));
    await vi.advanceTimersByTimeAsync(1_000);
    await burst;
    // A fixed window would let the 4th start at 300 and the 5th and 6th right after it, in a fresh window.
    expect(starts).toEqual([0, 250, 250, 300, 550, 550]);
  });

  it('stops waiting when the signal aborts', async () => {
    const budget = new RateBudget(1, 60_000);
    await budget.take();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 30);
    await expect(budget.take(controller.signal)).rejects.toThrow('stop');
  });

  it('grants waiting requests in the order they asked; one that gives up leaves its place to the next', async () => {
    vi.useFakeTimers();
    const budget = new RateBudget(1, 150);
    const origin = Date.now();
    await budget.take();
    const order: string[] = [];
    const controller = new AbortController();
    const told: number[] = [];
    const tell = (ms: number) => told.push(ms);
    const first = budget.take(undefined, tell).then(() => order.push(`first at ${Date.now() - origin}`));
    const quitter = budget.take(controller.signal, tell).then(
      () => order.push('quitter'),
      () => order.push(`quitter gave up at ${Date.now() - origin}`),
    );
    const last = budget.take(undefined, tell).then(() => order.push(`last at ${Date.now() - origin}`));
    // Each asked after the one before: each is told a longer wait, and one asked now would wait longer still.
    expect(told).toEqual([150, 300, 450]);
    expect(budget.expectedWait()).toBe(600);
    controller.abort(new Error('stop'));
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all([first, quitter, last]);
    // The last took the quitter's place: two intervals after the first request (300 ms), not three (450).
    expect(order).toEqual(['quitter gave up at 0', 'first at 150', 'last at 300']);
  });

  it('keeps no timer once the last waiting request gives up, and takes only an interval a timer can wait', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const budget = new RateBudget(1, 60_000);
    await budget.take();
    const before = timers();
    const controller = new AbortController();
    const waiting = budget.take(controller.signal);
    expect(timers()).toBe(before + 1);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(timers()).toBe(before);
    for (const interval of [0, -5, 1.5, Number.NaN, Infinity, 2 ** 31]) {
      expect(() => new RateBudget(1, interval)).toThrow(RangeError);
    }
  });

  it('starts nobody still waiting once cleared', async () => {
    vi.useFakeTimers();
    const budget = new RateBudget(1, 50);
    await budget.take();
    let started = false;
    void budget.take().then(() => {
      started = true;
    });
    budget.clear();
    await vi.advanceTimersByTimeAsync(120);
    expect(started).toBe(false);
    // A request asked afterwards is granted as the window allows.
    await budget.take();
  });

  it('refuses at once a request whose signal has already aborted', async () => {
    const budget = new RateBudget(5, 1_000);
    await expect(budget.take(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(budget.expectedWait()).toBe(0);
  });
});
