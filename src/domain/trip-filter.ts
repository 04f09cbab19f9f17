import type { Trip, TripFilter, TripSort } from './types.js';
import { createTripMatcher } from './trip-matcher.js';

export type { TripFilter, TripSort } from './types.js';

/** Orders trips by date and departure time, or by lowest price (trips on quote last). */
export function compareTrips(sort: TripSort): (a: Trip, b: Trip) => number {
  // ISO dates, HH:MM times and ids order correctly by code unit; localeCompare would load ICU's collator.
  const byDate = (a: Trip, b: Trip) =>
    compareText(a.date, b.date) || compareText(a.times[0] ?? '', b.times[0] ?? '') || compareText(a.id, b.id);
  if (sort === 'date') return byDate;
  return (a, b) => {
    const priceA = a.price_min ?? Number.POSITIVE_INFINITY;
    const priceB = b.price_min ?? Number.POSITIVE_INFINITY;
    return priceA - priceB || byDate(a, b);
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The trips of one page that pass the filters, in the chosen order. */
export function selectTrips(trips: readonly Trip[], filter: TripFilter, sort: TripSort): Trip[] {
  return trips.filter(createTripMatcher(filter)).sort(compareTrips(sort));
}
