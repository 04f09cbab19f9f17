import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type McpRequestContext,
} from '@modelcontextprotocol/server';
import { CallTracker } from '../call-tracker.js';
import { UsageError } from '../../errors.js';
import { VERSION } from '../../version.js';
import type { McpEnvironment } from '../environment.js';
import { noteLine } from '../note-line.js';
import { ScreenedTransport } from '../request-screen.js';
import { createMcpServer, type McpServerHandle } from '../server.js';
import {
  capConnections,
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  serverOptions,
} from './connection-limits.js';
import { isLoopbackHost, requestAllowed } from './origin.js';
import {
  type AccessLogWriter,
  type AccessRecord,
  observeRequest,
  REQUEST_ID_HEADER,
  rpcMethods,
} from '../observe/access-log.js';
import { McpMetrics } from '../observe/metrics.js';
import { DEFAULT_SESSION_LIMITS, type SessionLimits, SessionTable } from './session-table.js';

/** Where the HTTP server listens, and which browser origins besides loopback may use it. */
export interface McpHttpOptions {
  host: string;
  port: number;
  allowedOrigins: readonly string[];
  /** Behind a reverse proxy: a client is known by the address its proxy adds last to X-Forwarded-For. */
  trustProxy?: boolean;
  /** Timeouts and the connection cap (the defaults when left out). */
  connections?: Partial<ConnectionLimits>;
  /** Sessions per client and in all, and their lifetimes (the defaults when left out). */
  sessions?: Partial<SessionLimits>;
  /** The sessions' clock (tests move it). */
  now?: () => number;
  /** Where the access log goes, one JSON line a request (none when left out). */
  accessLog?: AccessLogWriter;
}

/** The running server: its endpoint, and a graceful stop. */
export interface McpHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:43117/mcp. */
  url: string;
  /** Stops accepting, lets the calls in flight answer (each within its deadline), then ends every session. */
  close(): Promise<void>;
}

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  handle: McpServerHandle;
}

const ENDPOINT = '/mcp';
const MAX_BODY_BYTES = 1 << 20;

/**
 * `motoroute mcp --http`: the Streamable HTTP transport of the MCP specification on one endpoint (/mcp). A 2026-07-28
 * request (its version in its _meta) is served on its own, by an instance made for it; the 2025 protocol keeps a
 * session per client (Mcp-Session-Id; DELETE ends it). Origin checked on every request, GET /health, /ready and
 * /metrics, and an access-log line a request.
 */
export async function startMcpHttpServer(
  env: McpEnvironment,
  options: McpHttpOptions,
  note: (message: string) => void,
): Promise<McpHttpServer> {
  const sessions = new SessionTable<Session>({ ...DEFAULT_SESSION_LIMITS, ...options.sessions }, options.now);
  const connections = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const checks = { loopbackOnly: isLoopbackHost(options.host), allowedOrigins: options.allowedOrigins };
  const end = (ending: Session[]): void => {
    for (const session of ending) void session.transport.close();
  };
  const metrics = new McpMetrics(env.budgetCounts, () => ({
    open: sessions.size,
    halfOpen: sessions.halfOpen,
    listingTrips: env.core.listingTripsHeld,
  }));
  // The HTTP requests being served, by id: a tool call's record joins the line of the request that carried it, and a
  // stateless request's calls take its client's share of the upstream budget.
  const inFlight = new Map<string, AccessRecord & { client: string }>();
  const sessionEnv: McpEnvironment = {
    ...env,
    observeCall: (requestId, call) => {
      metrics.callEnded(call);
      const record = requestId === undefined ? undefined : inFlight.get(requestId);
      if (record) record.call = call;
    },
  };
  let closing = false;

  // The 2026-07-28 lane: no session, an instance a request; its calls are awaited on close like the sessions'.
  const statelessCalls = new CallTracker();
  const clientOfContext = (context: McpRequestContext): string | undefined => {
    const id = context.requestInfo?.headers.get(REQUEST_ID_HEADER);
    return id ? inFlight.get(id)?.client : undefined;
  };
  const modern = createMcpHandler(
    (context) => {
      const client = clientOfContext(context);
      return createMcpServer(sessionEnv, {
        calls: statelessCalls,
        ...(client !== undefined && { budgetKey: `client ${client}` }),
      }).server;
    },
    { legacy: 'reject', onerror: (error) => note(`MCP: ${noteLine(error.message)}`) },
  );
  const serveStateless = toNodeHandler(modern, { onerror: (error) => note(`MCP: ${noteLine(error.message)}`) });

  const openSession = async (request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> => {
    const client = clientOf(request, options.trustProxy === true);
    const handle = createMcpServer(sessionEnv);
    handle.server.onerror = (error) => note(`MCP: ${noteLine(error.message)}`);
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        // A new session never waits for room: the client's own oldest, else the least used, ends (404 tells it to start again).
        end(sessions.makeRoomFor(client));
        sessions.add(id, client, { transport, handle });
      },
      onsessionclosed: (id) => void sessions.delete(id),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await handle.server.connect(new ScreenedTransport(transport));
    await transport.handleRequest(request, response, body);
  };

  const serve = async (request: IncomingMessage, response: ServerResponse, record: AccessRecord): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!requestAllowed({ origin: request.headers.origin, host: request.headers.host }, checks)) {
      return sendJson(
        response,
        403,
        rpcError(-32000, 'Forbidden: requests from this Origin are not accepted (DNS rebinding protection).'),
      );
    }
    // A browser page of an allowed origin reads the answers and the session id (CORS); others send no Origin.
    const origin = request.headers.origin;
    if (origin !== undefined) {
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('access-control-expose-headers', 'mcp-session-id, mcp-protocol-version');
      response.setHeader('vary', 'origin');
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers':
          'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id',
        'access-control-max-age': '600',
      });
      response.end();
      return;
    }
    if (path === '/health')
      return sendJson(response, 200, { status: 'ok', name: 'motoroute', version: VERSION, sessions: sessions.size });
    // Ready while accepting new sessions; 503 once stopping, so a load balancer sends no one new.
    if (path === '/ready') return sendJson(response, closing ? 503 : 200, { ready: !closing });
    if (path === '/metrics') {
      const text = metrics.render();
      response.writeHead(200, {
        'content-type': 'text/plain; version=0.0.4; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
      return;
    }
    if (path !== ENDPOINT) return sendJson(response, 404, { error: `Not found: the MCP endpoint is ${ENDPOINT}.` });
    const body = request.method === 'POST' ? await readJsonBody(request, response) : undefined;
    if (body === UNREADABLE) return;
    record.rpc = rpcMethods(body);
    // A request with the protocol version in its _meta is of the 2026-07-28 lane (which also answers a malformed one).
    if (request.method === 'POST' && !(await isLegacyRequest(await toWebRequest(request, body), body)))
      return serveStateless(request, response, body);
    const id = request.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.touch(id);
      if (!session)
        return sendJson(
          response,
          404,
          rpcError(-32001, 'Session not found: it ended or never existed; start a new one with initialize.'),
        );
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method === 'POST' && isInitializeRequest(body)) return openSession(request, response, body);
    return sendJson(
      response,
      400,
      rpcError(-32000, 'Bad Request: no Mcp-Session-Id; a session starts with an initialize request (POST).'),
    );
  };

  const server = createServer(serverOptions(connections), (request, response) => {
    const client = clientOf(request, options.trustProxy === true);
    const observed = observeRequest(
      request,
      response,
      client,
      (done, status) => {
        inFlight.delete(done.id);
        metrics.httpAnswered(status);
      },
      options.accessLog,
    );
    const record = Object.assign(observed, { client });
    inFlight.set(record.id, record);
    serve(request, response, record).catch((error: unknown) => {
      note(`MCP: ${noteLine(error instanceof Error ? error.message : String(error))}`);
      if (!response.headersSent) sendJson(response, 500, rpcError(-32603, 'Internal error'));
      else response.destroy();
    });
  });
  capConnections(server, connections);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, options)));
    server.listen(options.port, options.host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  // Sessions whose client went away without DELETE, and handshakes never completed.
  const sweeper = setInterval(() => end(sessions.expired()), SWEEP_MS);
  sweeper.unref();

  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${ENDPOINT}`,
    async close() {
      closing = true;
      clearInterval(sweeper);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.all([...sessions.values()].map((session) => session.handle.callsSettled()));
      await statelessCalls.settled();
      await modern.close();
      await Promise.all([...sessions.values()].map((session) => session.transport.close()));
      server.closeAllConnections();
      await stopped;
    },
  };
}

/** A listening failure as the user can fix it: a port in use, a port that needs privileges, an address not of this machine. */
function listenError(error: NodeJS.ErrnoException, options: McpHttpOptions): Error {
  const where = `${options.host}:${options.port}`;
  if (error.code === 'EADDRINUSE')
    return new UsageError(
      `--port ${options.port}: ${where} is already in use; choose another port, or --port 0 for a free one.`,
    );
  if (error.code === 'EACCES')
    return new UsageError(`--port ${options.port}: listening on ${where} needs privileges; choose a port above 1023.`);
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return new UsageError(
      `--host ${options.host}: not an address of this machine; use 127.0.0.1, 0.0.0.0 or one of its addresses.`,
    );
  return error;
}

// Often enough for the shortest lifetime (a half-open handshake's minute) to be kept within a few seconds.
const SWEEP_MS = 5_000;

/** Who a request comes from: its peer's address, or behind a trusted proxy the address the proxy added last. */
function clientOf(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  const last = typeof forwarded === 'string' ? forwarded.split(',').at(-1)?.trim() : undefined;
  return (trustProxy && last) || request.socket.remoteAddress || 'unknown';
}

const UNREADABLE = Symbol('unreadable');

/** The POST body as JSON; a body too large or not JSON is answered here (413, or a JSON-RPC parse error) and UNREADABLE returned. */
async function readJsonBody(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      sendJson(response, 413, rpcError(-32600, `Request too large: at most ${MAX_BODY_BYTES} bytes.`), true);
      return UNREADABLE;
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    sendJson(response, 400, rpcError(-32700, 'Parse error: the body is not JSON.'));
    return UNREADABLE;
  }
}

function rpcError(code: number, message: string): object {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

function sendJson(response: ServerResponse, status: number, body: object, close = false): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(close ? { connection: 'close' } : {}),
  });
  response.end(text);
}
