import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER_NAME } from '../domain/header-record.js';

// CORS, when the `cors` option is on (`motoroute serve --cors`), so that a page on another origin can
// use the service through a browser's fetch. The API reference says nothing about CORS; this is the
// local service's own choice: any origin, no credentials (the API has none).

/** Every method the service answers (HEAD is served as GET). */
const ALLOWED_METHODS = 'GET, HEAD, POST';

/** Response headers a client reads, beyond the ones every browser shows a script (Content-Type…). */
export const EXPOSED_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'deprecation',
  'sunset',
  'link',
  'location',
  'allow',
  'idempotent-replayed',
  'content-encoding',
  'content-length',
] as const;

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

/** Puts the headers every answer carries on the response (before it is written). */
export function setCorsHeaders(res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS.join(', '));
}

/** True for a browser's preflight: OPTIONS, with the method the real request will use. */
export function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && typeof req.headers['access-control-request-method'] === 'string';
}

/**
 * Answers a preflight with 204. The service reads no request header but Content-Type, Idempotency-Key
 * and Accept-Encoding and ignores the others, so every header the preflight asks for (a client's own
 * per-call headers included) is allowed.
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const asked = req.headers['access-control-request-headers'] ?? '';
  const names = asked
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => HEADER_NAME.test(name));
  res.writeHead(204, {
    'access-control-allow-methods': ALLOWED_METHODS,
    ...(names.length > 0 && { 'access-control-allow-headers': names.join(', ') }),
    'access-control-max-age': PREFLIGHT_MAX_AGE,
    vary: 'Access-Control-Request-Headers',
  });
  res.end();
}
