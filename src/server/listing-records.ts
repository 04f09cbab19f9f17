import type { BaseRoutes } from './base-routes.js';
import { clockOfMinutes, isoOfDay } from './days.js';
import type { ListingForm } from './options.js';
import { CITIES } from './places.js';
import type { ServiceTrip } from './service-trip.js';

/** Form A of the reference (§2.3): id as a string, ISO date, one price, the free places of the whole trip. */
export interface FormARecord {
  id: string;
  depart: string;
  arrival: string;
  date: string;
  prix: number | null;
  places_disponibles: number;
}

/** Form B of the reference (§2.3): integer id, YYYYMMDD date, first departure time, first-leg places. */
export interface FormBRecord {
  type: 'route';
  id: number;
  depart: string;
  arrival: string;
  date: string;
  time0: string;
  price_min: number | null;
  price_max: number | null;
  places_moto_1: number;
  places_passenger_1: number;
  /** layover1, layover2 (and further ones for trips added with more stopovers), only when present. */
  [layover: `layover${number}`]: string;
}

/** Whether a trip is written in Form B: fixed forms, or half of the ids (hashed) in a mix. */
export function usesFormB(form: ListingForm, id: number): boolean {
  if (form !== 'mixed') return form === 'b';
  return ((Math.imul(id, 0x9e3779b1) >>> 16) & 1) === 1;
}

/** A trip as a Form A record. */
export function formARecord(trip: ServiceTrip): FormARecord {
  return {
    id: trip.id,
    depart: trip.depart,
    arrival: trip.arrival,
    date: trip.date,
    prix: trip.price_min,
    places_disponibles: Math.min(...trip.slots),
  };
}

/** A trip as a Form B record (layover1, layover2, … only when present). */
export function formBRecord(trip: ServiceTrip): FormBRecord {
  const record: FormBRecord = {
    type: 'route',
    id: Number(trip.id),
    depart: trip.depart,
    arrival: trip.arrival,
    date: trip.date.replaceAll('-', ''),
    time0: trip.times[0] ?? '00:00',
    price_min: trip.price_min,
    price_max: trip.price_max,
    places_moto_1: trip.slots[0] ?? 0,
    places_passenger_1: trip.passenger_places,
  };
  trip.layovers.forEach((name, i) => {
    record[`layover${i + 1}`] = name;
  });
  return record;
}

const quotedCity = CITIES.map((city) => JSON.stringify(city.name));

/**
 * Writes generated trip i straight from the columns, byte-for-byte what JSON.stringify would give for
 * formARecord/formBRecord of the same trip (a test holds them equal), without building objects.
 */
export function encodeBaseRecord(base: BaseRoutes, i: number, formB: boolean): string {
  const first = base.stopStart[i] as number;
  const end = base.stopStart[i + 1] as number;
  const id = base.ids[i] as number;
  const depart = quotedCity[base.stopCities[first] as number] as string;
  const arrival = quotedCity[base.stopCities[end - 1] as number] as string;
  const date = isoOfDay(base.days[i] as number);
  const priceMin = base.priceMin[i] as number;
  if (!formB) {
    let places = 255;
    for (let leg = first - i; leg < end - i - 1; leg++) places = Math.min(places, base.slots[leg] as number);
    return `{"id":"${id}","depart":${depart},"arrival":${arrival},"date":"${date}","prix":${priceMin === 0 ? 'null' : priceMin},"places_disponibles":${places}}`;
  }
  const prices =
    priceMin === 0
      ? '"price_min":null,"price_max":null'
      : `"price_min":${priceMin},"price_max":${base.priceMax[i] as number}`;
  let layovers = '';
  for (let s = first + 1; s < end - 1; s++)
    layovers += `,"layover${s - first}":${quotedCity[base.stopCities[s] as number] as string}`;
  return (
    `{"type":"route","id":${id},"depart":${depart},"arrival":${arrival},"date":"${date.replaceAll('-', '')}",` +
    `"time0":"${clockOfMinutes(base.time0[i] as number)}",${prices},"places_moto_1":${base.slots[first - i] as number},` +
    `"places_passenger_1":${base.passengers[i] as number}${layovers}}`
  );
}
