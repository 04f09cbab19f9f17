import { describe, expect, it } from 'vitest';
import { formatTripRoute, formatTripSlots, tripColumns } from '../../src/output/trip-columns.js';
import { selectColumns } from '../../src/output/columns.js';
import type { Trip } from '../../src/domain/types.js';

const base: Trip = {
  id: '1',
  date: '2026-12-05',
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: ['Lyon', 'Avignon'],
  price_min: 299,
  price_max: 399,
  slots: [3, 2, 0],
  times: ['08:00', '12:00', '14:00', '16:00'],
};
const formA: Trip = { ...base, layovers: [], slots: [0], times: [], unknown: ['layovers', 'slots', 'times'] };
const formB: Trip = { ...base, slots: [3], times: ['08:00'], unknown: ['slots', 'times'] };

describe('what a listing record leaves out, as printed', () => {
  it('shows ? in tables for places and stopovers the record does not give, never a guessed number', () => {
    expect(formatTripSlots(base)).toBe('3·2·0');
    expect(formatTripSlots(formB)).toBe('3·?·?');
    expect(formatTripSlots({ ...formB, layovers: [], unknown: ['times'] })).toBe('3');
    expect(formatTripSlots(formA)).toBe('?');
    expect(formatTripRoute(formA)).toBe('Paris → ? → Marseille');
    expect(formatTripRoute(formB)).toBe('Paris → Lyon → Avignon → Marseille');
  });

  it("prints the unknown parts in the listing's machine formats only, [] for a complete trip", () => {
    const listing = selectColumns(tripColumns('en', { listing: true }), undefined, 'json');
    const unknown = listing.find((column) => column.key === 'unknown');
    expect(unknown?.raw(formA)).toEqual(['layovers', 'slots', 'times']);
    expect(unknown?.raw(base)).toEqual([]);
    expect(selectColumns(tripColumns('en'), undefined, 'json').map((column) => column.key)).not.toContain('unknown');
    expect(
      selectColumns(tripColumns('en', { listing: true }), undefined, 'table').map((column) => column.key),
    ).not.toContain('unknown');
  });
});
