import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, startHttpMcp, textOf, type HttpMcp } from '../helpers/mcp.js';
import { useService } from '../helpers/service.js';

// Hosted sessions do not run out: clients that never end theirs (nor even finish the handshake) make room for new ones.

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const service = useService({ routes: 50, seed: 5 });
let server: HttpMcp;

beforeAll(async () => {
  server = await startHttpMcp(['--base-url', service.base]);
});
afterAll(async () => {
  await server?.stop();
});

async function initializeOnly(id: number): Promise<string> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'half-open', version: '1' } },
    }),
  });
  await response.text();
  expect(response.status).toBe(200);
  return response.headers.get('mcp-session-id') ?? '';
}

describe('motoroute mcp --http: sessions', () => {
  it('after 300 initialize requests never followed by a call, a new client connects and calls a tool', async () => {
    const first = await initializeOnly(0);
    for (let index = 1; index < 300; index++) await initializeOnly(index);
    const { client } = await connectHttp(server.url);
    try {
      const result = CallToolResultSchema.parse(
        await client.callTool({ name: 'cities_near', arguments: { location: 'Annecy' } }),
      );
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toMatch(/^Served cities near Annecy/);
    } finally {
      await client.close();
    }
    // The oldest half-open session made room, and its id is answered 404: its client starts again.
    const ended = await fetch(server.url, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-session-id': first, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(ended.status).toBe(404);
    const health = (await (await fetch(server.url.replace(/\/mcp$/, '/health'))).json()) as { sessions: number };
    expect(health.sessions).toBeLessThanOrEqual(32);
  }, 60_000);
});
