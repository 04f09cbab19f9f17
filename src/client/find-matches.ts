import type { RouteClient } from './client.js';
import { compareTrips, type TripFilter, type TripSort } from '../domain/trip-filter.js';
import { createTripMatcher } from '../domain/trip-matcher.js';
import type { SearchQuery, Trip } from '../domain/types.js';

/** What a search with local filters found, and how much of the service's answer it took. */
export interface Matches {
  /** At most `wanted` trips, in the service's order (or by price). */
  trips: Trip[];
  /** Trips that passed the filters in the pages read (all of them when `complete`). */
  matched: number;
  pagesRead: number;
  /** Pages the service has for the query, and the trips it matched before the local filters. */
  pages: number;
  serviceTotal: number;
  /** Every page was read. */
  complete: boolean;
  bookUrl: string;
}

/** The largest page the reference allows: fewer requests for the same trips. */
export const LARGEST_PAGE = 100;

/** Whether a search uses a filter the service cannot apply, so one page of its answer is not enough. */
export function needsEveryPage(filter: TripFilter, sort: TripSort): boolean {
  return filter.minSlots !== undefined || filter.maxPrice !== undefined || filter.via !== undefined || sort === 'price';
}

/**
 * Reads the search's pages (the largest allowed, several in flight) until `wanted` trips pass the local
 * filters, or every page for price order, so that the answer is the first `wanted` of all matches, never
 * the matches of one page.
 */
export async function findMatches(
  client: RouteClient,
  query: SearchQuery,
  filter: TripFilter,
  sort: TripSort,
  wanted: number,
  onFirstPage: (pages: number) => void = () => undefined,
  limits: { signal?: AbortSignal; maxPages?: number } = {},
): Promise<Matches> {
  const matches = createTripMatcher(filter);
  const found: Trip[] = [];
  const result: Matches = {
    trips: [],
    matched: 0,
    pagesRead: 0,
    pages: 0,
    serviceTotal: 0,
    complete: true,
    bookUrl: '',
  };
  for await (const page of client.searchPages(query, { limit: LARGEST_PAGE, signal: limits.signal })) {
    result.pagesRead += 1;
    if (result.pagesRead === 1) {
      Object.assign(result, { pages: page.total_pages, serviceTotal: page.total, bookUrl: page.book_url });
      onFirstPage(page.total_pages);
    }
    for (const trip of page.routes) if (matches(trip)) found.push(trip);
    if (sort === 'date' && found.length >= wanted) {
      result.complete = !page.has_next;
      break;
    }
    // A caller that must answer quickly reads a bounded number of pages; what it did not read is said by `complete`.
    if (limits.maxPages !== undefined && result.pagesRead >= limits.maxPages && page.has_next) {
      result.complete = false;
      break;
    }
  }
  if (sort === 'price') found.sort(compareTrips(sort));
  result.matched = found.length;
  result.trips = found.slice(0, wanted);
  return result;
}
