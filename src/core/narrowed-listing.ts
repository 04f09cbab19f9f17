import type { RouteClient } from '../client/client.js';
import { createTripMatcher } from '../domain/trip-matcher.js';
import type { SearchQuery, Trip, TripFilter } from '../domain/types.js';
import { BatchCompletion, type CompletionPlan } from './batch-completion.js';

/**
 * Trips asked in one batch request (about 3.5 MB of JSON at 1,000,000 routes; its entries are parsed one at a time,
 * a window's trips written before the next is parsed). At 1,000,000 routes the run peaked at 92–94 MiB with 10,000,
 * 90 MiB with 5,000 (a request more per 5,000 trips), 100–111 MiB with 20,000.
 */
const TRIPS_PER_REQUEST = 10_000;

/** How a caller follows a narrowed read. */
export interface NarrowedListingOptions {
  signal?: AbortSignal;
  /** Once its size is known (a sizing search or two), before its first batch request. */
  onPlanned?: (plan: CompletionPlan) => void;
  /** Before each batch request: its number and the planned count. */
  onRequest?: (request: number, planned: number) => void;
  /** True once the caller has all it wants (--limit N in date order): no further request is sent. */
  enough?: () => boolean;
}

/**
 * The search that narrows the listing to a filter's trips, when the filter names a departure or an arrival city
 * (the two the service's search applies itself): the listing's other trips cannot match, so they need not be read.
 */
export function narrowingQuery(query: SearchQuery): SearchQuery | undefined {
  return query.depart !== undefined || query.arrival !== undefined ? query : undefined;
}

/**
 * The trips of the listing that pass the filter, when `query` narrows it (narrowingQuery): read from the search
 * through the batch endpoint (ten date windows a request, a window split again when it holds more than it
 * returned) and judged here on their complete records, in the search's order. The same trips as `search --all`,
 * in a few requests whose number grows with the trips matched, not with the listing nor with a search's pages,
 * and none of the listing's records to parse or complete. Returns the requests it made.
 */
export async function matchNarrowedListing(
  client: Pick<RouteClient, 'search' | 'batchEntries' | 'searchPages'>,
  query: SearchQuery,
  filter: TripFilter,
  emit: (trip: Trip) => Promise<void> | void,
  options: NarrowedListingOptions = {},
): Promise<number> {
  const matches = createTripMatcher(filter);
  const search = new BatchCompletion(client, query, { ...options, tripsPerRequest: TRIPS_PER_REQUEST });
  await search.each((trip) => (matches(trip) ? emit(trip) : undefined), options.enough);
  return search.requests;
}
