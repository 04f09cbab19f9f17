import type { Trip } from './types.js';
import { foldName } from './text.js';

/** Filters applied on this side of the wire, after the service's own. */
export interface TripFilter {
  depart?: string;
  arrival?: string;
  dateFrom?: string;
  dateTo?: string;
  minSlots?: number;
  maxPrice?: number;
  via?: string;
}

export type TripSort = 'date' | 'price';

/**
 * True when a trip passes the filters. City filters are case- and accent-insensitive substrings
 * that also match stopovers; when both are given, the departure must come before the arrival.
 */
export function tripMatches(trip: Trip, filter: TripFilter): boolean {
  if (filter.dateFrom && trip.date < filter.dateFrom) return false;
  if (filter.dateTo && trip.date > filter.dateTo) return false;
  if (filter.minSlots !== undefined && (trip.slots.length === 0 || trip.slots.some((n) => n < filter.minSlots!))) {
    return false;
  }
  if (filter.maxPrice !== undefined && (trip.price_min === null || trip.price_min > filter.maxPrice)) return false;
  const stops = [trip.depart, ...trip.layovers, trip.arrival].map(foldName);
  const first = filter.depart ? stops.findIndex((stop) => stop.includes(foldName(filter.depart!))) : 0;
  if (first < 0) return false;
  if (filter.arrival) {
    const wanted = foldName(filter.arrival);
    const last = stops.findLastIndex((stop) => stop.includes(wanted));
    if (last < 0 || (filter.depart && last <= first)) return false;
  }
  if (filter.via) {
    const wanted = foldName(filter.via);
    if (!trip.layovers.some((stop) => foldName(stop).includes(wanted))) return false;
  }
  return true;
}

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
  return trips.filter((trip) => tripMatches(trip, filter)).sort(compareTrips(sort));
}
