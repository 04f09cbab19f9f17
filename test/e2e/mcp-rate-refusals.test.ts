import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import { RateBudget } from '../../src/client/rate-budget.js';
import { MCP_CLIENT_HOOKS } from '../../src/mcp/index.js';
import { createEnvironment } from '../../src/mcp/environment.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { FIXED_NOW } from '../helpers/fixed-clock.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { textOf } from '../helpers/mcp.js';
import { useService } from '../helpers/service.js';

const service = useService();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The MCP server in this process on the real local service, its client's budget on a clock the test moves. */
async function connect(clock: ManualClock): Promise<Client> {
  const client = new RouteClient({
    baseUrl: service.base,
    ...MCP_CLIENT_HOOKS,
    rateBudget: new RateBudget(60, 60_000, clock),
  });
  const env = createEnvironment({
    client: async () => client,
    lang: 'en',
    bookingEmail: undefined,
    bookingUrl: undefined,
    quoteUrl: undefined,
    greeting: undefined,
    signature: undefined,
    env: { MOTOROUTE_NOW: FIXED_NOW },
  });
  const { server } = createMcpServer(env);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: 'rate-refusals', version: '1.0.0' });
  await mcp.connect(clientSide);
  closers.push(async () => {
    await mcp.close();
    await server.close();
  });
  return mcp;
}

const callNear = async (mcp: Client): Promise<CallToolResult> =>
  (await mcp.callTool({ name: 'cities_near', arguments: { location: 'Annecy' } })) as CallToolResult;

describe('MCP: calls refused for the rate budget leave nothing behind', () => {
  it('after 160 refused calls and 65 s idle, the next call is answered normally', async () => {
    const clock = new ManualClock();
    const mcp = await connect(clock);
    for (let index = 0; index < 60; index++) expect((await callNear(mcp)).isError).toBeFalsy();
    const refused = await Promise.all(Array.from({ length: 160 }, () => callNear(mcp)));
    for (const result of refused) {
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/slow down .*retry in 60 s/);
    }
    clock.advance(65_000);
    const next = await callNear(mcp);
    expect(next.isError).toBeFalsy();
    expect(textOf(next)).toMatch(/^Served cities near Annecy/);
  });
});
