import { describe, expect, it } from 'vitest';
import { createTripMatcher } from '../../src/domain/trip-matcher.js';
import type { Trip } from '../../src/domain/types.js';
import { UndecidedTrips } from '../../src/domain/undecided-trips.js';

function trip(id: string, date: string, fields: Partial<Trip> = {}): Trip {
  return {
    id,
    date,
    depart: 'Paris',
    arrival: 'Marseille',
    layovers: [],
    price_min: 299,
    price_max: 399,
    slots: [2],
    times: ['08:00', '16:00'],
    ...fields,
  };
}

describe('UndecidedTrips', () => {
  it("asks the search for the filter's own cities over the days of the held trips, within the filter's dates", () => {
    const held = new UndecidedTrips<undefined>();
    expect(held.completionQuery({ depart: 'Lyon' })).toEqual({ depart: 'Lyon' });
    held.add(trip('1', '2026-05-04'), undefined);
    held.add(trip('2', '2026-05-01'), undefined);
    held.add(trip('3', '2026-05-09'), undefined);
    expect(held.completionQuery({ depart: 'Lyon', arrival: 'Marseille', via: 'Dijon' })).toEqual({
      depart: 'Lyon',
      arrival: 'Marseille',
      date_from: '2026-05-01',
      date_to: '2026-05-09',
    });
    expect(
      held.completionQuery({ arrival: 'Nice', dateFrom: '2026-05-02', dateTo: '2026-05-08', minSlots: 2 }),
    ).toEqual({
      arrival: 'Nice',
      date_from: '2026-05-02',
      date_to: '2026-05-08',
    });
  });

  it('asks for departures from the via city when --via is the only city: the service matches them at every stop but the last', () => {
    const held = new UndecidedTrips<undefined>();
    held.add(trip('1', '2026-05-04'), undefined);
    expect(held.completionQuery({ via: 'Dijon', minSlots: 3 })).toEqual({
      depart: 'Dijon',
      date_from: '2026-05-04',
      date_to: '2026-05-04',
    });
    expect(held.completionQuery({ minSlots: 3 })).toEqual({ date_from: '2026-05-04', date_to: '2026-05-04' });
  });

  it('judges held trips on their complete records, ignores the others, and drops the ones the search did not return', () => {
    const held = new UndecidedTrips<string>();
    held.add(trip('1', '2026-05-04', { slots: [3], unknown: ['layovers', 'slots', 'times'] }), 'record 1');
    held.add(trip('2', '2026-05-04', { slots: [3], unknown: ['layovers', 'slots', 'times'] }), 'record 2');
    held.add(trip('3', '2026-05-05', { slots: [3], unknown: ['layovers', 'slots', 'times'] }), 'record 3');
    const matches = createTripMatcher({ minSlots: 3 });
    const complete = [
      trip('1', '2026-05-04', { layovers: ['Lyon'], slots: [3, 3], times: ['08:00', '11:00', '16:00'] }),
      // The last leg is full: the listing's one figure hid it.
      trip('2', '2026-05-04', { layovers: ['Lyon'], slots: [3, 0], times: ['08:00', '11:00', '16:00'] }),
      // Decided already from its listing record: not judged again.
      trip('9', '2026-05-04', { slots: [4] }),
    ];
    const found = held.judge(complete, matches);
    expect(found.map((match) => [match.item, match.trip.id, match.trip.slots])).toEqual([['record 1', '1', [3, 3]]]);
    expect(held.found).toBe(2);
    expect(held.size).toBe(1);
    // Seen again on a later page (pages may overlap when the data moves): judged once.
    expect(held.judge(complete, matches)).toEqual([]);
    expect(held.dropAbsent()).toBe(1);
    expect(held.size).toBe(0);
  });
});
