import type { FranceMoment } from '../domain/france-time.js';
import { foldName } from '../domain/text.js';
import type { Trip } from '../domain/types.js';
import { cityKey } from '../domain/city-names.js';
import { tripPart } from '../domain/trip-part.js';
import { TRIP_CHECK_WORDS } from './trip-check-words.js';

/** What the traveller asks of a trip: where they board and leave it (the whole trip when not said), and how many motorcycles. */
export interface TripRequest {
  /** Where the traveller boards: a stop of the trip (any case and accents); the departure when left out. */
  from?: string;
  /** Where the traveller leaves: a stop after `from`; the arrival when left out. */
  to?: string;
  /** Motorcycles to carry: each needs a free place on every leg ridden. 0 checks only the stops and the time. */
  motorcycles: number;
  /** The language of the problems' sentences: English unless told (`fr` for a French session). */
  lang?: 'en' | 'fr';
}

/** The part of a trip a traveller rides: stops by index in travel order (0 = departure). */
export interface RiddenPart {
  /** Index of the stop where the traveller boards (0 = the departure). */
  board: number;
  /** Index of the stop where the traveller leaves (the last = the arrival). */
  leave: number;
  /** The boarding stop's name, as the trip writes it. */
  boardCity: string;
  /** The name of the stop where the traveller leaves. */
  leaveCity: string;
  /** HH:MM at the boarding stop, when the service gave it. */
  departureTime?: string;
  /** HH:MM at the stop where the traveller leaves, when the service gave it. */
  arrivalTime?: string;
  /** The fewest free motorcycle places on the legs ridden; undefined when the trip does not say per leg. */
  freePlaces?: number;
}

/** The verdict: the part ridden, and why the trip cannot take the request (empty when it can). */
export interface TripCheck {
  /** The part of the trip the request rides (the whole trip when `from` or `to` is not one of its stops). */
  ridden: RiddenPart;
  /** Every problem below, in one list. */
  problems: string[];
  /** `from` or `to` is not a stop of the trip in travel order. */
  stops: string[];
  /** Fewer free places on the legs ridden than motorcycles. */
  places?: string;
  /** The boarding time has passed (or the day). */
  departed?: string;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The one trip check of every face (book, request files, MCP, the library): the traveller boards at the first
 * stop matching `from` (a stopover too) and leaves at the first later stop matching `to`; the trip can take
 * the request when every leg ridden has a free place per motorcycle and the boarding time is still to come in
 * France. A `from` or `to` that is not a stop of the trip in that order is a problem too.
 * @example
 * ```ts
 * const check = checkTrip(trip, { from: 'Lyon', to: 'Marseille', motorcycles: 2 }, franceMoment(new Date()));
 * if (check.problems.length > 0) console.log(check.problems.join(' '));
 * else console.log(`boards at ${check.ridden.boardCity} at ${check.ridden.departureTime}`);
 * ```
 */
export function checkTrip(trip: Trip, request: TripRequest, moment: FranceMoment): TripCheck {
  const stops = [trip.depart, ...trip.layovers, trip.arrival];
  const check: Omit<TripCheck, 'ridden' | 'problems'> = { stops: [] };
  const board = request.from === undefined ? 0 : findStop(stops, request.from, 0, stops.length - 1);
  const leave =
    request.to === undefined ? stops.length - 1 : findStop(stops, request.to, Math.max(board, 0) + 1, stops.length);
  const words = TRIP_CHECK_WORDS[request.lang ?? 'en'];
  if (board < 0) check.stops.push(words.notBoarding(trip.id, request.from ?? '', stops));
  if (leave < 0)
    check.stops.push(words.notReaching(trip.id, request.to ?? '', board < 0 ? undefined : stops[board], stops));
  const ridden = riddenPart(trip, stops, Math.max(board, 0), leave < 0 ? stops.length - 1 : leave);
  if (ridden.freePlaces !== undefined && request.motorcycles > ridden.freePlaces) {
    const whole = ridden.board === 0 && ridden.leave === stops.length - 1;
    const between = whole ? undefined : { from: ridden.boardCity, to: ridden.leaveCity };
    check.places = words.places(trip.id, ridden.freePlaces, between, request.motorcycles);
  }
  if (trip.date < moment.date) check.departed = words.leftOn(trip.id, trip.date);
  else if (trip.date === moment.date && ridden.departureTime !== undefined && ridden.departureTime <= moment.time) {
    const where = ridden.board === 0 ? undefined : ridden.boardCity;
    check.departed = words.leftToday(trip.id, where, ridden.departureTime, moment.time);
  }
  const problems = [
    ...check.stops,
    ...(check.places ? [check.places] : []),
    ...(check.departed ? [check.departed] : []),
  ];
  return { ridden, problems, ...check };
}

/** The stop index in [first, end) whose name matches (case, accents, St/Ste and a part of the name forgiven), or -1. */
function findStop(stops: readonly string[], wanted: string, first: number, end: number): number {
  const key = cityKey(wanted);
  for (let index = first; index < end; index++) if (foldName(stops[index] ?? '').includes(key)) return index;
  return -1;
}

function riddenPart(trip: Trip, stops: readonly string[], board: number, leave: number): RiddenPart {
  const part: RiddenPart = {
    board,
    leave,
    boardCity: stops[board] ?? trip.depart,
    leaveCity: stops[leave] ?? trip.arrival,
  };
  const ridden = tripPart(trip, board, leave);
  const clock = (time: string | undefined) => (time !== undefined && CLOCK.test(time) ? time : undefined);
  const departureTime = clock(ridden.times[0]);
  if (departureTime !== undefined) part.departureTime = departureTime;
  const arrivalTime = ridden.times.length === ridden.layovers.length + 2 ? clock(ridden.times.at(-1)) : undefined;
  if (arrivalTime !== undefined) part.arrivalTime = arrivalTime;
  // Places are known per leg only when the trip gives one figure a leg; a listing record's single figure is not that.
  const perLeg =
    ridden.slots.length > 0 && ridden.slots.length === ridden.layovers.length + 1 && !trip.unknown?.includes('slots');
  if (perLeg) part.freePlaces = Math.min(...ridden.slots);
  return part;
}
