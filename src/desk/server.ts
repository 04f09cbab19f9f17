import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CSRF_HEADER,
  SECURITY_HEADERS,
  SESSION_COOKIE,
  cookieValue,
  hostIsOurs,
  namesFor,
  newToken,
  originIsOurs,
  sameSecret,
} from './guard.js';

/** One answer of the desk's API: a status and a JSON body, or a file to download. */
export type DeskAnswer =
  | { status: number; json: unknown }
  | { status: number; download: { name: string; type: string; body: Buffer } };

/**
 * A request the guard let through: its method, path, query and (for a state-changing request) its body: parsed JSON,
 * or the bytes of an uploaded file (`application/octet-stream`).
 */
export interface DeskRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  signal: AbortSignal;
}

/** What answers the API (`/api/...`): undefined for a path it does not know. */
export type DeskApi = (request: DeskRequest) => Promise<DeskAnswer | undefined>;

/** A static file of the page, or undefined when there is none. */
export type DeskFiles = (path: string) => Promise<{ type: string; body: Buffer } | undefined>;

export interface DeskServerOptions {
  host: string;
  port: number;
  api: DeskApi;
  files: DeskFiles;
  /** Largest JSON request body, in bytes. */
  maxBodyBytes?: number;
  /** Largest uploaded file (`application/octet-stream`), in bytes. */
  maxUploadBytes?: number;
  /** The API paths that take a file's bytes (`application/octet-stream`); every other one takes JSON only. */
  uploadPaths?: readonly string[];
}

export interface RunningDesk {
  /** The address to open once: it carries the one-time token. */
  openUrl: string;
  /** The desk's origin, without the token. */
  origin: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
// As much as `book --from-file` reads in one file of rows.
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The desk's HTTP server: one one-time token becomes a session cookie (HttpOnly, SameSite=Strict); every request
 * must name this desk in Host (and Origin, when sent); a state-changing one needs the cookie and the CSRF header.
 */
export async function startDeskServer(options: DeskServerOptions): Promise<RunningDesk> {
  let openToken: string | undefined = newToken();
  const sessions = new Map<string, string>(); // session id → CSRF token
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const maxUpload = options.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  const names = namesFor(options.host);
  const abort = new AbortController();
  let port = 0;

  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    handle(request, response).catch((error: unknown) => {
      const refusal = error instanceof Refusal ? error : new Refusal(500, 'The desk failed to answer.');
      if (!response.headersSent) sendJson(response, refusal.status, { error: refusal.message });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hostIsOurs(request.headers.host, names, port)) throw new Refusal(403, 'Unknown Host.');
    if (!originIsOurs(request.headers.origin, names, port)) throw new Refusal(403, 'Foreign Origin.');
    const url = new URL(request.url ?? '/', 'http://desk.invalid');
    const method = request.method ?? 'GET';

    const token = url.searchParams.get('token');
    if (url.pathname === '/' && token !== null) {
      if (openToken === undefined || !sameSecret(token, openToken))
        throw new Refusal(403, 'This link was already used or is wrong: start motoroute desk again for a new one.');
      openToken = undefined;
      const session = newToken();
      sessions.set(session, newToken());
      response.writeHead(303, {
        'set-cookie': `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        location: '/',
      });
      response.end();
      return;
    }

    const session = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const csrf = session === undefined ? undefined : sessions.get(session);
    if (csrf === undefined) throw new Refusal(401, 'No desk session: open the link motoroute desk printed.');
    if (!SAFE_METHODS.has(method)) {
      const given = request.headers[CSRF_HEADER];
      if (typeof given !== 'string' || !sameSecret(given, csrf)) throw new Refusal(403, 'Missing CSRF header.');
    }

    if (url.pathname === '/api/session' && method === 'GET') return sendJson(response, 200, { csrf });
    if (url.pathname.startsWith('/api/')) {
      const upload = request.headers['content-type'] === 'application/octet-stream';
      if (upload && !SAFE_METHODS.has(method) && !(options.uploadPaths ?? []).includes(url.pathname))
        throw new Refusal(415, 'This API takes JSON, not a file.');
      const body = SAFE_METHODS.has(method)
        ? undefined
        : upload
          ? await readBody(request, maxUpload)
          : await readJson(request, maxBody);
      const answer = await options.api({
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        signal: abort.signal,
      });
      if (answer === undefined) throw new Refusal(404, 'No such API.');
      if ('json' in answer) return sendJson(response, answer.status, answer.json);
      response.writeHead(answer.status, {
        'content-type': answer.download.type,
        'content-disposition': `attachment; filename="${answer.download.name.replace(/[^\w.-]/g, '_')}"`,
      });
      response.end(answer.download.body);
      return;
    }
    if (!SAFE_METHODS.has(method)) throw new Refusal(405, 'Method not allowed.');
    const file = await options.files(url.pathname === '/' ? '/index.html' : url.pathname);
    if (file === undefined) throw new Refusal(404, 'Not found.');
    response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length });
    response.end(method === 'HEAD' ? undefined : file.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${names[0]}:${port}`;
  return {
    openUrl: `${origin}/?token=${openToken}`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        abort.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readJson(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const body = await readBody(request, maxBytes);
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new Refusal(400, 'The body is not JSON.');
  }
}

async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw new Refusal(413, 'Request body too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw new Refusal(413, 'Request body too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
