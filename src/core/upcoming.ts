import { CORE_WORDS } from './words.js';
import type { FranceMoment } from '../domain/france-time.js';
import type { Trip } from '../domain/types.js';

/**
 * Whether a trip has left by `moment` (France's date and time): an earlier day, or today at a departure time
 * already past. The service lists a day's trips until the day ends, so a trip that left this morning is still
 * sent; it is not upcoming, and no face offers it.
 * @param stop the stop the traveller boards at, by index (0 = the departure).
 * @example
 * ```ts
 * const trip = { date: '2026-12-05', times: ['08:30', '18:45'] };
 * hasLeft(trip, { date: '2026-12-05', time: '08:00' }); // false
 * hasLeft(trip, { date: '2026-12-05', time: '09:00' }); // true
 * hasLeft(trip, { date: '2026-12-05', time: '12:00' }, 1); // false: the second stop is left at 18:45
 * ```
 */
export function hasLeft(trip: Pick<Trip, 'date' | 'times'>, moment: FranceMoment, stop = 0): boolean {
  if (trip.date !== moment.date) return trip.date < moment.date;
  const time = trip.times[stop];
  return time !== undefined && /^\d\d:\d\d$/.test(time) && time <= moment.time;
}

/** Keeps the upcoming trips of an answer and counts those left out, to say once how many had already left. */
export class UpcomingTrips {
  #left = 0;
  constructor(readonly moment: FranceMoment) {}

  /** True for a trip still to leave; a departed one is counted. */
  keep = (trip: Pick<Trip, 'date' | 'times'>): boolean => {
    if (!hasLeft(trip, this.moment)) return true;
    this.#left++;
    return false;
  };

  /** The trips left out so far. */
  get left(): number {
    return this.#left;
  }

  /** The upcoming ones of a list. */
  filter<T extends Pick<Trip, 'date' | 'times'>>(trips: readonly T[]): T[] {
    return trips.filter(this.keep);
  }
}

/** The one line that says how many trips were left out because they had already left today. */
export function leftTodayNote(count: number, moment: FranceMoment, lang: 'en' | 'fr'): string {
  return CORE_WORDS[lang].leftToday(count, moment.time);
}
