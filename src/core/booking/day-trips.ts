import type { RouteClient } from '../../client/client.js';
import { sanitiseTrip } from '../../domain/safe-text.js';
import { tripPart } from '../../domain/trip-part.js';
import type { Trip } from '../../domain/types.js';
import { InterruptedError, MotorouteError } from '../../errors.js';
import type { Core } from '../core.js';

/** The most trips of one day a prompt offers: a pair of cities rarely has more in a day. */
export const DAY_TRIPS_OFFERED = 20;

/**
 * The trips of a day to offer, and how many others of that day, still to leave, have no room for the motorcycles
 * (`tooFull`); or that they could not be searched (the prompt falls back on a quote for the day).
 */
export type DayTrips = { ok: true; trips: Trip[]; tooFull: number } | { ok: false };

/**
 * The trips from `from` to `to` (boarded and left at any of their stops) leaving on `date` whose boarding is still
 * to come and that can take the motorcycles asked (`motorcycles`, one when not yet known: a full trip is not offered),
 * each as the part ridden (its cities, times and places from the boarding stop to the stop left; its id the trip's),
 * for the interactive `book` to offer before falling back on a quote for that day. Names are cleaned for a terminal.
 * A search that fails is not the end of the session: `{ ok: false }`, and the request goes on as a quote for the day
 * (only an interruption still interrupts).
 */
export async function tripsOfDay(
  deps: { client: RouteClient; core: Core; signal?: AbortSignal },
  query: { from: string; to: string; date: string; motorcycles?: number },
): Promise<DayTrips> {
  const trips: Trip[] = [];
  let tooFull = 0;
  const search = { depart: query.from, arrival: query.to, date_from: query.date, date_to: query.date };
  const motorcycles = query.motorcycles ?? 1;
  try {
    for await (const trip of deps.client.searchTrips(search, deps.signal ? { signal: deps.signal } : {})) {
      if (trip.date !== query.date) continue;
      const clean = sanitiseTrip(trip);
      const check = deps.core.checkTrip(clean, { from: query.from, to: query.to, motorcycles });
      if (check.stops.length > 0 || check.departed !== undefined) continue;
      if (check.problems.length > 0) tooFull++;
      else trips.push(tripPart(clean, check.ridden.board, check.ridden.leave));
      if (trips.length >= DAY_TRIPS_OFFERED) break;
    }
  } catch (error) {
    if (deps.signal?.aborted || error instanceof InterruptedError || !(error instanceof MotorouteError)) throw error;
    return { ok: false };
  }
  return { ok: true, trips, tooFull };
}
