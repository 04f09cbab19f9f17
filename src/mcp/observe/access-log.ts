import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallRecord } from './metrics.js';

/** Where the access log goes: one JSON object a line. */
export type AccessLogWriter = (line: string) => void;

/** What one HTTP request did: filled in as it is served, written as one line when its answer ends. */
export interface AccessRecord {
  id: string;
  /** The JSON-RPC method(s) of a POST body. */
  rpc?: string;
  call?: CallRecord;
}

// An id a proxy sent is logged when it is short and plain.
const FORWARDED_ID = /^[\w.:-]{1,64}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Gives the request an id (sent back as X-Request-Id, and passed to the MCP server's handlers with the headers) and,
 * when its answer has ended, writes its access-log line (with the proxy's X-Request-Id, if any).
 */
export function observeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  client: string,
  ended: (record: AccessRecord, status: number) => void,
  write: AccessLogWriter | undefined,
): AccessRecord {
  // Ours is always new (it joins a call to its request, so it must be unique); a proxy's is logged beside it.
  const forwarded = request.headers[REQUEST_ID_HEADER];
  const forwardedId = typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : undefined;
  const id = randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  // The SDK's transport reads the raw header list (through Hono's adapter), where ours replaces any other.
  const raw: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index] as string;
    if (name.toLowerCase() !== REQUEST_ID_HEADER) raw.push(name, request.rawHeaders[index + 1] as string);
  }
  request.rawHeaders.splice(0, request.rawHeaders.length, ...raw, REQUEST_ID_HEADER, id);
  response.setHeader(REQUEST_ID_HEADER, id);
  const record: AccessRecord = { id };
  const started = performance.now();
  let written = false;
  const finish = (): void => {
    if (written) return;
    written = true;
    const status = response.headersSent ? response.statusCode : 499;
    ended(record, status);
    if (!write) return;
    const session = request.headers['mcp-session-id'] ?? response.getHeader('mcp-session-id');
    const line = {
      time: new Date().toISOString(),
      id,
      ...(forwardedId !== undefined && { forwarded_id: forwardedId }),
      client,
      method: request.method,
      path: (request.url ?? '/').split('?')[0],
      status,
      ms: Math.round(performance.now() - started),
      ...(record.rpc !== undefined && { rpc: record.rpc }),
      ...(typeof session === 'string' && { session }),
      ...(record.call !== undefined && {
        tool: record.call.tool,
        outcome: record.call.outcome,
        tool_ms: Math.round(record.call.ms),
      }),
      upstream: record.call?.upstream ?? 0,
    };
    write(`${JSON.stringify(line)}\n`);
  };
  response.once('finish', finish);
  response.once('close', finish);
  return record;
}

/** The JSON-RPC method(s) of a parsed POST body, for the log: `tools/call`, or several joined by commas. */
export function rpcMethods(body: unknown): string | undefined {
  const messages = Array.isArray(body) ? body : [body];
  const methods = messages
    .map((message) =>
      typeof message === 'object' && message !== null && 'method' in message && typeof message.method === 'string'
        ? message.method
        : undefined,
    )
    .filter((method): method is string => method !== undefined);
  return methods.length > 0 ? methods.join(',').slice(0, 200) : undefined;
}
