import { bodyText } from '../../client/decode.js';
import type { PagingGuard } from '../../client/paging-guard.js';
import { parseJsonExact } from '../../domain/exact-json.js';

/** The only path `api --paginate` follows: the search, whose envelope says where the next page is. */
export const PAGINATED_PATH = '/route/ai/search';

/**
 * Checks a search answer before it is printed: a page holding the same routes as one printed before, or
 * "more" past the announced total, is an ApiError (client/paging-guard.ts), so nothing is printed twice.
 */
export function checkSearchPage(
  body: Uint8Array,
  contentType: string | string[] | undefined,
  guard: PagingGuard,
): void {
  const envelope = readEnvelope(body, contentType);
  if (!envelope || !Array.isArray(envelope.routes) || envelope.routes.length === 0) return;
  const { routes, next_cursor: cursor, has_next: hasNext, total } = envelope;
  const more = (typeof cursor === 'string' && cursor !== '') || hasNext === true;
  guard.page(routes.map(routeKey), typeof total === 'number' ? total : undefined, more);
}

/**
 * The query of the page after a search answer: `cursor=next_cursor` when the service sends one,
 * `page+1` while `has_next`; undefined at the end, on an empty page or on a body that is not a search
 * envelope. A cursor that comes back is an ApiError (client/paging-guard.ts): it would loop for ever.
 */
export function nextSearchPageQuery(
  body: Uint8Array,
  contentType: string | string[] | undefined,
  query: URLSearchParams,
  guard: PagingGuard,
): URLSearchParams | undefined {
  const envelope = readEnvelope(body, contentType);
  if (!envelope) return undefined;
  const { routes, next_cursor: cursor, has_next: hasNext, page, total_pages: totalPages } = envelope;
  if (!Array.isArray(routes) || routes.length === 0) return undefined;
  const next = new URLSearchParams(query);
  if (typeof cursor === 'string' && cursor !== '') {
    guard.cursor(cursor);
    next.delete('page');
    next.set('cursor', cursor);
    return next;
  }
  if (hasNext !== true) return undefined;
  const current =
    typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : Number(query.get('page') ?? 1) || 1;
  if (typeof totalPages === 'number' && current >= totalPages) return undefined;
  next.delete('cursor');
  next.set('page', String(current + 1));
  return next;
}

/** The body as a JSON object (ids past 2^53 kept as their digits), or undefined when it is not one. */
function readEnvelope(
  body: Uint8Array,
  contentType: string | string[] | undefined,
): Record<string, unknown> | undefined {
  let envelope: unknown;
  try {
    envelope = parseJsonExact(bodyText(body, contentType));
  } catch {
    return undefined;
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return undefined;
  return envelope as Record<string, unknown>;
}

/** What tells a route from the others: its id, else the whole record. */
function routeKey(route: unknown): string {
  const id = typeof route === 'object' && route !== null ? (route as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : (JSON.stringify(route) ?? '');
}
