import type { BookingLang } from '../booking/lang.js';
import type { BookingDestinations } from '../booking/request-output.js';
import type { RouteClient } from '../client/client.js';
import type { Core } from '../core/core.js';
import { findUpcoming } from '../core/upcoming-search.js';
import { isIsoDate } from '../domain/dates.js';
import { deskDay, type DeskDayTools } from './day.js';
import { deskDraft } from './draft.js';
import type { DeskAnswer, DeskApi, DeskRequest } from './server.js';

/** What the API reaches the service through: the run's core and client, made on first use. */
export interface DeskApiDeps {
  core: () => Promise<Core>;
  client: () => Promise<RouteClient>;
  /** Where the e-mail goes, and the desk's greeting, signature and voice (its settings). */
  destinations: BookingDestinations;
  /** The e-mail's language when the page does not choose one. */
  lang: BookingLang;
  /** How a day's file is read, and its drafts written, as `book --from-file` does. */
  day: DeskDayTools;
}

// A day between two cities rarely has more trips than this; the page says when there are more.
const DAY_TRIPS = 100;

/** The API paths that take a file's bytes: a day's file, read as a table or drafted into a .zip. */
export const DESK_UPLOAD_PATHS = ['/api/day', '/api/day.zip'] as const;

/** The desk's API: each path calls the core and presents its answer as JSON, nothing else. */
export function deskApi(deps: DeskApiDeps): DeskApi {
  return async (request) => {
    if (request.method === 'POST' && request.path === '/api/draft')
      return deskDraft(request.body, await deps.core(), deps.destinations, deps.lang, request.signal);
    if (request.method === 'POST' && request.path === '/api/draft.eml')
      return deskDraft(request.body, await deps.core(), deps.destinations, deps.lang, request.signal, true);
    if (request.method === 'POST' && (request.path === '/api/day' || request.path === '/api/day.zip')) {
      const { destinations, day: tools } = deps;
      const day = { tools, core: await deps.core(), destinations, signal: request.signal };
      return deskDay(request.body, request.query, day, request.path === '/api/day.zip');
    }
    if (request.method !== 'GET') return undefined;
    if (request.path === '/api/cities') {
      const served = await (await deps.core()).servedCities(request.signal);
      return { status: 200, json: { cities: served.names } };
    }
    if (request.path === '/api/trips') return dayTrips(request, deps);
    return undefined;
  };
}

/** The upcoming trips of one day between two cities, in departure order. */
async function dayTrips(request: DeskRequest, deps: DeskApiDeps): Promise<DeskAnswer> {
  const from = request.query.get('from')?.trim() ?? '';
  const to = request.query.get('to')?.trim() ?? '';
  const date = request.query.get('date') ?? '';
  const problems = [
    ...(from === '' ? ['from: a departure city is needed.'] : []),
    ...(to === '' ? ['to: an arrival city is needed.'] : []),
    ...(isIsoDate(date) ? [] : ['date: a real date written YYYY-MM-DD is needed.']),
  ];
  if (problems.length > 0) return { status: 400, json: { reasons: problems } };
  const [core, client] = await Promise.all([deps.core(), deps.client()]);
  const found = await findUpcoming(client, core.clock.moment(), {
    query: { depart: from, arrival: to, date_from: date, date_to: date },
    filter: { depart: from, arrival: to, dateFrom: date, dateTo: date },
    sort: 'date',
    wanted: DAY_TRIPS,
    signal: request.signal,
  });
  return { status: 200, json: { trips: found.trips, more: found.more } };
}
