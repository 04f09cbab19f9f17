import { cleanCity, servedSpellings } from '../cities.js';
import * as z from 'zod';
import { findUpcoming } from '../../core/upcoming-search.js';
import type { FranceMoment } from '../../domain/france-time.js';
import type { RouteClient } from '../../client/client.js';
import type { SearchQuery, Trip, TripFilter, TripSort } from '../../domain/types.js';
import { UsageError } from '../../errors.js';
import { bookingLink } from '../../core/service-links.js';
import { sanitiseText } from '../../output/sanitise.js';
import { assertDateOrder, cityField, dateField, readOptionalDate } from '../inputs.js';
import { decodePageToken, encodePageToken, searchDigest, type PagePosition } from '../page-token.js';
import { cleanTrip, partShape, searchTripSchema, tripLine } from '../shapes.js';
import { defineTool } from '../tool.js';

const input = z.strictObject({
  depart: cityField(
    'Departure city. Also matches trips that stop there on the way (case and accents ignored).',
    'Paris',
  ).optional(),
  arrival: cityField(
    'Arrival city. Also matches trips that stop there on the way, after the departure.',
    'Marseille',
  ).optional(),
  date_from: dateField('First departure date to include.', '2026-12-05').optional(),
  date_to: dateField('Last departure date to include (inclusive).', '2026-12-20').optional(),
  min_slots: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe('At least this many free motorcycle places on every leg of the trip.')
    .meta({ examples: [2] }),
  max_price: z
    .number()
    .min(0)
    .max(100000)
    .optional()
    .describe('Lowest price at most this many euros (trips priced on quote are left out).')
    .meta({ examples: [350] }),
  via: cityField('Only trips stopping in this city on the way.', 'Lyon').optional(),
  sort: z
    .enum(['date', 'price'])
    .default('date')
    .describe('date: by departure; price: cheapest first (reads at most 500 trips). E.g. price.'),
  limit: z.number().int().min(1).max(50).default(10).describe('Trips per page, e.g. 10.'),
  page_token: z
    .string()
    .max(500)
    .optional()
    .describe('The next page: next_page_token of the previous call, with the same inputs.'),
});

const output = z.object({
  trips: z.array(searchTripSchema).describe('this page of trips'),
  total: z.number().int().describe('trips matching the search in all (a lower bound when total_exact is false)'),
  total_exact: z.boolean().describe('false when local filters were applied to only part of the service answer'),
  next_page_token: z
    .string()
    .nullable()
    .describe('pass as page_token, with the same inputs, for the next page; null on the last page'),
  book_url: z.string().describe('the service booking form'),
});

/** `search_routes`: the service's search with the CLI's filters, paged with opaque tokens. */
export const searchRoutesTool = defineTool({
  name: 'search_routes',
  title: 'Search motorcycle transport trips',
  description:
    'Finds upcoming motorcycle transport trips between French cities: ' +
    'id, date, cities, stopovers, prices in euros (null: on quote), free places and time per leg, the total, a next_page_token. ' +
    'Then route_details for one trip, draft_booking_email or get_booking_url to book; price_calendar to compare days, ' +
    'cities_near when a city has no trips. Every input is optional. Books nothing.',
  input,
  output,
  readOnly: true,
  openWorld: true,
  async run(typed, env, signal) {
    const args = {
      ...typed,
      depart: cleanCity(typed.depart),
      arrival: cleanCity(typed.arrival),
      via: cleanCity(typed.via),
    };
    const now = env.now();
    const dateFrom = readOptionalDate(args.date_from, 'date_from', now);
    const dateTo = readOptionalDate(args.date_to, 'date_to', now);
    assertDateOrder(dateFrom, dateTo, 'date_from', 'date_to');
    const query: SearchQuery = {};
    if (args.depart) query.depart = args.depart;
    if (args.arrival) query.arrival = args.arrival;
    if (dateFrom) query.date_from = dateFrom;
    if (dateTo) query.date_to = dateTo;
    const filter: TripFilter = {
      depart: args.depart,
      arrival: args.arrival,
      dateFrom,
      dateTo,
      minSlots: args.min_slots,
      maxPrice: args.max_price,
      via: args.via,
    };
    const digest = searchDigest({
      ...query,
      min_slots: args.min_slots,
      max_price: args.max_price,
      via: args.via,
      sort: args.sort,
      limit: args.limit,
    });
    const position = args.page_token === undefined ? undefined : decodePageToken(args.page_token, digest);
    const client = await env.client();
    const found = await upcomingPage(client, env.core.clock.moment(), {
      query,
      filter,
      sort: args.sort,
      limit: args.limit,
      position,
      signal,
    });

    // Nothing at all: a city the service does not serve is said, with what was meant (the core's city rules).
    const unknown =
      found.serviceTotal === 0 && args.page_token === undefined
        ? (await servedSpellings(env, { depart: args.depart, arrival: args.arrival, via: args.via }, signal)).unknown
        : [];
    // A search from or to a stopover rides part of a trip: its time and places are that part's (the core's check).
    const lines: string[] = [];
    const trips = found.trips.map((found) => {
      const trip = cleanTrip(found);
      const { ridden } = env.core.checkTrip(found, { from: args.depart, to: args.arrival, motorcycles: 0 });
      const part = partShape(trip, ridden);
      lines.push(tripLine(trip, part && { ...part, from: ridden.boardCity, to: ridden.leaveCity }));
      return part ? { ...trip, part } : trip;
    });
    const nextToken = found.next ? encodePageToken(digest, found.next) : null;
    const structured = {
      trips,
      total: found.total,
      total_exact: found.exact,
      next_page_token: nextToken,
      book_url: sanitiseText(bookingLink(found.bookUrl, env.destinations.bookingUrl ?? '').url),
    };
    return {
      structured,
      text: [searchText(lines, found, { token: args.page_token !== undefined, nextToken }), ...unknown].join('\n'),
    };
  },
});

/** One page of a search: its upcoming trips, the total, and where the next page starts. */
interface FoundPage {
  trips: Trip[];
  total: number;
  exact: boolean;
  serviceTotal: number;
  next: PagePosition | undefined;
  bookUrl: string;
}

// The service's pages of 100 read: at most this many per call, so a call stays within its deadline.
const MAX_PAGES = 5;

const FOREIGN_TOKEN = 'page_token does not fit this search; leave it out to start again.';

/**
 * A page of upcoming matches (the core's rule: trips that left earlier today never take a place on a page),
 * paged by offset into them; a token of an earlier version naming a service page is read as its offset.
 */
async function upcomingPage(
  client: RouteClient,
  moment: FranceMoment,
  search: {
    query: SearchQuery;
    filter: TripFilter;
    sort: TripSort;
    limit: number;
    position: PagePosition | undefined;
    signal: AbortSignal;
  },
): Promise<FoundPage> {
  const { position, limit } = search;
  if (position && 'cursor' in position) throw new UsageError(FOREIGN_TOKEN);
  const offset = position === undefined ? 0 : 'offset' in position ? position.offset : (position.page - 1) * limit;
  const found = await findUpcoming(client, moment, {
    query: search.query,
    filter: search.filter,
    sort: search.sort,
    wanted: limit,
    skip: offset,
    signal: search.signal,
    maxPages: MAX_PAGES,
  });
  return {
    trips: found.trips,
    total: found.total,
    exact: found.totalExact,
    serviceTotal: found.serviceTotal,
    next: found.more ? { offset: offset + limit } : undefined,
    bookUrl: found.bookUrl,
  };
}

function searchText(lines: string[], found: FoundPage, paging: { token: boolean; nextToken: string | null }): string {
  const { total, exact } = found;
  if (lines.length === 0) {
    if (paging.token && total > 0) return 'No trip on this page. Leave page_token out to start again.';
    if (!exact)
      return `No upcoming trip matches in the first ${MAX_PAGES * 100} trips of the service's answer; give date_from and date_to to search a narrower range.`;
    return 'No trip matches. Try a wider date range, fewer filters, or cities_near to find served cities nearby.';
  }
  const head = `${lines.length} trip${lines.length === 1 ? '' : 's'} shown, ${exact ? '' : 'at least '}${total} matching in all.`;
  const more = paging.nextToken
    ? `\nMore: call search_routes again with the same inputs and page_token "${paging.nextToken}".`
    : '';
  return `${head}\n${lines.join('\n')}${more}`;
}
