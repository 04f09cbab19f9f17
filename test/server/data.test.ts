import { describe, expect, it } from 'vitest';
import { generateBaseRoutes } from '../../src/server/generate.js';
import { encodeBaseRecord, formARecord, formBRecord } from '../../src/server/listing-records.js';
import { dayNumber } from '../../src/server/days.js';
import { ServiceData } from '../../src/server/service-data.js';
import { TripInputError } from '../../src/server/service-trip.js';
import { TODAY } from './fixtures/service.js';

const dataOf = (count: number, seed: number | string = 1, today = TODAY) =>
  new ServiceData(generateBaseRoutes(count, seed, today));

describe('generated data', () => {
  const data = dataOf(3000);
  const trips = data.listTrips();

  it('is identical for the same seed and date, and differs for another seed or date', () => {
    expect(dataOf(3000).listTrips()).toEqual(trips);
    expect(dataOf(3000, 2).listTrips()).not.toEqual(trips);
    expect(dataOf(3000, 1, '2026-03-02').listTrips()).not.toEqual(trips);
    expect(dataOf(3000, '1').listTrips()).toEqual(trips);
  });

  it('has the requested number of trips, with decimal-string ids, sorted by date, time and id', () => {
    expect(trips).toHaveLength(3000);
    expect(data.size).toBe(3000);
    expect(new Set(trips.map((t) => t.id)).size).toBe(3000);
    for (const trip of trips) expect(trip.id).toMatch(/^[1-9]\d*$/);
    for (let k = 1; k < trips.length; k++) {
      const [a, b] = [trips[k - 1]!, trips[k]!];
      expect(`${a.date} ${a.times[0]}`.localeCompare(`${b.date} ${b.times[0]}`)).toBeLessThanOrEqual(0);
    }
  });

  it('gives each trip one slot per leg, one time per stop, and prices from 299 € or on quote', () => {
    for (const trip of trips) {
      expect(trip.slots).toHaveLength(trip.layovers.length + 1);
      expect(trip.times).toHaveLength(trip.layovers.length + 2);
      expect(trip.layovers.length).toBeLessThanOrEqual(2);
      for (const time of trip.times) expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect([...trip.times].sort()).toEqual(trip.times);
      if (trip.price_min === null) expect(trip.price_max).toBeNull();
      else {
        expect(trip.price_min).toBeGreaterThanOrEqual(299);
        expect(trip.price_max).toBeGreaterThanOrEqual(trip.price_min);
      }
    }
  });

  it('spans a few days before today to about six months after, with the main line and accented names', () => {
    const dates = trips.map((t) => t.date);
    expect(dates[0]! < TODAY).toBe(true);
    expect(dayNumber(dates[dates.length - 1]!) - dayNumber(TODAY)).toBeGreaterThan(170);
    const mainLine = trips.filter((t) => [t.depart, t.arrival].sort().join() === 'Marseille,Paris');
    expect(mainLine.length).toBeGreaterThan(trips.length * 0.1);
    expect(mainLine.some((t) => t.layovers.some((l) => ['Dijon', 'Lyon', 'Valence', 'Avignon'].includes(l)))).toBe(
      true,
    );
    const names = new Set(trips.flatMap((t) => [t.depart, t.arrival, ...t.layovers]));
    expect([...names].filter((n) => /[^\x00-\x7f]/.test(n)).length).toBeGreaterThanOrEqual(3);
  });

  it('includes full, unpublished and on-quote trips that must be filtered out or shown as such', () => {
    expect(trips.filter((t) => t.slots.every((s) => s === 0)).length).toBeGreaterThan(30);
    expect(trips.filter((t) => !t.published).length).toBeGreaterThan(30);
    expect(trips.filter((t) => t.price_min === null).length).toBeGreaterThan(30);
    expect(trips.filter((t) => t.slots.some((s) => s === 0) && t.slots.some((s) => s > 0)).length).toBeGreaterThan(10);
  });

  // How fast is `npm run bench`'s to say (it starts a service of a million routes); here, that it can.
  it('builds a million trips', () => {
    const big = dataOf(1_000_000);
    expect(big.size).toBe(1_000_000);
  });
});

describe('data for trip planning', () => {
  const data = dataOf(2000);
  const upcoming = data.listTrips({ visibleOnly: true }).filter((t) => t.date >= TODAY);
  const serves = (t: { depart: string; layovers: string[]; arrival: string }, from: string, to: string) => {
    const stops = [t.depart, ...t.layovers, t.arrival];
    return stops.includes(from) && stops.indexOf(from) < stops.lastIndexOf(to);
  };

  it('leaves Grenoble unserved while Chambéry, 45 km away, has trips to Marseille and Aix-en-Provence', () => {
    expect(data.servedCityNames()).not.toContain('Grenoble');
    expect(upcoming.filter((t) => serves(t, 'Chambéry', 'Marseille')).length).toBeGreaterThan(0);
    expect(upcoming.filter((t) => serves(t, 'Chambéry', 'Aix-en-Provence')).length).toBeGreaterThan(0);
  });

  it('has gaps of several days on the main line, and trips both ways for round trips', () => {
    const days = [
      ...new Set(upcoming.filter((t) => serves(t, 'Paris', 'Marseille')).map((t) => dayNumber(t.date))),
    ].sort((a, b) => a - b);
    const longestGap = Math.max(...days.slice(1).map((day, k) => day - days[k]! - 1));
    expect(longestGap).toBeGreaterThanOrEqual(4);
    expect(upcoming.filter((t) => serves(t, 'Marseille', 'Paris')).length).toBeGreaterThan(30);
    expect(upcoming.filter((t) => serves(t, 'Paris', 'Marseille')).length).toBeGreaterThan(30);
  });
});

describe('listing records', () => {
  const data = dataOf(2000);
  it('are written from the columns exactly as JSON.stringify writes the record objects', () => {
    for (let i = 0; i < data.base.count; i++) {
      const trip = data.getTrip(String(data.base.ids[i]))!;
      expect(encodeBaseRecord(data.base, i, false)).toBe(JSON.stringify(formARecord(trip)));
      expect(encodeBaseRecord(data.base, i, true)).toBe(JSON.stringify(formBRecord(trip)));
    }
  });

  it('follow Form A and Form B field by field', () => {
    const trip = data.listTrips().find((t) => t.layovers.length === 2 && t.price_min !== null)!;
    expect(formARecord(trip)).toEqual({
      id: trip.id,
      depart: trip.depart,
      arrival: trip.arrival,
      date: trip.date,
      prix: trip.price_min,
      places_disponibles: Math.min(...trip.slots),
    });
    expect(formBRecord(trip)).toEqual({
      type: 'route',
      id: Number(trip.id),
      depart: trip.depart,
      arrival: trip.arrival,
      date: trip.date.replaceAll('-', ''),
      time0: trip.times[0],
      price_min: trip.price_min,
      price_max: trip.price_max,
      places_moto_1: trip.slots[0],
      places_passenger_1: trip.passenger_places,
      layover1: trip.layovers[0],
      layover2: trip.layovers[1],
    });
    expect(String(formBRecord(trip).id)).toBe(trip.id);
  });
});

describe('ServiceData edits', () => {
  it('adds a trip with defaults and a fresh id, finds it, and lists it in date order', () => {
    const data = dataOf(200);
    const added = data.addTrip({ depart: 'Quimperlé', arrival: 'Nice', date: '2026-03-05', layovers: ['Lyon'] });
    expect(added.id).toMatch(/^\d+$/);
    expect(Number(added.id)).toBeGreaterThan(Number(data.base.ids[199]));
    expect(added.slots).toEqual([2, 2]);
    expect(added.price_min).toBe(299);
    expect(added.times).toHaveLength(3);
    expect(data.getTrip(added.id)).toEqual(added);
    const listed = data.listTrips().map((t) => t.id);
    expect(listed).toContain(added.id);
    expect(data.size).toBe(201);
  });

  it('rejects bad trips with a message naming the field', () => {
    const data = dataOf(10);
    expect(() => data.addTrip({ depart: 'Paris', arrival: 'Lyon', date: '2026-02-30' })).toThrow(/date/);
    expect(() => data.addTrip({ depart: '', arrival: 'Lyon', date: '2026-03-03' })).toThrow(/depart/);
    expect(() => data.addTrip({ depart: 'Paris', arrival: 'Lyon', date: '2026-03-03', slots: [1, 2] })).toThrow(
      /slots must have 1/,
    );
    expect(() => data.addTrip({ id: '0123', depart: 'Paris', arrival: 'Lyon', date: '2026-03-03' })).toThrow(
      TripInputError,
    );
    const first = data.listTrips()[0]!;
    expect(() => data.addTrip({ id: first.id, depart: 'Paris', arrival: 'Lyon', date: '2026-03-03' })).toThrow(
      /already exists/,
    );
  });

  it('changes slots of a generated trip and removes trips', () => {
    const data = dataOf(300);
    const trip = data.listTrips().find((t) => t.layovers.length === 1)!;
    const before = data.version;
    expect(data.setSlots(trip.id, [0, 7]).slots).toEqual([0, 7]);
    expect(data.getTrip(trip.id)?.slots).toEqual([0, 7]);
    expect(data.version).toBeGreaterThan(before);
    expect(data.size).toBe(300);
    expect(() => data.setSlots(trip.id, [1])).toThrow(/2 entries/);
    expect(() => data.setSlots('999999999', [1])).toThrow(/no trip/);
    expect(data.removeTrip(trip.id)).toBe(true);
    expect(data.removeTrip(trip.id)).toBe(false);
    expect(data.getTrip(trip.id)).toBeUndefined();
    expect(data.size).toBe(299);
  });
});
