import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tripFilters } from '../helpers/arbitraries.js';
import { createPartialMatcher, NO, readsPartialParts, UNDECIDED, YES } from '../../src/domain/partial-match.js';
import { createTripMatcher } from '../../src/domain/trip-matcher.js';
import type { Trip, TripFilter } from '../../src/domain/types.js';

const CITY_NAMES = ['Paris', 'Marseille', 'Saint-Étienne', 'Lyon', 'Dijon', 'Nîmes', 'Le Havre', ''];
const WANTED = ['paris', 'MARSEILLE', 'étienne', 'lyon', 'dijon', 'nimes', 'e', '', 'nowhere'];
const DATES = ['2026-05-01', '2026-05-02', '2026-05-03'];

const city = fc.constantFrom(...CITY_NAMES);
/** Complete trips as the search gives them: one place count and one time per leg. */
const completeTrip: fc.Arbitrary<Trip> = fc.array(city, { maxLength: 3 }).chain((layovers) =>
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    date: fc.constantFrom(...DATES),
    depart: city,
    arrival: city,
    layovers: fc.constant(layovers),
    price_min: fc.option(fc.integer({ min: 0, max: 600 })),
    price_max: fc.constant(null),
    slots: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: layovers.length + 1, maxLength: layovers.length + 1 }),
    times: fc.constant(['08:00', ...layovers.map(() => '10:00'), '12:00']),
  }),
);
const wanted = fc.option(fc.constantFrom(...WANTED), { nil: undefined });
const filter: fc.Arbitrary<TripFilter> = tripFilters(wanted, DATES);

/** The trip as a Form A record reads: no stopovers, one figure of places (the local service's: the fullest leg), no times. */
function formA(trip: Trip): Trip {
  return {
    ...trip,
    layovers: [],
    slots: [Math.min(...trip.slots)],
    times: [],
    unknown: ['layovers', 'slots', 'times'],
  };
}

/** The same, had the service counted the first leg's places. */
function formAFirstLeg(trip: Trip): Trip {
  return { ...formA(trip), slots: [trip.slots[0] as number] };
}

/** The trip as a Form B record reads: its stopovers, the first leg's places, the first time. */
function formB(trip: Trip): Trip {
  const unknown = trip.layovers.length === 0 ? (['times'] as const) : (['slots', 'times'] as const);
  return { ...trip, slots: [trip.slots[0] as number], times: [trip.times[0] as string], unknown };
}

describe('createPartialMatcher', () => {
  it('never says YES or NO where the complete record says otherwise, and decides every complete record as the plain rule', () => {
    fc.assert(
      fc.property(filter, fc.array(completeTrip, { minLength: 1, maxLength: 10 }), (theFilter, trips) => {
        const judge = createPartialMatcher(theFilter);
        const whole = createTripMatcher(theFilter);
        for (const trip of trips) {
          const truth = whole(trip);
          expect(judge(trip)).toBe(truth ? YES : NO);
          for (const partial of [formA(trip), formAFirstLeg(trip), formB(trip)]) {
            const verdict = judge(partial);
            if (verdict !== UNDECIDED) expect(verdict).toBe(truth ? YES : NO);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });

  const threeLegs: Trip = {
    id: '7',
    date: '2026-05-02',
    depart: 'Paris',
    arrival: 'Marseille',
    layovers: ['Dijon', 'Lyon'],
    price_min: 299,
    price_max: 399,
    slots: [3, 2, 0],
    times: ['08:00', '11:00', '13:00', '16:00'],
  };

  it('finds a Form A trip by its two ends, and leaves any other city or --via to the complete record', () => {
    const listed = formA(threeLegs);
    expect(createPartialMatcher({ depart: 'paris', arrival: 'marseille' })(listed)).toBe(YES);
    expect(createPartialMatcher({ depart: 'paris' })(listed)).toBe(YES);
    expect(createPartialMatcher({ depart: 'lyon', arrival: 'marseille' })(listed)).toBe(UNDECIDED);
    expect(createPartialMatcher({ arrival: 'dijon' })(listed)).toBe(UNDECIDED);
    expect(createPartialMatcher({ via: 'dijon' })(listed)).toBe(UNDECIDED);
    // The parts the record carries still say no.
    expect(createPartialMatcher({ via: 'dijon', dateFrom: '2026-05-03' })(listed)).toBe(NO);
    expect(createPartialMatcher({ depart: 'lyon', maxPrice: 200 })(listed)).toBe(NO);
  });

  it('says NO to --min-slots when a known figure is below it, and leaves the other legs undecided', () => {
    const listedB = formB(threeLegs);
    expect(listedB.slots).toEqual([3]);
    expect(createPartialMatcher({ minSlots: 4 })(listedB)).toBe(NO);
    // The first leg has 3, but the last leg is full: only the complete record can tell.
    expect(createPartialMatcher({ minSlots: 3 })(listedB)).toBe(UNDECIDED);
    expect(createPartialMatcher({ minSlots: 3 })(threeLegs)).toBe(NO);
    expect(createPartialMatcher({ minSlots: 0 })(listedB)).toBe(YES);
    expect(createPartialMatcher({ minSlots: 1 })(formA(threeLegs))).toBe(NO);
    expect(createPartialMatcher({ minSlots: 1 })(formAFirstLeg(threeLegs))).toBe(UNDECIDED);
  });

  it('decides a Form B trip on its stopovers, and a one-leg Form B trip on its places', () => {
    const listedB = formB(threeLegs);
    expect(createPartialMatcher({ via: 'lyon' })(listedB)).toBe(YES);
    expect(createPartialMatcher({ via: 'nice' })(listedB)).toBe(NO);
    expect(createPartialMatcher({ depart: 'lyon', arrival: 'dijon' })(listedB)).toBe(NO);
    const direct = formB({ ...threeLegs, layovers: [], slots: [2], times: ['08:00', '16:00'] });
    expect(direct.unknown).toEqual(['times']);
    expect(createPartialMatcher({ minSlots: 2 })(direct)).toBe(YES);
    expect(createPartialMatcher({ minSlots: 3 })(direct)).toBe(NO);
  });

  it('ignores unknown parts the filter does not read', () => {
    const listed = formA(threeLegs);
    expect(createPartialMatcher({ maxPrice: 300 })(listed)).toBe(YES);
    expect(createPartialMatcher({ dateFrom: '2026-05-03' })(listed)).toBe(NO);
    expect(readsPartialParts({ maxPrice: 300, dateFrom: '2026-05-01' })).toBe(false);
    expect(readsPartialParts({ via: 'lyon' })).toBe(true);
    expect(readsPartialParts({ minSlots: 1 })).toBe(true);
  });
});
