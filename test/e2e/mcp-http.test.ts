import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { connectHttp, startHttpMcp, textOf, type HttpMcp } from '../helpers/mcp.js';
import { getJson, useService } from '../helpers/service.js';
import { until } from '../helpers/timers.js';
import type { SearchPage } from '../../src/domain/types.js';

// `motoroute mcp --http` as a hosted assistant reaches it: the SDK's Streamable HTTP client, the MCP Inspector's CLI,
// and raw requests for what a browser page (Origin) or a rebound DNS name (Host) would send.

const run = promisify(execFile);
const INSPECTOR = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')),
  'cli',
  'build',
  'cli.js',
);
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const service = useService({ routes: 300, seed: 5 });
const slowService = useService({ routes: 50, latencyMs: 500 });
let server: HttpMcp;

beforeAll(async () => {
  server = await startHttpMcp(['--base-url', service.base]);
});
afterAll(async () => {
  await server?.stop();
});

describe('motoroute mcp --http', () => {
  it('listens on loopback and a free port, prints its URL, answers GET /health', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.stderr()).toMatch(/^MCP: Streamable HTTP at http:\/\/127\.0\.0\.1:\d+\/mcp/m);
    expect(server.stderr()).not.toMatch(/reachable from other machines/);
    const health = await fetch(server.url.replace(/\/mcp$/, '/health'));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', name: 'motoroute' });
  });

  it('serves the SDK Streamable HTTP client: a session each, tools listed and called, the session ended with DELETE', async () => {
    const first = await connectHttp(server.url);
    const second = await connectHttp(server.url);
    try {
      expect(first.transport.sessionId).toMatch(/^[\w-]{16,}$/);
      expect(second.transport.sessionId).not.toBe(first.transport.sessionId);
      const { tools } = await first.client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('request_quote');
      const result = (await second.client.callTool({
        name: 'search_routes',
        arguments: { depart: 'Paris', limit: 2 },
      })) as CallToolResult;
      const expected = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=2`);
      expect((result.structuredContent as { trips: { id: string }[] }).trips.map((trip) => trip.id)).toEqual(
        expected.routes.map((trip) => trip.id),
      );
      const ended = first.transport.sessionId as string;
      await first.transport.terminateSession();
      const after = await fetch(server.url, {
        method: 'POST',
        headers: { ...MCP_HEADERS, 'mcp-session-id': ended },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(after.status).toBe(404);
    } finally {
      await first.client.close();
      await second.client.close();
    }
  });

  it('refuses a foreign Origin and a rebound Host with 403; a loopback Origin is served', async () => {
    const foreign = await fetch(server.url, {
      method: 'POST',
      headers: { ...MCP_HEADERS, origin: 'https://evil.example' },
      body: JSON.stringify(INITIALIZE),
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    const port = new URL(server.url).port;
    const rebound = await rawPost(server.url, { host: `attacker.example:${port}` }, JSON.stringify(INITIALIZE));
    expect(rebound).toMatch(/^HTTP\/1\.1 403/);
    const local = await fetch(server.url, {
      method: 'POST',
      headers: { ...MCP_HEADERS, origin: `http://localhost:${port}` },
      body: JSON.stringify(INITIALIZE),
    });
    expect(local.status).toBe(200);
    expect(local.headers.get('mcp-session-id')).toBeTruthy();
    await local.body?.cancel();
  });

  it('answers a body that is not JSON with a JSON-RPC parse error, a request without a session with 400, another path with 404', async () => {
    const broken = await fetch(server.url, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: '{"jsonrpc": "2.0", "id": 1, "method": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    const sessionless = await fetch(server.url, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(sessionless.status).toBe(400);
    await sessionless.body?.cancel();
    const elsewhere = await fetch(server.url.replace(/\/mcp$/, '/sse'));
    expect(elsewhere.status).toBe(404);
    await elsewhere.body?.cancel();
  });

  it('is listed and called by the MCP Inspector CLI (--transport http)', async () => {
    const list = await run(
      process.execPath,
      [INSPECTOR, '--cli', server.url, '--transport', 'http', '--method', 'tools/list'],
      { timeout: 60_000 },
    );
    const names = (JSON.parse(list.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names).toEqual([
      'search_routes',
      'cities_near',
      'price_calendar',
      'route_details',
      'get_booking_url',
      'request_quote',
      'draft_booking_email',
      'search_batch',
    ]);
    const trip = (await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&limit=1`)).routes[0];
    // --tool-arg route_id=100477 sends a number: the tool reads it as the id.
    const called = await run(
      process.execPath,
      [
        INSPECTOR,
        '--cli',
        server.url,
        '--transport',
        'http',
        '--method',
        'tools/call',
        '--tool-name',
        'route_details',
        '--tool-arg',
        `route_id=${trip?.id}`,
      ],
      { timeout: 60_000 },
    );
    const result = JSON.parse(called.stdout) as CallToolResult;
    expect(result.isError ?? false, textOf(result)).toBe(false);
    expect((result.structuredContent as { trip: { id: string } }).trip.id).toBe(trip?.id);
    // Two runs of the Inspector, each allowed 60 s: the test's own guard comes after theirs.
  }, 150_000);
});

describe('motoroute mcp --http: options and the end', () => {
  it('says the server is exposed when --host is not loopback', async () => {
    const exposed = await startHttpMcp(['--base-url', service.base], ['--host', '0.0.0.0', '--port', '0']);
    try {
      expect(exposed.stderr()).toMatch(/listens on 0\.0\.0\.0 and is reachable from other machines/);
      const health = await fetch(`http://127.0.0.1:${new URL(exposed.url).port}/health`);
      expect(health.status).toBe(200);
    } finally {
      await exposed.stop();
    }
  });

  it('stops on SIGTERM with exit 0, after answering the call in flight', async () => {
    const stopping = await startHttpMcp(['--base-url', slowService.base]);
    const { client } = await connectHttp(stopping.url);
    const call = client.callTool({ name: 'cities_near', arguments: { location: 'Lyon' } });
    // In flight for sure: the tool has asked the service, which takes half a second to answer. (A fixed pause
    // before the signal could end before the call even reached the server on a busy machine.)
    await until(() => slowService.server.stats.requests('/route/cities-near') === 1);
    stopping.child.kill('SIGTERM');
    const result = (await call) as CallToolResult;
    expect(result.isError ?? false, textOf(result)).toBe(false);
    expect(await stopping.exited).toBe(0);
    expect(stopping.stderr()).not.toMatch(/\n\s+at /);
    await client.close();
  });

  it('serves a browser page of an --allow-origin origin (CORS), and refuses a port in use in one line', async () => {
    const allowing = await startHttpMcp(['--base-url', service.base], ['--allow-origin', 'https://app.example']);
    try {
      const preflight = await fetch(allowing.url, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/mcp-session-id/);
      const opened = await fetch(allowing.url, {
        method: 'POST',
        headers: { ...MCP_HEADERS, origin: 'https://app.example' },
        body: JSON.stringify(INITIALIZE),
      });
      expect(opened.status).toBe(200);
      expect(opened.headers.get('access-control-expose-headers')).toMatch(/mcp-session-id/);
      await opened.body?.cancel();
      const port = new URL(allowing.url).port;
      const taken = await runCli(['--base-url', service.base, 'mcp', '--http', '--port', port]);
      expect(taken.code).toBe(2);
      expect(taken.stderr).toMatch(
        new RegExp(`--port ${port}: 127\\.0\\.0\\.1:${port} is already in use; choose another port, or --port 0`),
      );
      expect(taken.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await allowing.stop();
    }
  });

  it('refuses --port without --http, and a bad --host, before starting', async () => {
    const lonely = await runCli(['--base-url', service.base, 'mcp', '--port', '8808']);
    expect(lonely.code).toBe(2);
    expect(lonely.stderr).toMatch(/--host, --port and --allow-origin go with --http/);
    const badHost = await runCli(['--base-url', service.base, 'mcp', '--http', '--host', 'a b']);
    expect(badHost.code).toBe(2);
    expect(badHost.stderr).toMatch(/--host: "a b" is not an address/);
  });
});

/** A POST with headers fetch will not set (Host), over a raw socket; resolves with the status line and headers. */
async function rawPost(url: string, headers: Record<string, string>, body: string): Promise<string> {
  const { connect } = await import('node:net');
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname, () => {
      const lines = [
        `POST ${target.pathname} HTTP/1.1`,
        ...Object.entries({
          ...MCP_HEADERS,
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
          connection: 'close',
        }).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
