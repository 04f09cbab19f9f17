import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI, childEnv } from './cli.js';

/** The two protocol lanes of `motoroute mcp`: the stateless 2026-07-28 protocol, and the 2025 one with sessions. */
export type Lane = '2026-07-28' | '2025-11-25';

/** The v2 SDK's Client, pinned to one protocol version: no fallback to the other. */
export function pinnedClient(lane: Lane): Client {
  const info = { name: `motoroute-e2e-${lane}`, version: '1.0.0' };
  if (lane === '2026-07-28') return new Client(info, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  return new Client(info, { supportedProtocolVersions: ['2025-11-25'] });
}

/** `motoroute ARGS mcp` over stdio, with a pinned v2 Client connected. */
export async function connectStdioLane(lane: Lane, args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...args, 'mcp'],
    env: childEnv({ LANG: 'en_GB.UTF-8', MOTOROUTE_RETRY_BASE_MS: '20' }),
    stderr: 'ignore',
  });
  const client = pinnedClient(lane);
  await client.connect(transport);
  return client;
}

/** A pinned v2 Client on the Streamable HTTP endpoint `url`. */
export async function connectHttpLane(lane: Lane, url: string): Promise<Client> {
  const client = pinnedClient(lane);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}
