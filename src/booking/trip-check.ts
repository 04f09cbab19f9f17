import type { TripSchedule } from './schedule.js';

/** What the trip check compares: the trip's date and schedule, the motorcycles asked for, and the moment of the request. */
export interface TripCheckInput {
  routeId: string;
  date: string;
  schedule: TripSchedule;
  motorcycles: number;
  /** Today's local date, YYYY-MM-DD, and the local time, HH:MM. */
  today: string;
  now: string;
}

/**
 * Why a scheduled trip cannot take this request, one sentence each (empty when it can): more motorcycles than free
 * places on its fullest leg, or a departure already past. `book` refuses these unless --force.
 */
export function tripCheckProblems(input: TripCheckInput): string[] {
  const problems: string[] = [];
  const { freePlaces, departureTime } = input.schedule;
  if (freePlaces !== undefined && input.motorcycles > freePlaces) {
    const places = freePlaces === 0 ? 'no free motorcycle place' : `${freePlaces} free motorcycle place${freePlaces === 1 ? '' : 's'}`;
    problems.push(
      `Route ${input.routeId} has ${places} on its fullest leg, and ${input.motorcycles} motorcycle${input.motorcycles === 1 ? ' was' : 's were'} asked for.`,
    );
  }
  if (input.date === input.today && departureTime !== undefined && departureTime <= input.now) {
    problems.push(`Route ${input.routeId} left today at ${departureTime} (it is ${input.now}).`);
  }
  return problems;
}

/** The local time of `now` as HH:MM. */
export function toClock(now: Date): string {
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}
