import { foldName } from '../domain/text.js';
import type { SearchQuery, Trip } from '../domain/types.js';
import { dayNumber } from './days.js';
import type { MatchCriteria } from './search-index.js';
import type { ServiceData } from './service-data.js';
import type { ServiceTrip } from './service-trip.js';

/** Where the reference sends people to book. */
export const BOOK_URL = 'https://symone.fr/moto';

/** Matching criteria of a checked filter: folded names (blank = no filter), dates from `today` on, inclusive. */
export function criteriaOf(filter: SearchQuery, today: string): MatchCriteria {
  const folded = (value: string | undefined): string | undefined => {
    const name = value === undefined ? '' : foldName(value);
    return name === '' ? undefined : name;
  };
  const todayDay = dayNumber(today);
  return {
    depart: folded(filter.depart),
    arrival: folded(filter.arrival),
    fromDay: Math.max(todayDay, filter.date_from ? dayNumber(filter.date_from) : todayDay),
    toDay: filter.date_to ? dayNumber(filter.date_to) : Number.MAX_SAFE_INTEGER,
  };
}

/** The compact RouteAI record (reference §2.2) of a stored trip. */
export function toRouteAI(trip: ServiceTrip): Trip {
  const { id, date, depart, arrival, layovers, price_min, price_max, slots, times } = trip;
  return { id, date, depart, arrival, layovers, price_min, price_max, slots, times };
}

/** One slice of the matches of a filter, plus the total number of matches. */
export function searchSlice(
  data: ServiceData,
  filter: SearchQuery,
  today: string,
  offset: number,
  limit: number,
): { routes: Trip[]; total: number } {
  const { refs, extras } = data.match(criteriaOf(filter, today));
  const routes: Trip[] = [];
  for (let k = offset; k < Math.min(refs.length, offset + limit); k++)
    routes.push(toRouteAI(data.tripOf(refs[k] as number, extras)));
  return { routes, total: refs.length };
}
