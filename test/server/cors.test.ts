import { describe, expect, it } from 'vitest';
import { EXPOSED_HEADERS } from '../../src/server/cors.js';
import { useService } from '../helpers/service.js';

// CORS over real HTTP (Node's fetch does not enforce CORS, so the headers are read as they are; the
// browser test, test/runtimes/chromium.test.ts, has Chromium enforce them).

const PAGE_ORIGIN = 'http://127.0.0.1:1';

/** A browser's preflight before a request with these method and headers. */
function preflight(url: string, method: string, headers: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin: PAGE_ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  });
}

describe('the local service with cors', () => {
  const service = useService({
    routes: 200,
    today: '2026-12-01',
    cors: true,
    control: true,
    deprecate: ['/route/cities-near'],
  });

  it('answers a preflight with 204, the methods it serves and the headers asked for, without counting or faulting it', async () => {
    service.server.faults.failNext(1);
    const before = service.server.stats.requests();
    const answer = await preflight(
      `${service.base}/route/ai/batch`,
      'POST',
      'content-type,idempotency-key, X-Trace-Id',
    );
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe('');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')?.split(', ')).toEqual(['GET', 'HEAD', 'POST']);
    expect(answer.headers.get('access-control-allow-headers')).toBe('content-type, idempotency-key, x-trace-id');
    expect(Number(answer.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(service.server.stats.requests()).toBe(before);
    // The fault is still pending: it falls on the real request.
    expect((await fetch(`${service.base}/route/ai/search`)).status).toBe(500);
  });

  it('allows only header names, dropping anything else a preflight lists', async () => {
    const answer = await preflight(`${service.base}/route/ai/search`, 'GET', 'user-agent, bad name, x:y,');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-headers')).toBe('user-agent');
  });

  it('lets any origin read every answer and the headers a client reads: a page, an error, a 429, a deprecated endpoint', async () => {
    service.server.faults.rateLimitNext(1, 7, '/route/ai/jobs');
    const answers = await Promise.all([
      fetch(`${service.base}/route/ai/search?depart=Paris`, { headers: { origin: PAGE_ORIGIN } }),
      fetch(`${service.base}/route/nowhere`, { headers: { origin: PAGE_ORIGIN } }),
      fetch(`${service.base}/route/ai/jobs`, {
        method: 'POST',
        headers: { origin: PAGE_ORIGIN, 'content-type': 'application/json' },
        body: '{}',
      }),
      fetch(`${service.base}/route/cities-near?location=Lyon`, { headers: { origin: PAGE_ORIGIN } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 429, 200]);
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-expose-headers')?.split(', ')).toEqual([...EXPOSED_HEADERS]);
      await answer.body?.cancel();
    }
    const [page, , limited, deprecated] = answers as [Response, Response, Response, Response];
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(page.headers.get(name)).not.toBeNull();
      expect(EXPOSED_HEADERS).toContain(name);
    }
    expect(limited.headers.get('retry-after')).toBe('7');
    for (const name of ['deprecation', 'sunset', 'link']) {
      expect(deprecated.headers.get(name)).not.toBeNull();
      expect(EXPOSED_HEADERS).toContain(name);
    }
  });

  it('keeps the test-only control endpoints closed to other origins', async () => {
    const control = await fetch(`${service.server.url}/__control/stats`, { headers: { origin: PAGE_ORIGIN } });
    expect(control.status).toBe(403);
    expect(control.headers.get('access-control-allow-origin')).toBeNull();
    await control.body?.cancel();
    const controlPreflight = await preflight(`${service.server.url}/__control/faults`, 'POST', 'content-type');
    expect(controlPreflight.headers.get('access-control-allow-origin')).toBeNull();
    await controlPreflight.body?.cancel();
  });
});

describe('the local service with cors, moved elsewhere', () => {
  const service = useService({ routes: 20, today: '2026-12-01', cors: true, movedTo: '/api/v1' });

  it('lets a page read the redirect', async () => {
    const answer = await fetch(`${service.base}/route/ai/search`, {
      headers: { origin: PAGE_ORIGIN },
      redirect: 'manual',
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('location')).toMatch(/\/api\/v1\/route\/ai\/search$/);
    expect(EXPOSED_HEADERS).toContain('location');
    await answer.body?.cancel();
  });
});

describe('the local service without cors (the default)', () => {
  const service = useService({ routes: 20, today: '2026-12-01' });

  it('sends no CORS header and does not answer preflights', async () => {
    const page = await fetch(`${service.base}/route/ai/search`, { headers: { origin: PAGE_ORIGIN } });
    expect(page.status).toBe(200);
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    await page.body?.cancel();
    const answer = await preflight(`${service.base}/route/ai/search`, 'GET', 'idempotency-key');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    await answer.body?.cancel();
  });
});
