import type { Trip } from '../domain/types.js';

/** A stop on the way, with its time when the service gave one. */
export interface Stopover {
  /** The stopover's city, as the trip writes it. */
  city: string;
  /** HH:MM there, when the service gave it. */
  time?: string;
}

/** What a scheduled trip fixes beyond its cities and date: its times, stopovers and the free places seen. */
export interface TripSchedule {
  /** HH:MM at the departure city. */
  departureTime?: string;
  /** The stops between, in travel order. */
  stopovers: Stopover[];
  /** HH:MM at the arrival city. */
  arrivalTime?: string;
  /** Free motorcycle places on the trip's fullest leg when the request was composed. */
  freePlaces?: number;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The schedule of a trip: `times` holds one HH:MM per stop (departure, stopovers, arrival); odd values are left out.
 * @example
 * ```ts
 * scheduleOfTrip({ ...trip, layovers: ['Lyon'], slots: [3, 1], times: ['08:30', '13:00', '18:45'] });
 * // { departureTime: '08:30', stopovers: [{ city: 'Lyon', time: '13:00' }], arrivalTime: '18:45', freePlaces: 1 }
 * ```
 */
export function scheduleOfTrip(trip: Trip): TripSchedule {
  const clock = (index: number) => {
    const time = trip.times[index];
    return time !== undefined && CLOCK.test(time) ? time : undefined;
  };
  const stops = trip.layovers.length + 2;
  const schedule: TripSchedule = {
    stopovers: trip.layovers.map((city, index) => withTime({ city }, clock(index + 1))),
  };
  const departureTime = clock(0);
  if (departureTime !== undefined) schedule.departureTime = departureTime;
  const arrivalTime = trip.times.length === stops ? clock(stops - 1) : undefined;
  if (arrivalTime !== undefined) schedule.arrivalTime = arrivalTime;
  const freePlaces = fullestLegPlaces(trip);
  if (freePlaces !== undefined) schedule.freePlaces = freePlaces;
  return schedule;
}

/**
 * Free motorcycle places on the fullest leg, which bounds what the whole trip can carry; undefined when not listed.
 * @example
 * ```ts
 * fullestLegPlaces({ slots: [3, 1] }); // 1
 * fullestLegPlaces({ slots: [] }); // undefined
 * ```
 */
export function fullestLegPlaces(trip: Pick<Trip, 'slots'>): number | undefined {
  return trip.slots.length === 0 ? undefined : Math.min(...trip.slots);
}

function withTime(stop: Stopover, time: string | undefined): Stopover {
  return time === undefined ? stop : { ...stop, time };
}
