import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI, childEnv } from './cli.js';

/** `motoroute mcp` as an assistant runs it: the built CLI on stdio, the SDK's own Client connected to it. */
export interface McpStdioSession {
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Starts `motoroute GLOBAL_ARGS mcp` with `env` added to the clean child environment. */
export async function startMcpSession(
  globalArgs: string[],
  env: Record<string, string> = {},
): Promise<McpStdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...globalArgs, 'mcp'],
    env: childEnv({ LANG: 'en_GB.UTF-8', MOTOROUTE_RETRY_BASE_MS: '20', ...env }),
    stderr: 'ignore',
  });
  const client = new Client({ name: 'motoroute-e2e', version: '1.0.0' });
  await client.connect(transport);
  return {
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** The text of a tool result. */
export function resultText(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}
