import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI, childEnv } from './cli.js';

/** `motoroute mcp` over stdio with the SDK's Client connected to it. */
export interface StdioMcp {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

/** Starts `motoroute ARGS mcp` as a child process and connects the SDK Client to it over stdio. */
export async function startStdioMcp(args: string[], env: Record<string, string> = {}): Promise<StdioMcp> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env: childEnv({ LANG: 'en_GB.UTF-8', MOTOROUTE_RETRY_BASE_MS: '20', ...env }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'motoroute-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** `motoroute mcp --http` as a child process: its endpoint, what it said on stderr, and its end. */
export interface HttpMcp {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Stops the process (SIGTERM) and waits for it. */
  stop(): Promise<number | null>;
}

/** Starts `motoroute ARGS mcp --http EXTRA` and waits for the URL it prints on stderr. */
export async function startHttpMcp(
  args: string[],
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<HttpMcp> {
  const child = spawn(process.execPath, [CLI, ...args, 'mcp', '--http', ...extra], {
    env: childEnv({ LANG: 'en_GB.UTF-8', MOTOROUTE_RETRY_BASE_MS: '20', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  for (let waited = 0; waited < 15_000; waited += 20) {
    const url = /Streamable HTTP at (\S+)/.exec(stderr)?.[1];
    if (url) {
      return {
        url,
        child,
        stderr: () => stderr,
        exited,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`motoroute mcp --http printed no URL: ${stderr}`);
}

/** The SDK's Client on the Streamable HTTP client transport. */
export async function connectHttp(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: 'motoroute-e2e-http', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** The text of a tool result's first block. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}
