import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, startHttpMcp, type HttpMcp } from '../helpers/mcp.js';
import { useService } from '../helpers/service.js';

// What an operator watches: /metrics in Prometheus' text format, /ready, and one access-log line a request.

const service = useService({ routes: 50, seed: 5 });

interface AccessLine {
  id: string;
  forwarded_id?: string;
  method: string;
  status: number;
  rpc?: string;
  tool?: string;
  outcome?: string;
  upstream: number;
  ms: number;
}

function accessLines(text: string): AccessLine[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as AccessLine);
}

describe('motoroute mcp --http: observable', () => {
  let server: HttpMcp;
  beforeAll(async () => {
    server = await startHttpMcp(['--base-url', service.base]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('/metrics counts a tool call, and the access log has its line with its request id', async () => {
    const { client, transport } = await connectHttp(server.url);
    try {
      await client.callTool({ name: 'cities_near', arguments: { location: 'Annecy' } });
      const metrics = await fetch(server.url.replace(/\/mcp$/, '/metrics'));
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await metrics.text();
      expect(text).toContain('motoroute_mcp_tool_calls_total{tool="cities_near",outcome="ok"} 1\n');
      expect(text).toContain('motoroute_mcp_tool_call_seconds_count{tool="cities_near"} 1\n');
      expect(text).toMatch(/^motoroute_mcp_upstream_requests_total [1-9]\d*$/m);
      expect(text).toContain('motoroute_mcp_rate_refusals_total 0\n');
      expect(text).toContain('motoroute_mcp_sessions 1\n');
      // cities_near does not read the listing: no trip is held.
      expect(text).toContain('motoroute_mcp_listing_trips_held 0\n');
      expect(text).toMatch(/^# TYPE motoroute_mcp_tool_call_seconds histogram$/m);
      const call = accessLines(server.stderr()).find((line) => line.tool === 'cities_near');
      expect(call).toMatchObject({ method: 'POST', status: 200, rpc: 'tools/call', outcome: 'ok', upstream: 1 });
      expect(call?.id).toMatch(/^[\w-]{16,}$/);
      expect(transport.sessionId).toBeDefined();
    } finally {
      await client.close();
    }
  });

  it('/metrics shows the listing trips a look-up by id made the server hold, and none for a typo’s names', async () => {
    const { client } = await connectHttp(server.url);
    const held = async () => {
      const text = await (await fetch(server.url.replace(/\/mcp$/, '/metrics'))).text();
      return Number(/^motoroute_mcp_listing_trips_held (\d+)$/m.exec(text)?.[1]);
    };
    try {
      // No trip from an unserved city: the served cities are read (the listing, names only) to say what was meant.
      const result = await client.callTool({ name: 'search_routes', arguments: { depart: 'Pariss' } });
      expect(JSON.stringify(result)).toContain('Paris');
      expect(await held()).toBe(0);
      await client.callTool({ name: 'route_details', arguments: { route_id: 100042 } });
      expect(await held()).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('sends the request id back, logs a proxy’s beside it, and answers /ready', async () => {
    const ready = await fetch(server.url.replace(/\/mcp$/, '/ready'), { headers: { 'x-request-id': 'trace-42' } });
    expect(ready.status).toBe(200);
    const id = ready.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{16,}$/);
    await expect
      .poll(() => accessLines(server.stderr()).find((line) => line.id === id))
      .toMatchObject({
        forwarded_id: 'trace-42',
        status: 200,
        upstream: 0,
      });
  });
});

describe('motoroute mcp --http --access-log FILE', () => {
  it('appends the lines to the file instead of stderr', async () => {
    const file = join(process.env.TMPDIR ?? '.', `mcp-access-${process.pid}.jsonl`);
    const server = await startHttpMcp(['--base-url', service.base], ['--access-log', file]);
    try {
      const health = await fetch(server.url.replace(/\/mcp$/, '/health'));
      const id = health.headers.get('x-request-id');
      await expect.poll(async () => accessLines(await readFile(file, 'utf8')).map((line) => line.id)).toContain(id);
      expect(accessLines(server.stderr())).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
