import { describe, expect, it } from 'vitest';
import { GoneTrips, MAX_GONE_TRIPS } from '../../src/commands/watch/gone-trips.js';
import type { Trip } from '../../src/domain/types.js';

function trip(id: number, date: string): Trip {
  return {
    id: String(id),
    date,
    time: null,
    depart: 'Paris',
    arrival: 'Marseille',
    layovers: [],
    price_min: 299,
    price_max: null,
    slots: [1],
    times: [],
  } as unknown as Trip;
}

describe('the trips a watch remembers as gone', () => {
  it('stays bounded over a long soak: 1,000 rounds of 500 trips going, the oldest forgotten first', () => {
    const gone = new GoneTrips();
    let id = 0;
    for (let round = 0; round < 1_000; round++) {
      for (let index = 0; index < 500; index++) gone.remember(trip(id++, '2027-06-01'));
      expect(gone.size).toBeLessThanOrEqual(MAX_GONE_TRIPS);
    }
    expect(gone.size).toBeGreaterThan(MAX_GONE_TRIPS * 0.9);
    expect(gone.has(String(id - 1))).toBe(true);
    // The newest are kept, the oldest gone: every kept trip is among the last MAX_GONE_TRIPS remembered.
    expect([...gone.keys()].every((key) => Number(key) >= id - MAX_GONE_TRIPS)).toBe(true);
  });

  it('forgets departed trips and those that came back', () => {
    const gone = new GoneTrips();
    gone.remember(trip(1, '2026-11-20'));
    gone.remember(trip(2, '2026-11-24'));
    gone.remember(trip(3, '2026-12-01'));
    gone.forgetDeparted('2026-11-24');
    expect([...gone.keys()]).toEqual(['2', '3']);
    gone.forget('3');
    expect([...gone.keys()]).toEqual(['2']);
  });

  it('a trip gone again moves to the newest end', () => {
    const gone = new GoneTrips(2);
    gone.remember(trip(1, '2027-01-01'));
    gone.remember(trip(2, '2027-01-01'));
    gone.remember(trip(1, '2027-01-01'));
    gone.remember(trip(3, '2027-01-01'));
    expect([...gone.keys()]).toEqual(['1', '3']);
  });
});
