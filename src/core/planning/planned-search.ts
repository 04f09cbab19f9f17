import type { RouteClient } from '../../client/client.js';
import { flexWindow } from '../../domain/plan/date-windows.js';
import type { PlannedTrip } from '../../domain/plan/planned-trip.js';
import type { TripFilter, TripSort } from '../../domain/types.js';
import { anyRoundTrip, cheapestRoundTrip, type RoundTripPair } from '../round-trips.js';
import { searchLegs, type Leg } from './search-legs.js';

/** A search widened by a radius around its cities, or made a round trip by a return date (with flexible days). */
export interface PlannedQuery {
  filter: TripFilter;
  sort: TripSort;
  /** Days either side of the return date (`--flex`). */
  flex?: number;
  radiusKm?: number;
  returnDate?: string;
}

/** What a planned search found: its legs (one, or out and back) and each leg's upcoming trips, in order. */
export interface PlannedAnswer {
  legs: Leg[];
  trips: PlannedTrip[][];
  bookUrl: string;
}

/**
 * The legs of a planned search: the asked one, and with a return date the way back from TO to FROM over the return
 * day and its flexible days either side.
 */
export function plannedLegs(query: PlannedQuery): Leg[] {
  const { filter } = query;
  const there: Leg = {
    depart: filter.depart,
    arrival: filter.arrival,
    dateFrom: filter.dateFrom,
    dateTo: filter.dateTo,
  };
  if (query.returnDate === undefined) return [there];
  const back = flexWindow(query.returnDate, query.flex ?? 0);
  return [
    { ...there, leg: 'out' },
    { leg: 'back', depart: filter.arrival, arrival: filter.depart, dateFrom: back.from, dateTo: back.to },
  ];
}

/**
 * Runs a planned search through the batch endpoint (every leg, every city pair of the radius) and keeps each leg's
 * trips still to leave (`upcoming`: the run's clock, France's time).
 */
export async function searchPlanned(
  client: RouteClient,
  query: PlannedQuery,
  upcoming: (trip: PlannedTrip) => boolean,
): Promise<PlannedAnswer> {
  const legs = plannedLegs(query);
  const found = await searchLegs(client, legs, query.filter, query.radiusKm, query.sort);
  return { legs, trips: found.legs.map((trips) => trips.filter(upcoming)), bookUrl: found.bookUrl };
}

/** Whether the trips found each way make a round trip a traveller can take, and the cheapest such pair. */
export type RoundTripVerdict<T extends PlannedTrip = PlannedTrip> =
  /** Nothing found one way. */
  | { kind: 'no-leg'; leg: 'out' | 'back' }
  /** Trips both ways, but no return leaves after an outbound arrives. */
  | { kind: 'no-pair' }
  /** Pairs can be taken; `cheapest` when one is priced both ways. */
  | { kind: 'pairs'; cheapest?: RoundTripPair<T> & { total: number } };

/** The round-trip verdict of a planned search's two legs (the rule of core/round-trips.ts). */
export function roundTripVerdict<T extends PlannedTrip>(
  outbound: readonly T[],
  back: readonly T[],
): RoundTripVerdict<T> {
  if (outbound.length === 0 || back.length === 0)
    return { kind: 'no-leg', leg: outbound.length === 0 ? 'out' : 'back' };
  if (!anyRoundTrip(outbound, back)) return { kind: 'no-pair' };
  const pair = cheapestRoundTrip(outbound, back);
  return pair?.total == null ? { kind: 'pairs' } : { kind: 'pairs', cheapest: { ...pair, total: pair.total } };
}
