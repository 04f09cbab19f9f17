import { jsonReply, type JsonReply } from './http/reply.js';
import type { MovedStatus } from './options.js';

/** True when a request path lies under a path prefix ('/api/v1' holds '/api/v1' and '/api/v1/…'). */
export function isUnderPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The redirect answering a request outside the moved versioned base: the same origin, the new prefix,
 * the rest of the path (after /v1, or the whole legacy path) and the query. Its status is the one
 * configured, else 301 for GET and HEAD and 308 (which keeps the method and body) for the others.
 */
export function movedReply(
  pathname: string,
  search: string,
  method: string,
  origin: string,
  movedTo: string,
  movedStatus: MovedStatus | undefined,
): JsonReply {
  const rest = isUnderPrefix(pathname, '/v1') ? pathname.slice(3) : pathname;
  const location = `${origin}${movedTo}${rest === '/' ? '' : rest}${search}`;
  const status = movedStatus ?? (method === 'GET' || method === 'HEAD' ? 301 : 308);
  return jsonReply(
    status,
    { error: `this address moved to ${location}; use ${origin}${movedTo} as the base URL` },
    { location },
  );
}
