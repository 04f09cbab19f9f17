import type { SearchPage } from '../domain/types.js';
import { PagingGuard } from './paging-guard.js';
import { announcedTotal } from './search-page.js';

/** Where to fetch a page from: a page number, or the opaque cursor of newer deployments. */
export type PagePosition = { page: number; cursor?: undefined } | { cursor: string; page?: undefined };

/** Fetches one page; `signal` cancels it when the pages ahead of it are no longer wanted. */
export type PageFetcher<P extends SearchPage = SearchPage> = (
  position: PagePosition,
  signal: AbortSignal,
) => Promise<P>;

/**
 * Follows a search across pages, yielding them in order: `next_cursor` when the service sends one (one
 * page at a time: the cursor is opaque), `page`/`has_next` otherwise, with up to `concurrency` pages in
 * flight once the first page has said how many there are. Stops on an empty page or past `total_pages`;
 * a cursor or a page that repeats, or "more" past the announced total, is an ApiError (paging-guard.ts):
 * a service bug would loop for ever. Stopping early (`break`) starts no request more, cancels the ones in flight and
 * returns once they have settled: when the loop is left, nothing of it is still under way.
 */
export async function* followPages<P extends SearchPage>(
  fetchPage: PageFetcher<P>,
  concurrency = 1,
): AsyncGenerator<P, void, undefined> {
  const controller = new AbortController();
  const guard = new PagingGuard();
  try {
    const first = await fetchPage({ page: 1 }, controller.signal);
    if (first.routes.length === 0) return;
    check(guard, first);
    yield first;
    if (hasCursor(first)) yield* followCursor(fetchPage, first, guard, controller.signal);
    else if (first.has_next) yield* fetchAhead(fetchPage, first, concurrency, guard, controller);
  } finally {
    controller.abort();
  }
}

/** A page is checked before it is used: one that lies is never printed. */
function check(guard: PagingGuard, page: SearchPage): void {
  guard.page(
    page.routes.map((trip) => trip.id),
    announcedTotal(page),
    page.has_next || hasCursor(page),
  );
}

async function* followCursor<P extends SearchPage>(
  fetchPage: PageFetcher<P>,
  first: P,
  guard: PagingGuard,
  signal: AbortSignal,
): AsyncGenerator<P, void, undefined> {
  let page = first;
  while (hasCursor(page)) {
    const cursor = page.next_cursor;
    guard.cursor(cursor);
    page = await fetchPage({ cursor }, signal);
    if (page.routes.length === 0) return;
    check(guard, page);
    yield page;
  }
}

/**
 * The pages after `first` up to its `total_pages`, with up to `concurrency` requests in flight, yielded in
 * page order; past that count, while the service still says `has_next` (a count derived without a
 * `total` is only a lower bound), one page at a time.
 */
async function* fetchAhead<P extends SearchPage>(
  fetchPage: PageFetcher<P>,
  first: P,
  concurrency: number,
  guard: PagingGuard,
  controller: AbortController,
): AsyncGenerator<P, void, undefined> {
  const { signal } = controller;
  const inFlight = new Map<number, Promise<P>>();
  const from = first.page + 1;
  const to = first.total_pages;
  let last: SearchPage = first;
  let next = from;
  const fill = (): void => {
    while (inFlight.size < concurrency && next <= to) {
      const request = fetchPage({ page: next }, signal);
      // Rejections are read when the page's turn comes; one that never comes (stopped early) is not an error.
      request.catch(() => undefined);
      inFlight.set(next++, request);
    }
  };
  try {
    for (let wanted = from; wanted <= to; wanted++) {
      fill();
      const request = inFlight.get(wanted) as Promise<P>;
      const page = await request;
      inFlight.delete(wanted);
      if (page.routes.length === 0) return;
      check(guard, page);
      yield page;
      if (!page.has_next) return;
      last = page;
    }
  } finally {
    // Pages fetched ahead that will not be read: cancelled, and waited for, so that none is still on its way
    // to the service when the loop has been left (a test's next fault must meet the next request, not these).
    if (inFlight.size > 0) {
      controller.abort();
      await Promise.allSettled(inFlight.values());
    }
  }
  for (let page = Math.max(from, to + 1); last.has_next; page++) {
    const next = await fetchPage({ page }, signal);
    if (next.routes.length === 0) return;
    check(guard, next);
    yield next;
    last = next;
  }
}

function hasCursor(page: SearchPage): page is SearchPage & { next_cursor: string } {
  return typeof page.next_cursor === 'string' && page.next_cursor !== '';
}
