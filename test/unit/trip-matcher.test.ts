import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tripFilters } from '../helpers/arbitraries.js';
import type { TripFilter } from '../../src/domain/trip-filter.js';
import { foldName } from '../../src/domain/text.js';
import { createTripMatcher } from '../../src/domain/trip-matcher.js';
import type { Trip } from '../../src/domain/types.js';

const CITY_NAMES = [
  'Paris',
  'PARIS',
  'Marseille',
  'Saint-Étienne',
  'saint etienne',
  'Lyon',
  'Aix-en-Provence',
  'Nîmes',
  'Orléans',
  'Le Havre',
  '',
];
const WANTED = [
  'paris',
  'Paris',
  'MARSEILLE',
  'étienne',
  'Saint Etienne',
  'aix',
  'lyon',
  'nimes',
  'e',
  '',
  ' ',
  'nowhere',
];
const DATES = ['2026-05-01', '2026-05-02', '2026-05-03'];

const city = fc.oneof(fc.constantFrom(...CITY_NAMES), fc.string({ maxLength: 6 }));
const trip: fc.Arbitrary<Trip> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  date: fc.constantFrom(...DATES),
  depart: city,
  arrival: city,
  layovers: fc.array(city, { maxLength: 3 }),
  price_min: fc.option(fc.integer({ min: 0, max: 600 })),
  price_max: fc.option(fc.integer({ min: 0, max: 600 })),
  slots: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
  times: fc.constant([]),
});
const wanted = fc.option(fc.oneof(fc.constantFrom(...WANTED), fc.string({ maxLength: 3 })), { nil: undefined });
const filter: fc.Arbitrary<TripFilter> = tripFilters(wanted, DATES);

/** The rule read plainly, one trip at a time: the reference the fast matcher must agree with. */
function tripMatches(trip: Trip, filter: TripFilter): boolean {
  if (filter.dateFrom && trip.date < filter.dateFrom) return false;
  if (filter.dateTo && trip.date > filter.dateTo) return false;
  if (filter.minSlots !== undefined && (trip.slots.length === 0 || trip.slots.some((n) => n < filter.minSlots!))) {
    return false;
  }
  if (filter.maxPrice !== undefined && (trip.price_min === null || trip.price_min > filter.maxPrice)) return false;
  const stops = [trip.depart, ...trip.layovers, trip.arrival].map(foldName);
  // From: the departure or a stopover, never the final arrival. To: a stopover or the arrival, never
  // the departure, and after the first stop that matched "from".
  const first = filter.depart ? stops.slice(0, -1).findIndex((stop) => stop.includes(foldName(filter.depart!))) : 0;
  if (first < 0) return false;
  if (filter.arrival) {
    const wanted = foldName(filter.arrival);
    const last = stops.findLastIndex((stop) => stop.includes(wanted));
    if (last < 1 || last <= first) return false;
  }
  if (filter.via) {
    const wanted = foldName(filter.via);
    if (!trip.layovers.some((stop) => foldName(stop).includes(wanted))) return false;
  }
  return true;
}

describe('createTripMatcher', () => {
  it('decides exactly as the plain rule on generated trips and filters', () => {
    fc.assert(
      fc.property(filter, fc.array(trip, { minLength: 1, maxLength: 20 }), (theFilter, trips) => {
        const matches = createTripMatcher(theFilter);
        for (const one of trips) expect(matches(one)).toBe(tripMatches(one, theFilter));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches stopovers in order, case- and accent-insensitively', () => {
    const viaLyon: Trip = {
      id: '1',
      date: '2026-05-01',
      depart: 'Lille',
      arrival: 'Nice',
      layovers: ['PARIS', 'Saint-Étienne'],
      price_min: 1,
      price_max: 1,
      slots: [1],
      times: [],
    };
    expect(createTripMatcher({ depart: 'paris', arrival: 'saint etienne' })(viaLyon)).toBe(true);
    expect(createTripMatcher({ depart: 'saint etienne', arrival: 'paris' })(viaLyon)).toBe(false);
    expect(createTripMatcher({ via: 'étienne' })(viaLyon)).toBe(true);
    expect(createTripMatcher({ via: 'nice' })(viaLyon)).toBe(false);
  });

  it('never finds a trip from the city where it ends, nor to the one where it starts (as search does)', () => {
    const toOrleans: Trip = {
      id: '2',
      date: '2026-05-01',
      depart: 'Paris',
      arrival: 'Orléans',
      layovers: ['Étampes'],
      price_min: 1,
      price_max: 1,
      slots: [1],
      times: [],
    };
    expect(createTripMatcher({ depart: 'orleans' })(toOrleans)).toBe(false);
    expect(createTripMatcher({ arrival: 'paris' })(toOrleans)).toBe(false);
    expect(createTripMatcher({ depart: 'étampes' })(toOrleans)).toBe(true);
    expect(createTripMatcher({ arrival: 'étampes' })(toOrleans)).toBe(true);
    expect(createTripMatcher({ depart: 'paris', arrival: 'orleans' })(toOrleans)).toBe(true);
  });
});
