import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { fixChildClock } from './cli.js';

/**
 * A hostile HTTP server of our own, written on raw sockets so that it can lie: trickle bytes, never
 * end a body, send a Content-Length that is false, or answer with any bytes at all. It shares no code
 * with the local service or the client, so it cannot agree with either on a mistake.
 */

/** What a case sees of the request: enough to choose an answer. */
export interface HostileRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A case writes whatever it likes on the socket; it must end or destroy it, or leave it open on purpose. */
export type HostileCase = (socket: Socket, request: HostileRequest) => void | Promise<void>;

/** Cases chosen by the request's path (without /v1); `*` answers any path without a case of its own. */
export type HostileCases = Readonly<Record<string, HostileCase>>;

export interface RunningHostileServer {
  readonly origin: string;
  /** The base URL to give the CLI (`--base-url`): the origin with /v1. */
  readonly base: string;
  /** Every request received, in order, as `METHOD /path?query`. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Starts the hostile server on 127.0.0.1 and a free port. */
export async function startHostileServer(cases: HostileCases): Promise<RunningHostileServer> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    readRequests(socket, (request) => {
      requests.push(`${request.method} ${request.path}${request.query.size ? `?${request.query}` : ''}`);
      const chosen = cases[request.path.replace(/^\/v1(?=\/)/, '')] ?? cases['*'] ?? notFound;
      void Promise.resolve(chosen(socket, request)).catch(() => socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the hostile server has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    base: `${origin}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The CLI's clock in files with a hostile server: their trips are dated from December 2026 on, and they stay
 * upcoming whatever the real date (the CLI leaves out trips that have left).
 */
export const HOSTILE_NOW = '2026-12-01T08:00:00Z';

/** Starts a hostile server for a test file and stops it afterwards; the file's CLI children run at HOSTILE_NOW. */
export function useHostileServer(cases: HostileCases): { readonly base: string; readonly requests: string[] } {
  fixChildClock(HOSTILE_NOW);
  const state: { server?: RunningHostileServer } = {};
  beforeAll(async () => {
    state.server = await startHostileServer(cases);
  });
  afterAll(async () => {
    await state.server?.close();
  });
  const running = (): RunningHostileServer => {
    if (!state.server) throw new Error('the hostile server is not started yet');
    return state.server;
  };
  return {
    get base() {
      return running().base;
    },
    get requests() {
      return running().requests;
    },
  };
}

/** The head of an answer: status line and headers, CRLF-terminated, as bytes. */
export function head(status: number, headers: Readonly<Record<string, string | number>> = {}, reason = 'X'): Buffer {
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** A whole answer with a true Content-Length, then the connection closed. */
export function answer(
  status: number,
  body: string | Buffer,
  headers: Readonly<Record<string, string | number>> = { 'content-type': 'application/json' },
): HostileCase {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return (socket) => {
    socket.write(head(status, { ...headers, 'content-length': bytes.length, connection: 'close' }));
    socket.end(bytes);
  };
}

/** Writes `chunk` every `everyMs` until the socket closes: a trickle, or with a big chunk a body that never ends. */
export function endlessly(socket: Socket, chunk: string | Buffer, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || socket.writableEnded) return clearInterval(timer);
    if (socket.writableNeedDrain) return;
    socket.write(chunk);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

const notFound: HostileCase = answer(404, '{"error":"no such case"}');

/** Reads HTTP/1.1 requests (headers and a Content-Length body) off a socket, keep-alive included. */
function readRequests(socket: Socket, onRequest: (request: HostileRequest) => void): void {
  let buffered = Buffer.alloc(0);
  socket.on('data', (data: Buffer) => {
    buffered = Buffer.concat([buffered, data]);
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = buffered.subarray(0, end).toString('latin1').split('\r\n');
      const [method = 'GET', target = '/'] = (lines[0] ?? '').split(' ');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (buffered.length < end + 4 + length) return;
      const body = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
      buffered = buffered.subarray(end + 4 + length);
      const url = new URL(target, 'http://hostile.invalid');
      onRequest({ method, path: url.pathname, query: url.searchParams, headers, body });
    }
  });
}

/** A 200 JSON head without a length: the body runs until the connection closes (or never does). */
export function openHead(headers: Readonly<Record<string, string | number>> = {}): Buffer {
  return head(200, { 'content-type': 'application/json', connection: 'close', ...headers });
}

/** An answer trickled `bytes` at a time every `everyMs` under a Content-Length it never reaches: a trickle cannot end. */
export function trickle(everyMs: number, chunk = ' '): HostileCase {
  return (socket) => {
    socket.write(head(200, { 'content-type': 'application/json', 'content-length': 1_000_000 }));
    endlessly(socket, chunk, everyMs);
  };
}

/** A body with no end: `first`, then `chunk` as fast as the socket takes it, until the client leaves. */
export function endless(first: string, chunk: string | Buffer): HostileCase {
  return (socket) => {
    socket.write(openHead());
    socket.write(first);
    const pump = (): void => {
      while (!socket.destroyed && !socket.writableEnded) {
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
}
