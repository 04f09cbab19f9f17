import { describe, expect, it } from 'vitest';
import { normaliseRoute } from '../../src/client/normalise.js';
import type { Trip } from '../../src/domain/types.js';

function trip(result: ReturnType<typeof normaliseRoute>): Trip {
  if (!result.ok) throw new Error(`expected a trip, got: ${result.reason}`);
  return result.trip;
}

describe('normaliseRoute', () => {
  it('normalises a Form A record', () => {
    const record = {
      id: 'r-12',
      depart: 'Paris',
      arrival: 'Marseille',
      date: '2026-05-12',
      prix: 299,
      places_disponibles: 4,
    };
    expect(trip(normaliseRoute(record))).toEqual({
      id: 'r-12',
      date: '2026-05-12',
      depart: 'Paris',
      arrival: 'Marseille',
      layovers: [],
      price_min: 299,
      price_max: null,
      slots: [4],
      times: [],
      // Form A names no stopovers, one figure of places for no leg in particular, and no times.
      unknown: ['layovers', 'slots', 'times'],
    });
  });

  it('normalises a Form B record: integer id, YYYYMMDD, time0, price range, places_moto_1, layovers', () => {
    const record = {
      type: 'route',
      id: 4711,
      depart: 'Lille',
      arrival: 'Nice',
      date: '20261205',
      time0: '07:30',
      price_min: 319,
      price_max: 389.5,
      places_moto_1: 2,
      places_passenger_1: 1,
      layover1: 'Lyon',
      layover2: 'Avignon',
    };
    expect(trip(normaliseRoute(record))).toEqual({
      id: '4711',
      date: '2026-12-05',
      depart: 'Lille',
      arrival: 'Nice',
      layovers: ['Lyon', 'Avignon'],
      price_min: 319,
      price_max: 389.5,
      slots: [2],
      times: ['07:30'],
      // Form B names its stopovers, but places only for the first of the three legs, and the first time only.
      unknown: ['slots', 'times'],
    });
  });

  it("knows every leg's places of a Form B trip without stopovers (one leg), not its arrival time", () => {
    const record = {
      type: 'route',
      id: 9,
      depart: 'Paris',
      arrival: 'Lyon',
      date: '20261205',
      time0: '09:00',
      price_min: 299,
      price_max: 320,
      places_moto_1: 3,
    };
    expect(trip(normaliseRoute(record))).toMatchObject({ layovers: [], slots: [3], unknown: ['times'] });
  });

  it('leaves a complete record unmarked', () => {
    const record = {
      id: 'x',
      date: '2026-07-01',
      depart: 'Paris',
      arrival: 'Lyon',
      layovers: [],
      price_min: 1,
      price_max: 2,
      slots: [1],
      times: ['08:00', '12:00'],
    };
    expect(trip(normaliseRoute(record)).unknown).toBeUndefined();
  });

  it('skips empty or null layovers of Form B', () => {
    const record = {
      id: 1,
      depart: 'A',
      arrival: 'B',
      date: '20260101',
      layover1: '',
      layover2: null,
      places_moto_1: 0,
    };
    expect(trip(normaliseRoute(record)).layovers).toEqual([]);
  });

  it('accepts a RouteAI-shaped record as it is', () => {
    const record: Trip = {
      id: 'x1',
      date: '2026-07-01',
      depart: 'Paris',
      arrival: 'Toulouse',
      layovers: ['Limoges'],
      price_min: null,
      price_max: null,
      slots: [3, 1],
      times: ['08:00', '13:15'],
    };
    expect(trip(normaliseRoute({ ...record, extra: 'ignored' }))).toEqual(record);
  });

  it('keeps a null price as on quote, and a bound the record leaves out as unknown', () => {
    expect(
      trip(normaliseRoute({ id: 'a', depart: 'A', arrival: 'B', date: '2026-01-02', prix: null })).price_min,
    ).toBeNull();
    const oneBound = trip(normaliseRoute({ id: 'a', depart: 'A', arrival: 'B', date: '2026-01-02', price_min: 250 }));
    expect([oneBound.price_min, oneBound.price_max]).toEqual([250, null]);
    const upperOnly = trip(
      normaliseRoute({ id: 'a', depart: 'A', arrival: 'B', date: '2026-01-02', price_min: null, price_max: 410 }),
    );
    expect([upperOnly.price_min, upperOnly.price_max]).toEqual([null, 410]);
  });

  it('reads a numeric id as the digits String() would write, for every kind of number', () => {
    const idOf = (id: number) => trip(normaliseRoute({ id, depart: 'A', arrival: 'B', date: '2026-01-02' })).id;
    for (const id of [0, -0, 7, -42, 4711, 2 ** 31, 2 ** 53 - 1, 2 ** 53, 2 ** 64, 1e21, 1.5, -0.25, 1e-7, 123456.789])
      expect(idOf(id)).toBe(String(id));
  });

  it('reports an impossible date with the route id instead of throwing', () => {
    const result = normaliseRoute({ id: 9, depart: 'A', arrival: 'B', date: '20260231', prix: 1 });
    expect(result).toEqual({
      ok: false,
      reason: expect.stringMatching(/^route 9: date "20260231" is not a real date/),
    });
    expect(normaliseRoute({ id: 9, depart: 'A', arrival: 'B', date: '2026-13-01' }).ok).toBe(false);
    expect(normaliseRoute({ id: 9, depart: 'A', arrival: 'B', date: 'tomorrow' }).ok).toBe(false);
  });

  it.each([
    ['not an object', 'hello', /not an object/],
    ['null', null, /null/],
    ['an array', [1], /an array/],
    ['a missing id', { depart: 'A', arrival: 'B', date: '2026-01-01' }, /no usable id \(missing\)/],
    ['a missing depart', { id: 1, arrival: 'B', date: '2026-01-01' }, /route 1: depart is missing/],
    ['a numeric arrival', { id: 1, depart: 'A', arrival: 5, date: '2026-01-01' }, /arrival is 5/],
    [
      'a price that is not a number',
      { id: 1, depart: 'A', arrival: 'B', date: '2026-01-01', prix: '299 €' },
      /prix is "299 €"/,
    ],
    ['a negative price', { id: 1, depart: 'A', arrival: 'B', date: '2026-01-01', price_max: -3 }, /price_max is -3/],
    [
      'fractional places',
      { id: 1, depart: 'A', arrival: 'B', date: '2026-01-01', places_disponibles: 1.5 },
      /places_disponibles is 1.5/,
    ],
    ['bad slots', { id: 1, depart: 'A', arrival: 'B', date: '2026-01-01', slots: ['two'] }, /slots is/],
    ['a numeric layover', { id: 1, depart: 'A', arrival: 'B', date: '2026-01-01', layover1: 3 }, /layovers/],
  ])('reports a record with %s', (_name, record, reason) => {
    const result = normaliseRoute(record);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
