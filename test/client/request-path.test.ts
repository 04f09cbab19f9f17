import { describe, expect, it } from 'vitest';
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
  it('lets a burst through, then predicts and enforces the wait of the next request', async () => {
    const budget = new RateBudget(3, 300);
    const waits: number[] = [];
    const started = performance.now();
    for (let index = 0; index < 3; index++) await budget.take(undefined, (ms) => waits.push(ms));
    expect(waits).toEqual([]);
    expect(budget.expectedWait()).toBeGreaterThan(250);
    await budget.take(undefined, (ms) => waits.push(ms));
    expect(waits).toHaveLength(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
  });

  it('is a sliding window: a burst at the end of one window does not get a fresh window right after', async () => {
    const budget = new RateBudget(3, 300);
    const starts: number[] = [];
    const take = async () => {
      await budget.take();
      starts.push(performance.now());
    };
    await take();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await Promise.all([take(), take()]);
    await Promise.all([take(), take(), take()]);
    // A fixed window would let the 4th start 50 ms after the burst; each start is stamped once its take has
    // resolved, so on a busy machine an early stamp can be late by a few ms and shrink a gap below 300.
    for (let index = 0; index + 3 < starts.length; index++) {
      expect((starts[index + 3] as number) - (starts[index] as number)).toBeGreaterThanOrEqual(280);
    }
  });

  it('stops waiting when the signal aborts', async () => {
    const budget = new RateBudget(1, 60_000);
    await budget.take();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 30);
    await expect(budget.take(controller.signal)).rejects.toThrow('stop');
  });

  it('grants waiting requests in the order they asked; one that gives up leaves its place to the next', async () => {
    const budget = new RateBudget(1, 150);
    await budget.take();
    const order: string[] = [];
    const controller = new AbortController();
    const first = budget.take().then(() => order.push('first'));
    const quitter = budget.take(controller.signal).then(
      () => order.push('quitter'),
      () => order.push('quitter gave up'),
    );
    const last = budget.take().then(() => order.push('last'));
    // Each asked after the one before: each is told a longer wait.
    expect(budget.expectedWait()).toBeGreaterThan(400);
    controller.abort(new Error('stop'));
    const started = performance.now();
    await Promise.all([first, quitter, last]);
    expect(order).toEqual(['quitter gave up', 'first', 'last']);
    // The last took the quitter's place: two intervals after the burst (300 ms), not three (450).
    expect(performance.now() - started).toBeLessThan(400);
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
    const budget = new RateBudget(1, 50);
    await budget.take();
    let started = false;
    void budget.take().then(() => {
      started = true;
    });
    budget.clear();
    await new Promise((resolve) => setTimeout(resolve, 120));
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
