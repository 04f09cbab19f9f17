import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createEnvironment, type McpSettings } from './environment.js';
import { createMcpServer } from './server.js';

export type { McpSettings } from './environment.js';

/** Where the server talks: JSON-RPC on stdin/stdout, anything for a person on stderr. */
export interface McpServerIO {
  stdin: Readable;
  stdout: Writable;
  /** A line on stderr (sanitised by the caller). */
  note(message: string): void;
  /** Ctrl-C: stops the server. */
  signal: AbortSignal;
}

/**
 * `motoroute mcp`: serves the tools over stdio until stdin closes (the calls already sent are answered first) or
 * Ctrl-C, then closes the transport and returns. This layer is its own bundle (dist/mcp.cjs), so no other command loads the SDK.
 */
export async function runMcpServer(settings: McpSettings, io: McpServerIO): Promise<void> {
  const { server, callsSettled } = createMcpServer(createEnvironment(settings));
  const transport = new StdioServerTransport(io.stdin, io.stdout);
  // A broken message is the client's problem to hear about, not a reason to stop serving the next one.
  server.onerror = (error) => io.note(`MCP: ${error.message}`);
  const interrupted = new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  const ended = new Promise<void>((resolve) => {
    io.stdin.once('end', resolve);
    io.stdin.once('close', resolve);
  });
  await server.connect(transport);
  await Promise.race([ended, interrupted]);
  // The client closed its side: answer the calls it already sent (unless Ctrl-C), then stop.
  await Promise.race([callsSettled(), interrupted]);
  await server.close();
}
