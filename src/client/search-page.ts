import type { SearchPage, Trip } from '../domain/types.js';
import type { SearchEnvelope } from './schemas.js';

/** The reference's page size when a request does not name one (§4.1). */
export const DEFAULT_LIMIT = 50;

/** Pages whose `total` was derived, not sent: a lower bound from what came, nothing the service announced. */
const derivedTotals = new WeakSet<SearchPage>();

/** The total the service announced for this page, or undefined when it sent none (the page's `total` is then derived). */
export function announcedTotal(page: SearchPage): number | undefined {
  return derivedTotals.has(page) ? undefined : page.total;
}

/** What the request asked for, to fill in what the answer leaves out. */
export interface RequestedPage {
  page?: number | undefined;
  limit?: number | undefined;
}

/**
 * A whole search page from what the service sent: `total_pages` and `has_next` are derived from
 * `total`, `limit` and `next_cursor` when missing, `page` and `limit` from the request, and a
 * missing `book_url` is the configured booking form.
 */
export function completePage(
  envelope: SearchEnvelope,
  routes: Trip[],
  requested: RequestedPage,
  bookingUrl: string,
): SearchPage {
  const sent = envelope.routes.length;
  const limit = envelope.limit ?? Math.max(requested.limit ?? DEFAULT_LIMIT, sent, 1);
  const page = envelope.page ?? requested.page ?? 1;
  const cursor =
    typeof envelope.next_cursor === 'string' && envelope.next_cursor !== '' ? envelope.next_cursor : undefined;
  // Without a total, what came so far is all that is known: a lower bound.
  const total = envelope.total ?? (page - 1) * limit + sent;
  const derivedPages = Math.ceil(total / limit);
  const hasNext = envelope.has_next ?? (cursor !== undefined || page < derivedPages);
  // Without a total, a page that says there is more means at least one page more.
  const totalPages =
    envelope.total_pages ?? (envelope.total == null && hasNext ? Math.max(derivedPages, page + 1) : derivedPages);
  const bookUrl = typeof envelope.book_url === 'string' && envelope.book_url !== '' ? envelope.book_url : bookingUrl;
  const result: SearchPage = {
    routes,
    total,
    page,
    limit,
    total_pages: totalPages,
    has_next: hasNext,
    book_url: bookUrl,
  };
  if (envelope.total == null) derivedTotals.add(result);
  if (cursor !== undefined) result.next_cursor = cursor;
  else if (envelope.next_cursor === null) result.next_cursor = null;
  return result;
}
