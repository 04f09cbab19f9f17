import type { RouteClient } from '../client/client.js';
import type { FranceMoment } from '../domain/france-time.js';
import { compareTrips } from '../domain/trip-filter.js';
import { createTripMatcher } from '../domain/trip-matcher.js';
import type { BatchResult, SearchQuery, Trip, TripFilter, TripSort } from '../domain/types.js';
import { hasLeft } from './upcoming.js';

/** The largest page the reference allows: fewer requests for the same trips. */
const LARGEST_PAGE = 100;

/** What a face asks of a search: the upcoming matches from `skip` on, `wanted` of them. */
export interface UpcomingRequest {
  query: SearchQuery;
  filter: TripFilter;
  sort: TripSort;
  /** Upcoming matches wanted (a page of the answer). */
  wanted: number;
  /** Upcoming matches passed over first (the pages before this one). */
  skip?: number;
  signal?: AbortSignal;
  /** At most this many service pages (a caller with a deadline); what was not read is said by `complete`. */
  maxPages?: number;
  /** Told the service's page count once the first page is in (to say a long read before it starts). */
  onFirstPage?: (pages: number) => void;
}

/** The upcoming matches of a search, and how much of the service's answer it took to find them. */
export interface UpcomingMatches {
  /** At most `wanted` upcoming matches, after `skip`, in date order (or by price). */
  trips: Trip[];
  /** Upcoming matches in the pages read (all of them when `complete`). */
  matched: number;
  /** Matches left out in the pages read because they had already left today. */
  departed: number;
  pagesRead: number;
  /** Pages the service has for the query (pages of 100), and the trips it matched before any local rule. */
  pages: number;
  serviceTotal: number;
  /** Every page was read, so `matched` is the number of upcoming matches in all. */
  complete: boolean;
  /** Upcoming matches in all: exact when `totalExact` (every page read, or the service applied every filter), else a lower bound. */
  total: number;
  totalExact: boolean;
  /** More upcoming matches follow this page (surely when true; when `complete` is false, perhaps). */
  more: boolean;
  bookUrl: string;
}

/** Whether a filter needs what the service cannot apply (places, price, a stopover, price order). */
export function hasLocalRules(filter: TripFilter, sort: TripSort): boolean {
  return filter.minSlots !== undefined || filter.maxPrice !== undefined || filter.via !== undefined || sort === 'price';
}

/**
 * The next (or the cheapest) trips of a search, counting only trips still to leave: the service lists a day's
 * trips until the day ends, so its first page at noon holds the morning's departures; a page of the answer is
 * made of upcoming matches only, read on from the service until it is full (date order stops there; price order
 * reads every page). Pages passed over by `skip` are jumped when the service applies every filter itself.
 */
export async function findUpcoming(
  client: Pick<RouteClient, 'search' | 'searchPages'>,
  moment: FranceMoment,
  request: UpcomingRequest,
): Promise<UpcomingMatches> {
  const skip = request.skip ?? 0;
  const keepsAll = !hasLocalRules(request.filter, request.sort);
  if (keepsAll && skip > 0) return seekUpcoming(client, moment, request, skip);
  const matches = createTripMatcher(request.filter);
  const found: Trip[] = [];
  const result = emptyMatches();
  const enough = skip + request.wanted + 1;
  for await (const page of client.searchPages(request.query, { limit: LARGEST_PAGE, signal: request.signal })) {
    result.pagesRead += 1;
    if (result.pagesRead === 1) firstPage(result, page, request);
    for (const trip of page.routes) {
      if (!matches(trip)) continue;
      if (hasLeft(trip, moment)) result.departed += 1;
      else found.push(trip);
    }
    const last = !page.has_next && !page.next_cursor;
    if (request.sort === 'date' && found.length >= enough) {
      result.complete = last;
      break;
    }
    if (request.maxPages !== undefined && result.pagesRead >= request.maxPages && !last) {
      result.complete = false;
      break;
    }
  }
  if (request.sort === 'price') found.sort(compareTrips('price'));
  result.matched = found.length;
  result.trips = found.slice(skip, skip + request.wanted);
  result.more = found.length > skip + request.wanted;
  // In date order the trips that left come first: once one to come is read, every departed match has been counted.
  const departedAllSeen = result.complete || found.length > 0;
  result.totalExact = result.complete || (keepsAll && departedAllSeen);
  result.total = keepsAll && departedAllSeen ? Math.max(0, result.serviceTotal - result.departed) : found.length;
  return result;
}

/**
 * Date order with every filter applied by the service: the trips that left are the first of today's, so the
 * upcoming match number `skip` is the service's match number `departed + skip`; only the pages holding it are read.
 */
async function seekUpcoming(
  client: Pick<RouteClient, 'search' | 'searchPages'>,
  moment: FranceMoment,
  request: UpcomingRequest,
  skip: number,
): Promise<UpcomingMatches> {
  const result = emptyMatches();
  const { query, signal } = request;
  // Counting the trips that left: the first pages, until one holds a trip to come.
  let pageNumber = 1;
  let departed = 0;
  for (;;) {
    const page = await client.search(query, { page: pageNumber, limit: LARGEST_PAGE, signal });
    result.pagesRead += 1;
    if (pageNumber === 1) firstPage(result, page, request);
    const gone = page.routes.filter((trip) => hasLeft(trip, moment)).length;
    departed += gone;
    if (gone < page.routes.length || !page.has_next) break;
    pageNumber += 1;
  }
  result.departed = departed;
  const found: Trip[] = [];
  let position = departed + skip;
  while (found.length <= request.wanted && position < result.serviceTotal) {
    if (request.maxPages !== undefined && result.pagesRead >= request.maxPages) {
      result.complete = false;
      break;
    }
    const page = await client.search(query, {
      page: Math.floor(position / LARGEST_PAGE) + 1,
      limit: LARGEST_PAGE,
      signal,
    });
    result.pagesRead += 1;
    const from = position % LARGEST_PAGE;
    const routes = page.routes.slice(from);
    if (routes.length === 0) break;
    for (const trip of routes) if (!hasLeft(trip, moment)) found.push(trip);
    position += routes.length;
  }
  result.matched = Math.max(0, result.serviceTotal - departed);
  result.total = result.matched;
  result.totalExact = true;
  result.trips = found.slice(0, request.wanted);
  result.more = found.length > request.wanted;
  return result;
}

function emptyMatches(): UpcomingMatches {
  return {
    trips: [],
    matched: 0,
    departed: 0,
    pagesRead: 0,
    pages: 0,
    serviceTotal: 0,
    complete: true,
    total: 0,
    totalExact: true,
    more: false,
    bookUrl: '',
  };
}

function firstPage(
  result: UpcomingMatches,
  page: { total_pages: number; total: number; book_url: string },
  request: UpcomingRequest,
): void {
  Object.assign(result, { pages: page.total_pages, serviceTotal: page.total, bookUrl: page.book_url });
  request.onFirstPage?.(page.total_pages);
}

/**
 * Batch answers without the trips that already left today: each entry's routes filtered and its total counting
 * only the trips still to leave (the service's total counts the day's departures too).
 */
export function upcomingBatchResults(results: readonly BatchResult[], moment: FranceMoment): BatchResult[] {
  return results.map((entry) => {
    const routes = entry.routes.filter((trip) => !hasLeft(trip, moment));
    const departed = entry.routes.length - routes.length;
    return { ...entry, routes, total: Math.max(routes.length, entry.total - departed) };
  });
}

/** Where the first trip still to leave is, when a service page holds only trips that left: its page number. */
export async function firstUpcomingPage(
  client: Pick<RouteClient, 'search'>,
  moment: FranceMoment,
  query: SearchQuery,
  from: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<number | undefined> {
  // Trips that left are today's first ones: a few pages at most.
  for (let page = from.page + 1; page <= from.page + 20; page++) {
    const answer = await client.search(query, { page, limit: from.limit, signal });
    if (answer.routes.some((trip) => !hasLeft(trip, moment))) return page;
    if (!answer.has_next) return undefined;
  }
  return undefined;
}
