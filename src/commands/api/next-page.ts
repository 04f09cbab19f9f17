import { bodyText } from '../../client/decode.js';
import type { PagingGuard } from '../../client/paging-guard.js';

/** The only path `api --paginate` follows: the search, whose envelope says where the next page is. */
export const PAGINATED_PATH = '/route/ai/search';

/**
 * The query of the page after a search answer: `cursor=next_cursor` when the service sends one,
 * `page+1` while `has_next`; undefined at the end, on an empty page or on a body that is not a search
 * envelope. A cursor or a page that comes back, or "more" past the announced total, is an ApiError
 * (client/paging-guard.ts): a service bug would loop for ever.
 */
export function nextSearchPageQuery(body: Buffer, contentType: string | string[] | undefined, query: URLSearchParams, guard: PagingGuard): URLSearchParams | undefined {
  let envelope: unknown;
  try {
    envelope = JSON.parse(bodyText(body, contentType));
  } catch {
    return undefined;
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return undefined;
  const { routes, next_cursor: cursor, has_next: hasNext, page, total_pages: totalPages } = envelope as Record<string, unknown>;
  if (!Array.isArray(routes) || routes.length === 0) return undefined;
  const { total } = envelope as Record<string, unknown>;
  const more = (typeof cursor === 'string' && cursor !== '') || hasNext === true;
  guard.page(routes.map(routeKey), typeof total === 'number' ? total : undefined, more);
  const next = new URLSearchParams(query);
  if (typeof cursor === 'string' && cursor !== '') {
    guard.cursor(cursor);
    next.delete('page');
    next.set('cursor', cursor);
    return next;
  }
  if (hasNext !== true) return undefined;
  const current = typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : Number(query.get('page') ?? 1) || 1;
  if (typeof totalPages === 'number' && current >= totalPages) return undefined;
  next.delete('cursor');
  next.set('page', String(current + 1));
  return next;
}

/** What tells a route from the others: its id, else the whole record. */
function routeKey(route: unknown): string {
  const id = typeof route === 'object' && route !== null ? (route as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : JSON.stringify(route) ?? '';
}
