import { isIsoDate } from '../domain/dates.js';
import { legMinutes } from './base-routes.js';
import { clockOfMinutes, minutesOfClock } from './days.js';
import { cityIndexOf } from './places.js';
import { TripInputError, type ServiceTrip } from './service-trip.js';

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** Checks a slots list for a trip with `legs` legs; throws TripInputError naming the problem. */
export function checkSlots(value: unknown, legs: number): number[] {
  if (!Array.isArray(value)) throw new TripInputError('slots must be an array of integers');
  if (value.length !== legs)
    throw new TripInputError(`slots must have ${legs} entries (one per leg), got ${value.length}`);
  return value.map((entry: unknown, index) => {
    if (typeof entry !== 'number' || !Number.isInteger(entry) || entry < 0 || entry > 99) {
      throw new TripInputError(`slots[${index}] must be an integer from 0 to 99`);
    }
    return entry;
  });
}

/**
 * Turns untrusted input (from a test or POST /__control/trips) into a stored trip, filling defaults.
 * `nextId` gives an id when none is provided; `isTaken` rejects duplicates.
 */
export function parseNewTrip(input: unknown, nextId: () => string, isTaken: (id: string) => boolean): ServiceTrip {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new TripInputError('a trip must be a JSON object');
  const raw = input as Record<string, unknown>;
  const depart = cityName(raw.depart, 'depart');
  const arrival = cityName(raw.arrival, 'arrival');
  if (typeof raw.date !== 'string' || !isIsoDate(raw.date))
    throw new TripInputError('date must be a YYYY-MM-DD calendar date');
  const layovers =
    raw.layovers === undefined
      ? []
      : stringList(raw.layovers, 'layovers').map((name, i) => cityName(name, `layovers[${i}]`));
  const stops = [depart, ...layovers, arrival];

  let id: string;
  if (raw.id === undefined) id = nextId();
  else if (typeof raw.id === 'string' && ID_PATTERN.test(raw.id)) id = raw.id;
  else throw new TripInputError('id must be a string of 1-15 decimal digits without a leading zero');
  if (isTaken(id)) throw new TripInputError(`a trip with id ${id} already exists`);

  const times = raw.times === undefined ? defaultTimes(stops, raw.time) : stringList(raw.times, 'times');
  if (times.length !== stops.length) throw new TripInputError(`times must have ${stops.length} entries (one per stop)`);
  times.forEach((time, i) => {
    if (minutesOfClock(time) < 0) throw new TripInputError(`times[${i}] must be HH:MM`);
  });

  const priceMin = price(raw.price_min, 'price_min', 299);
  const priceMax = price(raw.price_max, 'price_max', priceMin === null ? null : priceMin + 100);
  if ((priceMin === null) !== (priceMax === null))
    throw new TripInputError('price_min and price_max must both be null (on quote) or both numbers');
  if (priceMin !== null && priceMax !== null && priceMin > priceMax)
    throw new TripInputError('price_min must not exceed price_max');

  const slots = raw.slots === undefined ? stops.slice(1).map(() => 2) : checkSlots(raw.slots, stops.length - 1);
  if (raw.published !== undefined && typeof raw.published !== 'boolean')
    throw new TripInputError('published must be a boolean');
  const passengers = raw.passenger_places ?? 1;
  if (typeof passengers !== 'number' || !Number.isInteger(passengers) || passengers < 0 || passengers > 99) {
    throw new TripInputError('passenger_places must be an integer from 0 to 99');
  }
  return {
    id,
    date: raw.date,
    depart,
    arrival,
    layovers,
    price_min: priceMin,
    price_max: priceMax,
    slots,
    times,
    published: raw.published ?? true,
    passenger_places: passengers,
  };
}

function cityName(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 100) {
    throw new TripInputError(`${field} must be a non-empty city name (at most 100 characters)`);
  }
  return value.trim();
}

function stringList(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    throw new TripInputError(`${field} must be an array of strings`);
  }
  return value as string[];
}

function price(value: unknown, field: string, fallback: number | null): number | null {
  if (value === undefined) return fallback;
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new TripInputError(`${field} must be a non-negative number or null`);
  return value;
}

/** Times from a first departure, using table distances (or an hour a leg for cities outside the table). */
function defaultTimes(stops: string[], time: unknown): string[] {
  const first = time === undefined ? 8 * 60 : typeof time === 'string' ? minutesOfClock(time) : -1;
  if (first < 0) throw new TripInputError('time must be HH:MM');
  const times = [clockOfMinutes(first)];
  let minutes = first;
  for (let s = 1; s < stops.length; s++) {
    const from = cityIndexOf(stops[s - 1] as string);
    const to = cityIndexOf(stops[s] as string);
    minutes += from >= 0 && to >= 0 ? legMinutes(from, to) : 60;
    times.push(clockOfMinutes(minutes));
  }
  return times;
}
