import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { head, useHostileServer, type HostileCase } from '../helpers/hostile-server.js';

// `api` follows redirects like every command; one it will not or cannot follow is no final answer: exit 1 and
// the reason, as `search` says it, never exit 0 with the redirect's HTML page as if it were the answer.

const PAGE = '<html><body>Moved</body></html>';
const redirect =
  (status: number, location?: string): HostileCase =>
  (socket) => {
    socket.write(
      head(status, {
        'content-type': 'text/html',
        'content-length': PAGE.length,
        connection: 'close',
        ...(location !== undefined && { location }),
      }),
    );
    socket.end(PAGE);
  };

const hostile = useHostileServer({
  '/no-location': redirect(302),
  '/loop-a': redirect(302, '/v1/loop-b'),
  '/loop-b': redirect(302, '/v1/loop-a'),
  '/other-host': redirect(301, 'http://elsewhere.invalid/v1/other-host'),
  '/route/ai/search': redirect(302),
  '*': (socket, request) => {
    // /hop/N redirects to /hop/N+1 for ever: more than 5 hops.
    const hop = /^\/v1\/hop\/(\d+)$/.exec(request.path);
    if (!hop) return redirect(404)(socket, request);
    redirect(302, `/v1/hop/${Number(hop[1]) + 1}`)(socket, request);
  },
});

describe('api and redirects it cannot follow', () => {
  it.each([
    [
      'a 302 without Location',
      '/no-location',
      /answered 302 Found for GET .*\/no-location without saying where to \(no Location header\)/,
    ],
    ['a loop', '/loop-a', /redirects to .*\/loop-a, which redirected here before: a redirect loop/],
    ['more than 5 hops', '/hop/1', /after 5 redirects already; motoroute follows at most 5/],
    ['another host', '/other-host', /redirects to http:\/\/elsewhere\.invalid\/v1\/other-host, which is another host/],
  ])('%s: exit 1 and why', async (_name, path, reason) => {
    const result = await runCli(['--base-url', hostile.base, 'api', path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(reason);
    expect(result.stderr).toMatch(/^Error: .*\n$/);
    // Piped, the body is still shown as received, like an error status's, and ends its line.
    expect(result.stdout).toBe(`${PAGE}\n`);
  });

  it('says it the way search does for the same answer', async () => {
    const api = await runCli(['--base-url', hostile.base, 'api', '/route/ai/search']);
    const search = await runCli(['--base-url', hostile.base, 'search', 'Paris', 'Marseille']);
    expect(search.code).toBe(1);
    expect(api.code).toBe(1);
    const reason = (text: string) => /without saying where to \(no Location header\)/.test(text);
    expect(reason(search.stderr) && reason(api.stderr)).toBe(true);
  });
});
