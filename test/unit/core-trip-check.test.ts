import { describe, expect, it } from 'vitest';
import { checkTrip } from '../../src/core/trip-check.js';
import { hasLeft, UpcomingTrips } from '../../src/core/upcoming.js';
import { canPair, cheapestRoundTrip, anyRoundTrip } from '../../src/core/round-trips.js';
import { pairMakesAndModels } from '../../src/domain/motorcycles.js';
import { clockFromEnvironment } from '../../src/core/clock.js';
import type { Trip } from '../../src/domain/types.js';

const trip = (fields: Partial<Trip> = {}): Trip => ({
  id: '1',
  date: '2026-12-10',
  depart: 'Lille',
  arrival: 'Marseille',
  layovers: ['Paris', 'Lyon'],
  price_min: 299,
  price_max: 399,
  slots: [2, 3, 0],
  times: ['06:30', '09:05', '13:40', '17:15'],
  ...fields,
});
const morning = { date: '2026-12-10', time: '08:00' };
const dayBefore = { date: '2026-12-09', time: '12:00' };

describe('the trip check', () => {
  it('counts the free places of the legs ridden only', () => {
    expect(checkTrip(trip(), { motorcycles: 1 }, dayBefore).places).toMatch(
      /no free motorcycle place on its fullest leg/,
    );
    const toLyon = checkTrip(trip(), { from: 'Paris', to: 'Lyon', motorcycles: 3 }, dayBefore);
    expect(toLyon.problems).toEqual([]);
    expect(toLyon.ridden).toMatchObject({
      board: 1,
      leave: 2,
      boardCity: 'Paris',
      leaveCity: 'Lyon',
      departureTime: '09:05',
      arrivalTime: '13:40',
      freePlaces: 3,
    });
    expect(checkTrip(trip(), { from: 'Lille', to: 'Lyon', motorcycles: 3 }, dayBefore).places).toBe(
      'Route 1 has 2 free motorcycle places between Lille and Lyon, and 3 motorcycles were asked for.',
    );
  });

  it('times a departure from the boarding stop, in France', () => {
    expect(checkTrip(trip(), { motorcycles: 1, to: 'Lyon' }, morning).departed).toBe(
      'Route 1 left today at 06:30 (it is 08:00 in France).',
    );
    expect(checkTrip(trip(), { from: 'Paris', to: 'Lyon', motorcycles: 1 }, morning).departed).toBeUndefined();
    expect(
      checkTrip(trip(), { from: 'Paris', motorcycles: 1, to: 'Lyon' }, { date: '2026-12-10', time: '09:05' }).departed,
    ).toMatch(/left from Paris today at 09:05/);
    expect(checkTrip(trip(), { motorcycles: 1 }, { date: '2026-12-11', time: '00:00' }).departed).toMatch(
      /left on 2026-12-10/,
    );
  });

  it('refuses stops the trip does not make in that order', () => {
    expect(checkTrip(trip(), { from: 'Lyon', to: 'Paris', motorcycles: 1 }, dayBefore).stops).toEqual([
      'Route 1 does not reach Paris after Lyon (its stops: Lille, Paris, Lyon, Marseille).',
    ]);
    expect(checkTrip(trip(), { from: 'Nice', motorcycles: 1 }, dayBefore).stops[0]).toMatch(/does not stop in Nice/);
  });

  it('does not guess places a trip does not give per leg', () => {
    expect(
      checkTrip(trip({ layovers: ['Paris', 'Lyon'], slots: [] }), { motorcycles: 5 }, dayBefore).ridden.freePlaces,
    ).toBeUndefined();
    // A Form A listing record: one figure, stopovers unknown; it is not the places of a one-leg trip.
    const formA = trip({ layovers: [], slots: [3], times: [], unknown: ['layovers', 'slots', 'times'] });
    expect(checkTrip(formA, { motorcycles: 5 }, dayBefore).ridden.freePlaces).toBeUndefined();
  });
});

describe('upcoming trips', () => {
  it('leave out a trip that left earlier today, and count it', () => {
    expect(hasLeft(trip(), morning)).toBe(true);
    expect(hasLeft(trip({ times: ['08:01'] }), morning)).toBe(false);
    expect(hasLeft(trip({ times: [] }), morning)).toBe(false);
    expect(hasLeft(trip({ date: '2026-12-09' }), morning)).toBe(true);
    const upcoming = new UpcomingTrips(morning);
    expect(upcoming.filter([trip(), trip({ id: '2', times: ['10:00'] })]).map((t) => t.id)).toEqual(['2']);
    expect(upcoming.left).toBe(1);
  });

  it('read France’s time from MOTOROUTE_NOW, whatever the host’s zone', () => {
    const clock = clockFromEnvironment({ MOTOROUTE_NOW: '2026-12-10T10:30:00Z' });
    expect(clock.today()).toBe('2026-12-10');
    expect(clock.moment().time).toBe('11:30');
  });
});

describe('round trips', () => {
  const out = trip({ id: 'out', layovers: [], slots: [2], times: ['08:00', '17:00'], price_min: 300 });
  it('pair only a return that leaves after the outbound arrives', () => {
    expect(
      canPair(
        out,
        trip({
          id: 'same-evening',
          date: '2026-12-10',
          depart: 'Marseille',
          arrival: 'Lille',
          layovers: [],
          times: ['18:00', '23:00'],
        }),
      ),
    ).toBe(true);
    expect(
      canPair(out, trip({ id: 'same-morning', date: '2026-12-10', layovers: [], times: ['09:00', '12:00'] })),
    ).toBe(false);
    expect(canPair(out, trip({ id: 'days-before', date: '2026-12-08', layovers: [], times: ['09:00', '12:00'] }))).toBe(
      false,
    );
  });

  it('name the cheapest takeable pair, not the cheapest of each side', () => {
    const cheapBackTooEarly = trip({
      id: 'early',
      date: '2026-12-08',
      layovers: [],
      times: ['09:00', '12:00'],
      price_min: 100,
    });
    const later = trip({ id: 'later', date: '2026-12-12', layovers: [], times: ['09:00', '12:00'], price_min: 250 });
    expect(cheapestRoundTrip([out], [cheapBackTooEarly, later])).toMatchObject({
      outbound: { id: 'out' },
      back: { id: 'later' },
      total: 550,
    });
    expect(cheapestRoundTrip([out], [cheapBackTooEarly])).toBeUndefined();
    expect(anyRoundTrip([out], [cheapBackTooEarly])).toBe(false);
  });
});

describe('motorcycles', () => {
  it('pair makes and models in order, never crossing them', () => {
    expect(pairMakesAndModels('Yamaha, BMW', 'MT-07, R1250GS')).toEqual(['Yamaha MT-07', 'BMW R1250GS']);
    expect(pairMakesAndModels('Yamaha et BMW', 'MT-07 et R1250GS')).toEqual(['Yamaha MT-07', 'BMW R1250GS']);
    expect(pairMakesAndModels('Honda', 'CB500F')).toEqual(['Honda CB500F']);
    expect(pairMakesAndModels('Yamaha', 'MT-07; Tracer 9')).toEqual(['Yamaha MT-07', 'Yamaha Tracer 9']);
    expect(pairMakesAndModels('Honda', undefined)).toEqual(['Honda']);
    expect(pairMakesAndModels(undefined, undefined)).toEqual([]);
  });
});

describe('the trip check in French', () => {
  const fr = { lang: 'fr' } as const;
  it('says every problem in French, dates and times as French writes them', () => {
    expect(checkTrip(trip(), { motorcycles: 1, ...fr }, dayBefore).places).toBe(
      'Le trajet 1 n\u2019a plus aucune place moto libre sur son tronçon le plus chargé, pour 1 moto demandée.',
    );
    expect(checkTrip(trip(), { from: 'Lille', to: 'Lyon', motorcycles: 3, ...fr }, dayBefore).places).toBe(
      'Le trajet 1 n\u2019a que 2 places moto libres entre Lille et Lyon, pour 3 motos demandées.',
    );
    expect(checkTrip(trip({ slots: [1, 3, 3] }), { motorcycles: 2, ...fr }, dayBefore).places).toBe(
      'Le trajet 1 n\u2019a qu\u2019une place moto libre sur son tronçon le plus chargé, pour 2 motos demandées.',
    );
    expect(checkTrip(trip(), { from: 'Orléans', motorcycles: 0, ...fr }, dayBefore).stops).toEqual([
      'Le trajet 1 ne s\u2019arrête pas à Orléans avant son dernier arrêt (ses arrêts\u00a0: Lille, Paris, Lyon, Marseille).',
    ]);
    expect(checkTrip(trip(), { motorcycles: 0, ...fr }, { date: '2026-12-11', time: '08:00' }).departed).toBe(
      'Le trajet 1 est parti le 10/12/2026\u202f; il ne peut plus être réservé.',
    );
    expect(
      checkTrip(trip(), { from: 'Paris', to: 'Lyon', motorcycles: 0, ...fr }, { date: '2026-12-10', time: '09:30' })
        .departed,
    ).toBe('Le trajet 1 est parti de Paris aujourd\u2019hui à 9\u00a0h\u00a005 (il est 9\u00a0h\u00a030 en France).');
  });

  it('stays in English unless told', () => {
    expect(checkTrip(trip(), { motorcycles: 1 }, dayBefore).places).toMatch(/^Route 1 has no free motorcycle place/);
  });
});
