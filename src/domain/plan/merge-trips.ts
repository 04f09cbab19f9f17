import { compareTrips } from '../trip-filter.js';
import type { Trip, TripSort } from '../types.js';

/**
 * Merges the trips of several searches into one list in `sort` order, each trip once (the first time its id is
 * seen wins, so a caller lists its searches closest first), with what it was found by kept alongside.
 */
export function mergeTrips<Extra>(
  lists: Iterable<{ trips: readonly Trip[]; extra: Extra }>,
  sort: TripSort,
): { trip: Trip; extra: Extra }[] {
  const seen = new Set<string>();
  const merged: { trip: Trip; extra: Extra; order: number }[] = [];
  for (const { trips, extra } of lists) {
    for (const trip of trips) {
      if (seen.has(trip.id)) continue;
      seen.add(trip.id);
      merged.push({ trip, extra, order: merged.length });
    }
  }
  const compare = compareTrips(sort);
  return merged
    .sort((a, b) => compare(a.trip, b.trip) || a.order - b.order)
    .map(({ trip, extra }) => ({ trip, extra }));
}
