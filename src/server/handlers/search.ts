import type { SearchPage } from '../../domain/types.js';
import type { Handler, ServiceState } from '../context.js';
import { decodeCursor, encodeCursor, filterAgrees } from '../cursor.js';
import { HttpError } from '../http/reply.js';
import { PageCache } from '../page-cache.js';
import { PAGE_LIMITS, parseSearchParams, type SearchParams } from '../search-query.js';
import { BOOK_URL, searchSlice } from '../search-run.js';

const pageCaches = new WeakMap<ServiceState, PageCache>();

/** GET /route/ai/search: filtered, paginated search (and cursor paging when configured). */
export const searchHandler: Handler = (ctx, state) => {
  const params = parseSearchParams(ctx.query);
  let cache = pageCaches.get(state);
  if (!cache) {
    cache = new PageCache();
    pageCaches.set(state, cache);
  }
  // The data version and the clock date are in the key, so a cached page is never stale; the deviations
  // (fixed for the server's life) depend on nothing else, so a deviated page is cached as safely.
  const today = state.today();
  const key = JSON.stringify([state.data.version, today, params.filter, params.page, params.limit, params.cursor]);
  return {
    kind: 'json',
    status: 200,
    body: undefined,
    serialized: cache.get(key, () => state.deviations.page(searchEnvelope(state, params), today)),
  };
};

/** The search envelope (reference §2.4) for checked parameters. */
export function searchEnvelope(state: ServiceState, params: SearchParams): SearchPage {
  const { cursorPaging, maxLimit } = state.options;
  const cap = cursorPaging ? maxLimit : PAGE_LIMITS.maxLimit;
  const limit = Math.min(params.limit ?? PAGE_LIMITS.defaultLimit, cap);
  let filter = params.filter;
  let offset = ((params.page ?? 1) - 1) * limit;
  if (params.cursor !== undefined) {
    if (!cursorPaging) throw new HttpError(400, 'cursor is not supported by this deployment; use page');
    const cursor = decodeCursor(params.cursor);
    if (!filterAgrees(params.filter, cursor.filter))
      throw new HttpError(400, 'cursor belongs to a different search; drop the cursor or the changed filters');
    filter = cursor.filter;
    offset = cursor.offset;
  }
  const { routes, total } = searchSlice(state.data, filter, state.today(), offset, limit);
  const totalPages = Math.ceil(total / limit);
  const page = Math.floor(offset / limit) + 1;
  const envelope: SearchPage = {
    routes,
    total,
    page,
    limit,
    total_pages: totalPages,
    has_next: offset + limit < total,
    book_url: BOOK_URL,
  };
  if (cursorPaging)
    envelope.next_cursor = offset + limit < total ? encodeCursor({ filter, offset: offset + limit }) : null;
  return envelope;
}
