import type { AttemptOptions, RouteClient } from '../../client/client.js';
import { citiesWithin, cityPairs, type CityChoice, type CityPair } from '../../domain/plan/city-pairs.js';
import { windowsAround, type DateWindow } from '../../domain/plan/date-windows.js';
import { nearestDates } from '../../domain/plan/nearest-dates.js';
import { createTripMatcher } from '../../domain/trip-matcher.js';
import type { NearbyCities, SearchQuery, Trip, TripFilter } from '../../domain/types.js';
import { BATCH_SIZE } from './search-legs.js';

/** At most this many requests are spent on hints: cities-near for each side, then one or two batches. */
export const HINT_BUDGET = 4;
/** Served cities within this distance of what the user typed are suggested. */
export const HINT_RADIUS_KM = 60;
/** Nearby cities tried on each side. */
const CITIES_PER_SIDE = 3;
/** Hints are worth a moment, not a wait: a hint request is tried once, and all of them end within this. */
export const HINT_DEADLINE_MS = 2500;

/** What the hints ask of the service: cities-near (perhaps answered already, by the typed-city check) and batch. */
export interface HintClient {
  citiesNear(location: string, options: AttemptOptions): PromiseLike<NearbyCities>;
  batch: RouteClient['batch'];
}

/**
 * A nearby pair that has trips: how many, the date to suggest (the first from the asked one on, else the last before
 * it, `last` then), and whether that was outside the asked dates.
 */
export interface PairHint {
  pair: CityPair;
  trips: number;
  firstDate: string;
  /** firstDate is the last trip's date, all of them being before the asked one. */
  last?: boolean;
  anyDate: boolean;
}

/** What would work instead of an empty answer. */
export interface Hints {
  pairs: PairHint[];
  dates: { before?: string; after?: string };
  /** Requests spent (at most HINT_BUDGET). */
  requests: number;
  /** Typed places cities-near does not know at all (its `source` is `unknown`), so "nothing within 60 km" would mislead. */
  unknownPlaces: string[];
}

/**
 * Looks for what would have found trips: served cities near the departure and the arrival that have trips
 * on that pair (in the asked dates, else at any date), and the nearest dates before and after the asked
 * window on the asked pair. The local filters (--via, --min-slots, --max-price) apply to every hint.
 */
export async function findHints(
  client: HintClient,
  filter: TripFilter,
  today: string,
  signal?: AbortSignal,
): Promise<Hints> {
  const hints: Hints = { pairs: [], dates: {}, requests: 0, unknownPlaces: [] };
  const once = { retry: false as const, ...(signal ? { signal } : {}) };
  const asked: Partial<DateWindow> = {
    ...(filter.dateFrom ? { from: filter.dateFrom } : {}),
    ...(filter.dateTo ? { to: filter.dateTo } : {}),
  };
  const around = windowsAround(asked, today);
  // Both sides are asked at once and both answers awaited, failed or not: a failure of one never leaves the other
  // request abandoned mid-flight when the run ends.
  const [fromSide, toSide] = await Promise.allSettled([
    nearbyChoices(client, filter.depart, hints, once),
    nearbyChoices(client, filter.arrival, hints, once),
  ]);
  if (fromSide.status === 'rejected') throw fromSide.reason;
  if (toSide.status === 'rejected') throw toSide.reason;
  const [froms, tos] = [fromSide.value, toSide.value];
  const pairs = cityPairs(froms, tos)
    .filter((pair) => !isAskedPair(pair, filter))
    .filter((pair) => pair.from || pair.to);
  const keep = createTripMatcher({ minSlots: filter.minSlots, maxPrice: filter.maxPrice, via: filter.via });
  const askedPair: SearchQuery = {
    ...(filter.depart ? { depart: filter.depart } : {}),
    ...(filter.arrival ? { arrival: filter.arrival } : {}),
  };
  const dateQueries: SearchQuery[] = [
    ...(around.before ? [{ ...askedPair, date_from: around.before.from, date_to: around.before.to }] : []),
    ...(around.after ? [{ ...askedPair, date_from: around.after.from }] : []),
  ];
  const inWindow = { ...(asked.from ? { date_from: asked.from } : {}), ...(asked.to ? { date_to: asked.to } : {}) };
  const pairQueries = pairs
    .slice(0, BATCH_SIZE - dateQueries.length)
    .map((pair) => ({ ...queryOf(pair), ...inWindow }));
  if (dateQueries.length + pairQueries.length === 0) return hints;

  const first = await runBatch(client, [...dateQueries, ...pairQueries], keep, hints, once);
  hints.dates = nearestDates(first.slice(0, dateQueries.length).flat(), asked);
  const dated = asked.from !== undefined || asked.to !== undefined;
  for (const [index, pair] of pairs.slice(0, pairQueries.length).entries()) {
    addPairHint(hints, pair, first[dateQueries.length + index] ?? [], false);
  }
  const datesFound = hints.dates.before !== undefined || hints.dates.after !== undefined;
  if (hints.pairs.length === 0 && !datesFound && dated && pairs.length > 0 && hints.requests < HINT_BUDGET) {
    // Nothing nearby on the asked dates, nor on the asked pair near them: the nearby pairs at any date.
    const anyDate = await runBatch(client, pairs.slice(0, BATCH_SIZE).map(queryOf), keep, hints, once);
    for (const [index, pair] of pairs.slice(0, BATCH_SIZE).entries()) {
      addPairHint(hints, pair, anyDate[index] ?? [], true, asked.from);
    }
  }
  return hints;
}

async function nearbyChoices(
  client: HintClient,
  typed: string | undefined,
  hints: Hints,
  once: AttemptOptions,
): Promise<CityChoice[] | undefined> {
  if (typed === undefined) return undefined;
  hints.requests += 1;
  const nearby = await client.citiesNear(typed, once);
  if (nearby.source === 'unknown') hints.unknownPlaces.push(typed);
  return citiesWithin(typed, nearby.cities, HINT_RADIUS_KM, CITIES_PER_SIDE);
}

async function runBatch(
  client: HintClient,
  queries: SearchQuery[],
  keep: (trip: Trip) => boolean,
  hints: Hints,
  once: AttemptOptions,
): Promise<Trip[][]> {
  hints.requests += 1;
  const answer = await client.batch(queries, once);
  return queries.map((_, index) =>
    (answer.results.find((result) => result.index === index)?.routes ?? []).filter(keep),
  );
}

/** Adds a pair with trips, dated by its first trip from `from` on (else its last before it). */
function addPairHint(hints: Hints, pair: CityPair, trips: readonly Trip[], anyDate: boolean, from = ''): void {
  if (trips.length === 0) return;
  const dates = trips.map((trip) => trip.date).sort();
  const next = dates.find((date) => date >= from);
  if (next !== undefined) hints.pairs.push({ pair, trips: trips.length, firstDate: next, anyDate });
  else hints.pairs.push({ pair, trips: trips.length, firstDate: dates[dates.length - 1]!, last: true, anyDate });
}

function queryOf(pair: CityPair): SearchQuery {
  return { ...(pair.from ? { depart: pair.from.name } : {}), ...(pair.to ? { arrival: pair.to.name } : {}) };
}

/** The pair the user asked for itself (both sides the typed places), which already found nothing. */
function isAskedPair(pair: CityPair, filter: TripFilter): boolean {
  return (
    (pair.from === undefined || pair.from.km === 0) &&
    (pair.to === undefined || pair.to.km === 0) &&
    (filter.depart === undefined) === (pair.from === undefined) &&
    (filter.arrival === undefined) === (pair.to === undefined)
  );
}
