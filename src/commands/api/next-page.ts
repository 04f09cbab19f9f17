/** The only path `api --paginate` follows: the search, whose envelope says where the next page is. */
export const PAGINATED_PATH = '/route/ai/search';

/**
 * The query of the page after a search answer: `cursor=next_cursor` when the service sends one,
 * `page+1` while `has_next`; undefined at the end, on an empty page, on a body that is not a search
 * envelope, or when a cursor comes back (a service bug would loop forever).
 */
export function nextSearchPageQuery(body: Buffer, query: URLSearchParams, cursorsSeen: Set<string>): URLSearchParams | undefined {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return undefined;
  const { routes, next_cursor: cursor, has_next: hasNext, page, total_pages: totalPages } = envelope as Record<string, unknown>;
  if (!Array.isArray(routes) || routes.length === 0) return undefined;
  const next = new URLSearchParams(query);
  if (typeof cursor === 'string' && cursor !== '') {
    if (cursorsSeen.has(cursor)) return undefined;
    cursorsSeen.add(cursor);
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
