import { describe, expect, it } from 'vitest';
import type { MovedInfo } from '../../src/client/options.js';
import { ApiError } from '../../src/errors.js';
import { rawServer, STACKS, testClient as testClientOf } from './helpers.js';

const PAGE = { routes: [], total: 0, page: 1, limit: 50, total_pages: 0, has_next: false, book_url: 'b' };

function json(res: import('node:http').ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

// The redirect rules are the request path's (http.ts), whichever stack carries the attempts: both are run.
describe.each(STACKS)('redirects, through %s', (stack) => {
  const testClient = (baseUrl: string, options: Parameters<typeof testClientOf>[1] = {}) =>
    testClientOf(baseUrl, options, stack);

  it.each([301, 302, 303, 307, 308])('a GET follows a same-origin %i and shows the hop', async (status) => {
    const server = await rawServer((req, res) => {
      if (req.url?.startsWith('/old/')) {
        res.writeHead(status, { location: req.url.replace('/old/', '/new/') });
        res.end();
      } else json(res, PAGE);
    });
    const { client, attempts } = testClient(`${server.url}/old`);
    await client.search({ depart: 'Paris' });
    expect(server.requests.map((req) => req.url)).toEqual([
      '/old/route/ai/search?depart=Paris',
      '/new/route/ai/search?depart=Paris',
    ]);
    expect(attempts.map((attempt) => [attempt.status, attempt.location])).toEqual([
      [status, `${server.url}/new/route/ai/search?depart=Paris`],
      [200, undefined],
    ]);
  });

  it('a permanent move of the base is said once and later requests go straight to the new base', async () => {
    const server = await rawServer((req, res) => {
      if (req.url?.startsWith('/v1/')) {
        res.writeHead(301, { location: `/api${req.url}` });
        res.end();
      } else json(res, PAGE);
    });
    const moves: MovedInfo[] = [];
    const { client } = testClient(`${server.url}/v1`, { onMoved: (info) => moves.push(info) });
    await client.search({});
    await client.search({ arrival: 'Lyon' });
    expect(moves).toEqual([{ from: `${server.url}/v1`, to: `${server.url}/api/v1`, status: 301 }]);
    expect(server.requests.map((req) => req.url)).toEqual([
      '/v1/route/ai/search',
      '/api/v1/route/ai/search',
      '/api/v1/route/ai/search?arrival=Lyon',
    ]);
    expect(client.baseUrl).toBe(`${server.url}/api/v1`);
  });

  it('a base without a path that moved is said once, even with pages in flight together', async () => {
    const moved = await rawServer((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
      if (!req.url?.startsWith('/v2/')) {
        res.writeHead(308, { location: `/v2${req.url ?? ''}` });
        res.end();
        return;
      }
      json(res, {
        routes: [{ id: `p${page}`, date: '2026-05-02', depart: 'Paris', arrival: 'Lyon' }],
        total: 6,
        page,
        limit: 1,
        total_pages: 6,
        has_next: page < 6,
      });
    });
    const moves: MovedInfo[] = [];
    const { client } = testClient(moved.url, { onMoved: (info) => moves.push(info), pageConcurrency: 4 });
    const { collect } = await import('./helpers.js');
    expect((await collect(client.searchPages({}, { limit: 1 }))).length).toBe(6);
    expect(moves).toEqual([{ from: moved.url, to: `${moved.url}/v2`, status: 308 }]);
  });

  it('a POST follows 307 and 308 with its body and Idempotency-Key', async () => {
    const seen: { url: string | undefined; body: string; key: string | string[] | undefined }[] = [];
    const server = await rawServer((req, res, body) => {
      seen.push({ url: req.url, body, key: req.headers['idempotency-key'] });
      if (req.url === '/a/route/ai/batch') {
        res.writeHead(307, { location: '/b/route/ai/batch' });
        res.end();
      } else json(res, { results: [], book_url: 'b' });
    });
    const { client } = testClient(`${server.url}/a`);
    await client.batch([{ depart: 'Paris' }], { idempotencyKey: 'k-1' });
    expect(seen).toEqual([
      { url: '/a/route/ai/batch', body: '{"queries":[{"depart":"Paris"}]}', key: 'k-1' },
      { url: '/b/route/ai/batch', body: '{"queries":[{"depart":"Paris"}]}', key: 'k-1' },
    ]);
  });

  it('a POST does not follow 301, 302 or 303: it would lose its body', async () => {
    const server = await rawServer((_req, res) => {
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    const { client } = testClient(server.url);
    await expect(client.createJob({})).rejects.toThrow(
      /answered 302 Found for POST .* redirects to .*\/elsewhere; a POST is only repeated at a new address on 307 or 308/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('never follows a redirect to another host, and says how to point motoroute there', async () => {
    const server = await rawServer((req, res) => {
      res.writeHead(308, { location: `https://api.example.invalid/v2${req.url?.replace(/^\/v1/, '') ?? ''}` });
      res.end();
    });
    const { client } = testClient(`${server.url}/v1`);
    const error = await client.search({ depart: 'Paris' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).exitCode).toBe(1);
    expect((error as ApiError).message).toBe(
      `The service answered 308 Permanent Redirect for GET ${server.url}/v1/route/ai/search?depart=Paris and redirects to ` +
        'https://api.example.invalid/v2/route/ai/search?depart=Paris, which is another host (or plain http); motoroute never follows a redirect there. ' +
        "If that is the service's new address, give it as baseUrl: https://api.example.invalid/v2.",
    );
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a downgrade from the same host to another port', async () => {
    const server = await rawServer((_req, res) => {
      res.writeHead(301, { location: 'http://127.0.0.1:9/route/ai/search' });
      res.end();
    });
    const { client } = testClient(server.url);
    await expect(client.search({})).rejects.toThrow(/another host/);
  });

  it('stops a redirect loop', async () => {
    const server = await rawServer((req, res) => {
      res.writeHead(302, {
        location: req.url?.startsWith('/a/') ? req.url.replace('/a/', '/b/') : (req.url ?? '/').replace('/b/', '/a/'),
      });
      res.end();
    });
    const { client } = testClient(`${server.url}/a`);
    await expect(client.search({})).rejects.toThrow(
      /redirects to .*\/a\/route\/ai\/search, which redirected here before: a redirect loop/,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('follows at most 5 redirects', async () => {
    const server = await rawServer((req, res) => {
      const hop = Number(/\/hop(\d+)\//.exec(req.url ?? '')?.[1] ?? 0);
      res.writeHead(307, { location: (req.url ?? '').replace(/\/hop\d+\//, `/hop${hop + 1}/`) });
      res.end();
    });
    const { client } = testClient(`${server.url}/hop0`);
    await expect(client.search({})).rejects.toThrow(/after 5 redirects already; motoroute follows at most 5/);
    expect(server.requests).toHaveLength(6);
  });

  it('says so when a redirect has no Location', async () => {
    const server = await rawServer((_req, res) => {
      res.writeHead(301);
      res.end();
    });
    const { client } = testClient(server.url);
    await expect(client.search({})).rejects.toThrow(
      /answered 301 Moved Permanently for GET .* without saying where to \(no Location header\)/,
    );
  });

  it('a raw request shows a redirect it may not follow as the answer', async () => {
    const server = await rawServer((_req, res) => {
      res.writeHead(301, { location: 'https://elsewhere.invalid/x' });
      res.end('moved');
    });
    const { client } = testClient(server.url);
    const answer = await client.request('GET', '/x');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://elsewhere.invalid/x');
  });
});
