import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { startHttpMcp, type HttpMcp } from '../helpers/mcp.js';
import { connectHttpLane, connectStdioLane, type Lane } from '../helpers/mcp-lanes.js';
import { useService } from '../helpers/service.js';

// Both protocol lanes of `motoroute mcp`, each with the v2 SDK's Client pinned to its version (no fallback), on
// stdio and on Streamable HTTP: the built CLI against the local service on 127.0.0.1.

const service = useService();
const TOOLS = [
  'cities_near',
  'draft_booking_email',
  'get_booking_url',
  'price_calendar',
  'request_quote',
  'route_details',
  'search_batch',
  'search_routes',
];
const LANES: readonly Lane[] = ['2026-07-28', '2025-11-25'];

/** The month after the service's day (a month with trips). */
function nextMonth(): string {
  const [year, monthIndex] = FIXED_DAY.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 7);
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  expect(result.isError ?? false, first?.type === 'text' ? first.text : name).toBe(false);
  expect(result.structuredContent).toBeDefined();
  return result.structuredContent as Record<string, unknown>;
}

/** Lists the tools, then calls every one of them with arguments it answers. */
async function listAndCallEvery(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
  const found = await call(client, 'search_routes', { depart: 'Paris', limit: 2 });
  const trips = found.trips as { id: string }[];
  expect(trips).toHaveLength(2);
  const id = (trips[0] as { id: string }).id;
  const called = new Set(['search_routes']);
  const calls: [string, Record<string, unknown>][] = [
    ['route_details', { route_id: id }],
    ['get_booking_url', { route_id: Number(id), formula: 'moto-only' }],
    ['draft_booking_email', { route_id: id, formula: 'rider', make: 'Honda', model: 'CB500F', lang: 'en' }],
    ['request_quote', { depart: 'Lyon', arrival: 'Nice', date: '+10d' }],
    ['cities_near', { location: 'Annecy' }],
    ['price_calendar', { depart: 'Paris', arrival: 'Marseille', month: nextMonth() }],
    ['search_batch', { queries: [{ depart: 'Paris', arrival: 'Marseille' }, { depart: 'Lyon' }], limit: 2 }],
  ];
  for (const [name, args] of calls) {
    await call(client, name, args);
    called.add(name);
  }
  expect([...called].sort()).toEqual(TOOLS);
}

describe.each(LANES)('motoroute mcp over stdio, a client pinned to %s', (lane) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectStdioLane(lane, ['--base-url', service.base]);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates that version and lists and calls every tool', async () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(lane);
    expect(client.getProtocolEra()).toBe(lane === '2026-07-28' ? 'modern' : 'legacy');
    await listAndCallEvery(client);
  });
});

describe.each(LANES)('motoroute mcp --http, a client pinned to %s', (lane) => {
  let mcp: HttpMcp;
  let client: Client;
  beforeAll(async () => {
    mcp = await startHttpMcp(['--base-url', service.base], ['--port', '0']);
    client = await connectHttpLane(lane, mcp.url);
  });
  afterAll(async () => {
    await client?.close();
    await mcp?.stop();
  });

  it('negotiates that version and lists and calls every tool', async () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(lane);
    await listAndCallEvery(client);
  });

  it(lane === '2026-07-28' ? 'holds no session (none is counted)' : 'holds one session', async () => {
    const health = (await (await fetch(mcp.url.replace(/\/mcp$/, '/health'))).json()) as { sessions: number };
    expect(health.sessions).toBe(lane === '2026-07-28' ? 0 : 1);
  });

  it('counts its tool calls in /metrics', async () => {
    const text = await (await fetch(mcp.url.replace(/\/mcp$/, '/metrics'))).text();
    expect(text).toContain('motoroute_mcp_tool_calls_total{tool="route_details",outcome="ok"} 1\n');
  });
});
