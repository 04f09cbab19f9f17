import type { Readable, Writable } from 'node:stream';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { CallTracker } from './call-tracker.js';
import { withoutUnreadableLines } from './stdio-lines.js';
import { onRateWait } from './call-budget.js';
import { createEnvironment, type McpSettings } from './environment.js';
import { FairBudget } from './fair-budget.js';
import type { McpHttpOptions } from './http/serve.js';
import { isLoopbackHost } from './http/origin.js';
import { noteLine } from './note-line.js';
import { ScreenedTransport } from './request-screen.js';
import { createMcpServer } from './server.js';

export type { McpSettings } from './environment.js';
export type { McpHttpOptions } from './http/serve.js';
export type { FairBudget } from './fair-budget.js';

/** Where the server talks: JSON-RPC on stdin/stdout, anything for a person on stderr. */
export interface McpServerIO {
  stdin: Readable;
  stdout: Writable;
  /** A line on stderr (sanitised by the caller). */
  note(message: string): void;
  /** A warning on stderr. */
  warn(message: string): void;
  /** Ctrl-C (or SIGTERM over HTTP): stops the server. */
  signal: AbortSignal;
}

/**
 * What the API client of an MCP run is given: a request that would wait for the rate budget past its call's deadline
 * stops the call at once, and a 429 asking for more than a few seconds is answered at once ("retry in N s").
 */
export const MCP_CLIENT_HOOKS = { onRateWait, maxRetryAfterSeconds: 5 };

/**
 * The upstream budget of a server: `ratePerMinute` request starts a minute (`intervalMs` in tests), a fair share each
 * session; `shared` (HTTP, many users) keeps one share free for the next session to arrive.
 */
export function createUpstreamBudget(ratePerMinute: number, shared: boolean, intervalMs = 60_000): FairBudget {
  return new FairBudget(ratePerMinute, intervalMs, shared);
}

/**
 * `motoroute mcp`: serves the tools over stdio until stdin closes (the calls already sent are answered first) or
 * Ctrl-C, then closes the transport and returns. The connection's first message chooses its protocol: a 2026-07-28
 * request (server/discover, or any request with the version in its _meta) or the 2025 initialize handshake.
 * This layer is its own bundle (dist/mcp.cjs), so no other command loads the SDK.
 */
export async function runMcpServer(settings: McpSettings, io: McpServerIO): Promise<void> {
  const env = createEnvironment(settings);
  const calls = new CallTracker();
  // A broken line is answered as JSON-RPC says (id null), said in one line on stderr, and the next line is served.
  const answerUnreadable = (reply: ErrorReply): void => {
    io.stdout.write(`${JSON.stringify(reply)}\n`);
    io.note(`MCP: ${reply.error.message}`);
  };
  // The SDK's transport ends the connection (and stops its calls) when stdin ends: it reads a copy of stdin that ends
  // only once the calls already sent are answered.
  const input = withoutUnreadableLines(() => answerUnreadable(PARSE_ERROR_REPLY));
  io.stdin.pipe(input, { end: false });
  const transport = new StdioServerTransport(input, io.stdout);
  const stdio = serveStdio(() => createMcpServer(env, { calls }).server, {
    transport: new ScreenedTransport(transport),
    onerror: (error) => {
      const reply = unreadableLineReply(error);
      if (reply) answerUnreadable(reply);
      else io.note(`MCP: ${noteLine(error.message)}`);
    },
  });
  const interrupted = whenAborted(io.signal);
  const ended = new Promise<void>((resolve) => {
    io.stdin.once('end', resolve);
    io.stdin.once('close', resolve);
  });
  await Promise.race([ended, interrupted]);
  // The client closed its side: answer the calls it already sent (unless Ctrl-C), then stop.
  await Promise.race([calls.settled(), interrupted]);
  io.stdin.unpipe(input);
  input.end();
  await stdio.close();
}

/** `motoroute mcp --http`: serves Streamable HTTP until the signal (Ctrl-C, SIGTERM), then stops gracefully. */
export async function runMcpHttpServer(settings: McpSettings, options: McpHttpOptions, io: McpServerIO): Promise<void> {
  // Loaded here: stdio, the usual way, never pays for the HTTP transport (and the fetch classes it brings).
  const { startMcpHttpServer } = await import('./http/serve.js');
  const server = await startMcpHttpServer(createEnvironment(settings), options, io.note);
  // The warning before the address: whoever waits for the address line has read the warning too.
  if (!isLoopbackHost(options.host)) {
    io.warn(
      `the MCP server listens on ${options.host} and is reachable from other machines, without authentication: put it behind HTTPS and an access check.`,
    );
  }
  io.note(`MCP: Streamable HTTP at ${server.url} (health: ${server.url.replace(/\/mcp$/, '/health')})`);
  await whenAborted(io.signal);
  await server.close();
}

interface ErrorReply {
  jsonrpc: '2.0';
  id: null;
  error: { code: number; message: string };
}

const PARSE_ERROR_REPLY: ErrorReply = {
  jsonrpc: '2.0',
  id: null,
  error: { code: -32700, message: 'Parse error: a line is not JSON.' },
};

/** The JSON-RPC reply to a line that is not JSON (-32700) or not a JSON-RPC message (-32600); undefined for other errors. */
function unreadableLineReply(error: Error): ErrorReply | undefined {
  if (error.name === 'SyntaxError') return PARSE_ERROR_REPLY;
  if (error.name === 'ZodError')
    return {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: a line is JSON but not a JSON-RPC 2.0 message.' },
    };
  return undefined;
}

function whenAborted(signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
