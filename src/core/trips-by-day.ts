import type { RouteClient } from '../client/client.js';
import { addMonths, monthBounds, summariseMonth, type CalendarDay, type CalendarMonth } from '../domain/calendar.js';
import { createTripMatcher } from '../domain/trip-matcher.js';
import type { SearchQuery, Trip, TripFilter } from '../domain/types.js';

/** What a month of trips is asked for: the route (the service's part, then the whole filter), and the months. */
export interface TripsByDayRequest {
  /** Cities the service filters on; the dates are the months'. */
  query: Omit<SearchQuery, 'date_from' | 'date_to'>;
  /** The filter each trip must pass (cities, via, free places, price). */
  filter: TripFilter;
  /** The first month, and how many months from it (1 by default). */
  first: CalendarMonth;
  months?: number;
}

/** What a month of trips needs: the client, which trips are still to leave, and where to say how long it will take. */
export interface TripsByDayDeps {
  client: RouteClient;
  /** Keeps a trip still to leave (a trip that left earlier today is no longer on offer). */
  upcoming: (trip: Trip) => boolean;
  signal?: AbortSignal;
  /** Told the number of pages once the first one came. */
  onFirstPage?: (totalPages: number) => void;
}

/** Each month with every one of its days (trips, lowest and highest price, most free places), and the trips counted. */
export interface TripsByDay {
  months: { month: CalendarMonth; days: CalendarDay[] }[];
  trips: Trip[];
}

/**
 * The trips of whole months by day, for the `calendar` command and the MCP's `price_calendar` alike: one search with
 * every page (100 trips a page) from the 1st of the first month to the last day of the last, each trip through the
 * filter and still to leave; a day gone by simply has none.
 */
export async function tripsByDay(request: TripsByDayRequest, deps: TripsByDayDeps): Promise<TripsByDay> {
  const months = Array.from({ length: request.months ?? 1 }, (_, index) => addMonths(request.first, index));
  const last = months[months.length - 1] ?? request.first;
  const period = { date_from: monthBounds(request.first).first, date_to: monthBounds(last).last };
  const keep = createTripMatcher({ ...request.filter, dateFrom: period.date_from, dateTo: period.date_to });
  const trips: Trip[] = [];
  let first = true;
  for await (const page of deps.client.searchPages(
    { ...request.query, ...period },
    { limit: 100, ...(deps.signal ? { signal: deps.signal } : {}) },
  )) {
    if (first) deps.onFirstPage?.(page.total_pages);
    first = false;
    for (const trip of page.routes) if (keep(trip) && deps.upcoming(trip)) trips.push(trip);
  }
  return { months: months.map((month) => ({ month, days: summariseMonth(month, trips) })), trips };
}
