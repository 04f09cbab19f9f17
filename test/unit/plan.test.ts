import { describe, expect, it } from 'vitest';
import { chunks } from '../../src/domain/plan/chunks.js';
import { citiesWithin, cityPairs } from '../../src/domain/plan/city-pairs.js';
import { flexWindow, windowsAround } from '../../src/domain/plan/date-windows.js';
import { mergeTrips } from '../../src/domain/plan/merge-trips.js';
import { nearestDates } from '../../src/domain/plan/nearest-dates.js';
import { shellWords } from '../../src/output/shell-words.js';
import type { Trip } from '../../src/domain/types.js';

const trip = (id: string, date: string, price: number | null = 300, time = '08:00'): Trip => ({
  id,
  date,
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: [],
  price_min: price,
  price_max: price,
  slots: [1],
  times: [time, '18:00'],
});

describe('date windows', () => {
  it('widens one day by ± N days, across months and years', () => {
    expect(flexWindow('2026-12-10', 3)).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(flexWindow('2026-12-31', 1)).toEqual({ from: '2026-12-30', to: '2027-01-01' });
    expect(flexWindow('2026-03-01', 0)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });

  it('looks before a window from today on, and after it to the end of what the service knows, only when it is closed', () => {
    expect(windowsAround({ from: '2028-12-10', to: '2028-12-12' }, '2026-12-01')).toEqual({
      before: { from: '2026-12-01', to: '2028-12-09' },
      after: { from: '2028-12-13' },
    });
    expect(windowsAround({ from: '2026-12-03', to: '2026-12-03' }, '2026-12-01').before).toEqual({
      from: '2026-12-01',
      to: '2026-12-02',
    });
    expect(windowsAround({ from: '2026-11-20', to: '2026-11-25' }, '2026-12-01')).toEqual({
      after: { from: '2026-12-01' },
    });
    expect(windowsAround({ from: '2026-12-01' }, '2026-12-01')).toEqual({});
    expect(windowsAround({}, '2026-12-01')).toEqual({});
  });

  it('finds the latest date before and the earliest after a window', () => {
    const trips = [trip('1', '2026-12-01'), trip('2', '2026-12-05'), trip('3', '2026-12-20'), trip('4', '2026-12-14')];
    expect(nearestDates(trips, { from: '2026-12-08', to: '2026-12-10' })).toEqual({
      before: '2026-12-05',
      after: '2026-12-14',
    });
    expect(nearestDates(trips, { from: '2026-12-01', to: '2026-12-30' })).toEqual({});
    expect(nearestDates([], { from: '2026-12-08' })).toEqual({});
  });
});

describe('nearby cities', () => {
  const nearby = [
    { name: 'Aix-en-Provence', distance_km: 25.6 },
    { name: 'Marseille', distance_km: 0 },
    { name: 'Toulon', distance_km: 47.2 },
    { name: 'Avignon', distance_km: 85.8 },
  ];

  it('keeps served cities within the radius, the typed one first at 0 km, at most N', () => {
    expect(citiesWithin('marseille', nearby, 60, 3)).toEqual([
      { name: 'Marseille', km: 0 },
      { name: 'Aix-en-Provence', km: 25.6 },
      { name: 'Toulon', km: 47.2 },
    ]);
    expect(
      citiesWithin(
        'Grenoble',
        [
          { name: 'Chambéry', distance_km: 48 },
          { name: 'Valence', distance_km: 80 },
        ],
        60,
        3,
      ),
    ).toEqual([{ name: 'Chambéry', km: 48 }]);
    expect(citiesWithin('Marseille', nearby, 30, 1)).toEqual([{ name: 'Marseille', km: 0 }]);
  });

  it('pairs every departure with every arrival, closest first, never a city with itself', () => {
    const froms = [
      { name: 'Paris', km: 0 },
      { name: 'Orléans', km: 110 },
    ];
    const tos = [
      { name: 'Marseille', km: 0 },
      { name: 'Aix-en-Provence', km: 25 },
      { name: 'Paris', km: 50 },
    ];
    const pairs = cityPairs(froms, tos).map((pair) => `${pair.from?.name}-${pair.to?.name}`);
    expect(pairs).toEqual([
      'Paris-Marseille',
      'Paris-Aix-en-Provence',
      'Orléans-Marseille',
      'Orléans-Aix-en-Provence',
      'Orléans-Paris',
    ]);
    expect(cityPairs(undefined, tos).map((pair) => pair.to?.name)).toEqual(['Marseille', 'Aix-en-Provence', 'Paris']);
    expect(cityPairs(froms, undefined)).toHaveLength(2);
    expect(cityPairs([], tos)).toEqual([]);
  });
});

describe('batch chunks and merging', () => {
  it('splits queries into chunks of at most 10', () => {
    expect(chunks([...Array(23).keys()], 10).map((chunk) => chunk.length)).toEqual([10, 10, 3]);
    expect(chunks([], 10)).toEqual([]);
    expect(chunks([1, 2, 3, 4, 5, 6, 7, 8, 9], 10)).toHaveLength(1);
  });

  it('merges searches in date or price order, each trip once, keeping where it was first found', () => {
    const near = { trips: [trip('a', '2026-12-03', 400), trip('b', '2026-12-01', null)], extra: 'near' };
    const far = { trips: [trip('a', '2026-12-03', 400), trip('c', '2026-12-02', 350, '06:00')], extra: 'far' };
    const byDate = mergeTrips([near, far], 'date');
    expect(byDate.map(({ trip: t, extra }) => `${t.id}:${extra}`)).toEqual(['b:near', 'c:far', 'a:near']);
    expect(mergeTrips([near, far], 'price').map(({ trip: t }) => t.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('shell words', () => {
  it('quotes only what a shell would split or expand', () => {
    expect(shellWords(['motoroute', 'search', 'Chambéry', 'Aix-en-Provence', '--date', '2026-12-04'])).toBe(
      'motoroute search Chambéry Aix-en-Provence --date 2026-12-04',
    );
    expect(shellWords(['search', 'Le Havre', "L'Isle", '$HOME'])).toBe(`search 'Le Havre' 'L'\\''Isle' '$HOME'`);
  });
});
