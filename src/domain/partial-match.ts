import type { Trip, TripFilter } from './types.js';
import { createTripMatcher } from './trip-matcher.js';

/** The trip does not pass the filter, whatever its record leaves out. */
export const NO = 0;
/** The trip passes the filter, whatever its record leaves out. */
export const YES = 1;
/** What the record leaves out decides: only the complete record can tell. */
export const UNDECIDED = 2;

/** A filter's answer for a trip whose record may leave parts unknown. */
export type Verdict = typeof NO | typeof YES | typeof UNDECIDED;

/** Whether the filter reads parts a listing record may leave out: the stops (cities, --via) or every leg's places. */
export function readsPartialParts(filter: TripFilter): boolean {
  return (
    filter.depart !== undefined ||
    filter.arrival !== undefined ||
    filter.via !== undefined ||
    filter.minSlots !== undefined
  );
}

/**
 * The filter as a three-way answer (domain/trip-matcher.ts's rule, which decides complete trips): for a trip
 * marked `unknown`, the parts it carries decide when they can and the others leave it UNDECIDED.
 * - Stopovers unknown: the departure and arrival are still the first and last stops, so a trip whose two ends
 *   match is found whatever lies between; any other city or --via match may lie in the unknown stopovers.
 * - Places unknown (Form A's one figure, Form B's first leg): a figure below --min-slots is a leg below it
 *   (the first leg, or, however the figure is counted, some leg), so NO; a figure at or above it says nothing
 *   of the other legs.
 * Complete trips, and trips whose unknown parts the filter does not read, take the plain matcher: `list`
 * calls this for every record of a listing.
 */
export function createPartialMatcher(filter: TripFilter): (trip: Trip) => Verdict {
  const whole = createTripMatcher(filter);
  const usesStops = filter.depart !== undefined || filter.arrival !== undefined || filter.via !== undefined;
  const usesSlots = filter.minSlots !== undefined;
  const minSlots = filter.minSlots ?? 0;
  if (!usesStops && !usesSlots) return (trip) => (whole(trip) ? YES : NO);
  const datesAndPrice = createTripMatcher({
    dateFrom: filter.dateFrom,
    dateTo: filter.dateTo,
    maxPrice: filter.maxPrice,
  });
  const stops = createTripMatcher({ depart: filter.depart, arrival: filter.arrival, via: filter.via });
  const slotsOnly = createTripMatcher({ minSlots: filter.minSlots });

  // Listing trips share a few marker arrays (client/normalise.ts): what the last one meant is kept, not searched again.
  let lastMarker: readonly string[] | undefined;
  let stopsUnknown = false;
  let slotsUnknown = false;
  return (trip) => {
    const unknown = trip.unknown;
    if (unknown === undefined) return whole(trip) ? YES : NO;
    if (unknown !== lastMarker) {
      lastMarker = unknown;
      stopsUnknown = usesStops && unknown.includes('layovers');
      slotsUnknown = usesSlots && unknown.includes('slots');
    }
    if (!stopsUnknown && !slotsUnknown) return whole(trip) ? YES : NO;
    if (!datesAndPrice(trip)) return NO;
    let verdict: Verdict = YES;
    if (slotsUnknown) {
      if (trip.slots.some((free) => free < minSlots)) return NO;
      if (!(minSlots === 0 && trip.slots.length > 0)) verdict = UNDECIDED;
    } else if (usesSlots && !slotsOnly(trip)) {
      return NO;
    }
    // With the stopovers unknown, `layovers` is empty: the plain rule then reads the two ends only, and --via never matches.
    if (!stops(trip)) return stopsUnknown ? UNDECIDED : NO;
    return verdict;
  };
}
