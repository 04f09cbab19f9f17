import { describe, expect, it } from 'vitest';
import { diffTrips, indexTrips, toWatchEvents } from '../../src/domain/trip-diff.js';
import type { Trip } from '../../src/domain/types.js';

const trip = (id: string, date: string, slots: number[]): Trip => ({
  id,
  date,
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: slots.length > 1 ? ['Lyon'] : [],
  price_min: 299,
  price_max: 399,
  slots,
  times: ['08:00'],
});

describe('diffTrips', () => {
  it('reports nothing when nothing changed', () => {
    const trips = [trip('1', '2026-12-01', [2]), trip('2', '2026-12-02', [1, 1])];
    expect(diffTrips(indexTrips(trips), indexTrips(trips.map((t) => ({ ...t, slots: [...t.slots] }))))).toEqual([]);
  });

  it('reports a trip that went (full) and came back with places as freed, not new', () => {
    const full = trip('7', '2026-12-04', [1, 2]);
    const gone = indexTrips([full]);
    const back = { ...full, slots: [1, 3] };
    expect(diffTrips(indexTrips([]), indexTrips([back]), gone)).toEqual([
      { type: 'freed', trip: back, before: [0, 0], after: [1, 3] },
    ]);
    expect(diffTrips(indexTrips([]), indexTrips([back]))).toEqual([{ type: 'new', trip: back }]);
  });

  it('reports new and gone trips, new first, each in date order', () => {
    const before = indexTrips([
      trip('1', '2026-12-03', [2]),
      trip('2', '2026-12-01', [2]),
      trip('3', '2026-12-05', [2]),
    ]);
    const after = indexTrips([
      trip('3', '2026-12-05', [2]),
      trip('5', '2026-12-09', [1]),
      trip('4', '2026-12-02', [1]),
    ]);
    const changes = diffTrips(before, after);
    expect(changes.map((change) => `${change.type}:${change.trip.id}`)).toEqual(['new:4', 'new:5', 'gone:2', 'gone:1']);
    expect(changes[0]).not.toHaveProperty('before');
  });

  it('reports places freed and taken with the per-leg places before and after', () => {
    const before = indexTrips([trip('1', '2026-12-01', [1, 2]), trip('2', '2026-12-01', [3])]);
    const after = indexTrips([trip('1', '2026-12-01', [3, 2]), trip('2', '2026-12-01', [2])]);
    expect(diffTrips(before, after)).toEqual([
      { type: 'freed', trip: after.get('1'), before: [1, 2], after: [3, 2] },
      { type: 'taken', trip: after.get('2'), before: [3], after: [2] },
    ]);
  });

  it('reports both when one leg gained a place and another lost one', () => {
    const changes = diffTrips(
      indexTrips([trip('1', '2026-12-01', [1, 2])]),
      indexTrips([trip('1', '2026-12-01', [2, 1])]),
    );
    expect(changes.map((change) => change.type)).toEqual(['freed', 'taken']);
  });

  it('compares totals when the number of legs changed', () => {
    const changes = diffTrips(
      indexTrips([trip('1', '2026-12-01', [1, 1])]),
      indexTrips([trip('1', '2026-12-01', [3])]),
    );
    expect(changes.map((change) => change.type)).toEqual(['freed']);
  });

  it('ignores changes other than places (a new price is not an event)', () => {
    const before = indexTrips([trip('1', '2026-12-01', [2])]);
    const after = indexTrips([{ ...trip('1', '2026-12-01', [2]), price_min: 199 }]);
    expect(diffTrips(before, after)).toEqual([]);
  });
});

describe('toWatchEvents', () => {
  it('stamps each change with an ISO time, keys in the documented order', () => {
    const [event] = toWatchEvents(
      [{ type: 'freed', trip: trip('1', '2026-12-01', [3]), before: [1], after: [3] }],
      new Date('2026-12-01T10:00:00Z'),
    );
    expect(Object.keys(event!)).toEqual(['time', 'type', 'trip', 'before', 'after']);
    expect(event!.time).toBe('2026-12-01T10:00:00.000Z');
    const [added] = toWatchEvents([{ type: 'new', trip: trip('2', '2026-12-02', [1]) }], new Date(0));
    expect(Object.keys(added!)).toEqual(['time', 'type', 'trip']);
  });
});
