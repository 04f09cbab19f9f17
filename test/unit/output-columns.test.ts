import { describe, expect, it } from 'vitest';
import type { Trip } from '../../src/domain/types.js';
import { UsageError } from '../../src/errors.js';
import { selectColumns } from '../../src/output/columns.js';
import {
  formatPrice,
  formatRoute,
  formatTripDate,
  nearbyCityColumns,
  TRIP_MACHINE_KEYS,
  TRIP_TABLE_KEYS,
  tripColumns,
} from '../../src/output/trip-columns.js';

const trip: Trip = {
  id: 'r-42',
  date: '2026-12-05',
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: ['Lyon'],
  price_min: 299,
  price_max: 349,
  slots: [3, 0],
  times: ['08:30', '14:00'],
};

describe('selectColumns', () => {
  const set = tripColumns();

  it('defaults to the table columns for a table and the machine keys elsewhere', () => {
    expect(selectColumns(set, undefined, 'table').map((column) => column.key)).toEqual([...TRIP_TABLE_KEYS]);
    expect(selectColumns(set, undefined, 'csv').map((column) => column.key)).toEqual([...TRIP_MACHINE_KEYS]);
    expect(selectColumns(set, [], 'json').map((column) => column.key)).toEqual([...TRIP_MACHINE_KEYS]);
  });

  it('keeps the order of --fields and allows any column in any format', () => {
    expect(selectColumns(set, ['price_min', 'route', 'id'], 'tsv').map((column) => column.key)).toEqual([
      'price_min',
      'route',
      'id',
    ]);
  });

  it('rejects unknown fields with a UsageError that lists the valid ones', () => {
    const attempt = () => selectColumns(set, ['date', 'prix', 'colour'], 'table');
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(
      /unknown fields "prix", "colour"; valid fields are date, time, route, price, slots, id, depart, arrival, layovers, price_min, price_max, times, unknown\./,
    );
  });
});

describe('trip columns', () => {
  const byKey = (lang: 'en' | 'fr' = 'en') => new Map(tripColumns(lang).columns.map((column) => [column.key, column]));

  it('write the human table forms', () => {
    const columns = byKey();
    const cells = TRIP_TABLE_KEYS.map((key) => columns.get(key)?.table(trip));
    expect(cells).toEqual(['Sat 05 Dec 2026', '08:30', 'Paris → Lyon → Marseille', '299–349 €', '3·0', 'r-42']);
  });

  it('write the machine forms, keeping arrays and nulls', () => {
    const columns = byKey();
    const quoted = { ...trip, price_min: null, price_max: null, times: [] };
    expect(TRIP_MACHINE_KEYS.map((key) => columns.get(key)?.raw(quoted))).toEqual([
      'r-42',
      '2026-12-05',
      null,
      'Paris',
      'Marseille',
      ['Lyon'],
      null,
      null,
      [3, 0],
      [],
    ]);
  });

  it('translate headers and words into French', () => {
    const columns = byKey('fr');
    expect(columns.get('date')?.table(trip)).toBe('sam 05 déc 2026');
    expect(columns.get('price')?.table({ ...trip, price_min: null, price_max: null })).toBe('sur devis');
    expect(columns.get('time')?.header).toBe('Heure');
  });

  it('mark full legs and quote prices with tones', () => {
    const columns = byKey();
    expect(columns.get('slots')?.tone?.(trip)).toBe('yellow');
    expect(columns.get('slots')?.tone?.({ ...trip, slots: [1] })).toBeUndefined();
    expect(columns.get('price')?.tone?.({ ...trip, price_min: null, price_max: null })).toBe('dim');
  });
});

describe('formatters', () => {
  it('formatTripDate shows non-ISO input unchanged', () => {
    expect(formatTripDate('2026-02-30')).toBe('2026-02-30');
    expect(formatTripDate('2027-01-01')).toBe('Fri 01 Jan 2027');
  });

  it('formatPrice handles single prices, ranges and quotes', () => {
    expect(formatPrice(299, 299)).toBe('299 €');
    expect(formatPrice(299, null)).toBe('299 €');
    expect(formatPrice(null, 349)).toBe('349 €');
    expect(formatPrice(299, 349)).toBe('299–349 €');
    expect(formatPrice(null, null)).toBe('on quote');
  });

  it('formatRoute without stopovers', () => {
    expect(formatRoute({ depart: 'Nice', layovers: [], arrival: 'Lille' })).toBe('Nice → Lille');
  });

  it('nearby city columns show kilometres in the table and numbers in data', () => {
    const set = nearbyCityColumns('fr');
    const city = { name: 'Villeurbanne', distance_km: 4.26 };
    expect(set.columns.map((column) => column.table(city))).toEqual(['Villeurbanne', '4,3 km']);
    expect(set.columns.map((column) => column.raw(city))).toEqual(['Villeurbanne', 4.26]);
    // One decimal always, so distances line up in the column.
    expect(nearbyCityColumns('en').columns[1]!.table({ name: 'Chambéry', distance_km: 87 })).toBe('87.0 km');
  });
});
