import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseRoute } from '../../src/client/normalise.js';
import { isIsoDate } from '../../src/domain/dates.js';
import type { Trip } from '../../src/domain/types.js';

const city = fc.oneof(
  fc.constantFrom('Paris', 'Marseille', 'Lyon', 'Aix-en-Provence', 'Besançon'),
  fc.string({ minLength: 1, maxLength: 30 }),
);
const realDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const price = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 5000 }),
  fc.double({ min: 0, max: 1e9, noNaN: true }),
);
const count = fc.integer({ min: 0, max: 99 });
const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const idNumber = fc.integer({ min: 1, max: 2 ** 40 });

/** Form A of the reference: string id, ISO date, one price, places of the whole trip. */
const formA = fc.record({
  id: idNumber.map(String),
  depart: city,
  arrival: city,
  date: realDate,
  prix: price,
  places_disponibles: count,
});
/** Form B: integer id, YYYYMMDD, time0, a price range, first-leg places, layover1/layover2 only when present. */
const formB = fc.record(
  {
    type: fc.constant('route'),
    id: idNumber,
    depart: city,
    arrival: city,
    date: realDate.map((d) => d.replaceAll('-', '')),
    time0: clock,
    price_min: price,
    price_max: price,
    places_moto_1: count,
    places_passenger_1: count,
    layover1: city,
    layover2: city,
  },
  {
    requiredKeys: [
      'type',
      'id',
      'depart',
      'arrival',
      'date',
      'time0',
      'price_min',
      'price_max',
      'places_moto_1',
      'places_passenger_1',
    ],
  },
);
/** Already RouteAI-shaped, as search returns it. */
const routeAI = fc.record({
  id: idNumber.map(String),
  date: realDate,
  depart: city,
  arrival: city,
  layovers: fc.array(city, { maxLength: 3 }),
  price_min: price,
  price_max: price,
  slots: fc.array(count, { maxLength: 4 }),
  times: fc.array(clock, { maxLength: 4 }),
});
const wellFormed = fc.oneof(formA, formB, routeAI);
/** Extra fields a newer service may add, including names that are special to JavaScript objects. */
const extraKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'),
);
const extras = fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });

/** Parses like the listing does, so `__proto__` becomes an own field instead of a prototype. */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

function expectWellFormedTrip(trip: Trip): void {
  expect(typeof trip.id === 'string' && trip.id !== '').toBe(true);
  expect(isIsoDate(trip.date)).toBe(true);
  expect(typeof trip.depart === 'string' && trip.depart !== '').toBe(true);
  expect(typeof trip.arrival === 'string' && trip.arrival !== '').toBe(true);
  for (const list of [trip.layovers, trip.times]) expect(list.every((item) => typeof item === 'string')).toBe(true);
  for (const value of [trip.price_min, trip.price_max])
    expect(value === null || (Number.isFinite(value) && value >= 0)).toBe(true);
  expect(trip.slots.every((slot) => Number.isInteger(slot) && slot >= 0)).toBe(true);
}

describe('normaliseRoute (properties)', () => {
  it('normalises every well-formed record of either form, whatever extra fields it carries', () => {
    fc.assert(
      fc.property(wellFormed, extras, (record, extra) => {
        const withExtras = viaJson({ ...extra, ...record });
        const result = normaliseRoute(withExtras);
        expect(result.ok, JSON.stringify(result)).toBe(true);
        if (!result.ok) return;
        expectWellFormedTrip(result.trip);
        expect(result.trip.id).toBe(String(record.id));
        expect(result.trip.date.replaceAll('-', '')).toBe(record.date.replaceAll('-', ''));
        expect([result.trip.depart, result.trip.arrival]).toEqual([record.depart, record.arrival]);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on a damaged record: one field replaced by any value, or dropped', () => {
    const damaged = fc
      .tuple(
        wellFormed,
        fc.nat(),
        fc.option(
          fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: true, withMap: true, withDate: true }),
          { nil: undefined },
        ),
      )
      .map(([record, which, value]) => {
        const copy: Record<string, unknown> = { ...record };
        const keys = Object.keys(copy);
        const key = keys[which % keys.length] as string;
        if (value === undefined) delete copy[key];
        else copy[key] = value;
        return copy;
      });
    fc.assert(
      fc.property(damaged, (record) => {
        const result = normaliseRoute(record);
        if (result.ok) expectWellFormedTrip(result.trip);
        else expect(result.reason).toMatch(/\S/);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on any value at all, and reports what it cannot read in one short line', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withBigInt: true, withTypedArray: true, withSparseArray: true }),
        (value) => {
          const result = normaliseRoute(value);
          if (result.ok) expectWellFormedTrip(result.trip);
          else expect(result.reason.length).toBeLessThan(200);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reports impossible dates, negative or fractional places and negative prices instead of passing them on', () => {
    const inFormA = fc.constantFrom<[string, unknown]>(
      ['date', '2026-02-30'],
      ['date', '2026-13-01'],
      ['prix', -1],
      ['places_disponibles', -1],
      ['slots', [2, -1]],
    );
    const inFormB = fc.constantFrom<[string, unknown]>(
      ['date', '20260230'],
      ['price_min', -5],
      ['price_max', Number.POSITIVE_INFINITY],
      ['places_moto_1', 1.5],
      ['time0', 7],
    );
    const broken = fc.oneof(fc.tuple(formA, inFormA), fc.tuple(formB, inFormB));
    fc.assert(
      fc.property(broken, ([record, [field, value]]) => {
        const result = normaliseRoute({ ...record, [field]: value });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.reason).toContain(`route ${record.id}`);
      }),
      { numRuns: 300 },
    );
  });
});
