import { UsageError } from '../errors.js';
import { daysInMonth, franceDate } from './dates.js';
import type { Trip } from './types.js';

/** A calendar month; `month` runs 1-12. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** What the calendar says about one day (the `--json` record). Prices and places are null on a day without trips. */
export interface CalendarDay {
  date: string;
  /** Trips that day, after the filters. */
  trips: number;
  /** The lowest price of a priced trip that day; null when there is none (no trip, or every trip on quote). */
  price_min: number | null;
  /** The highest price of a priced trip that day. */
  price_max: number | null;
  /** The most free motorcycle places one trip of that day offers (see {@link tripFreePlaces}). */
  slots_max: number | null;
}

const MONTH_TEXT = /^(\d{4})-(\d{2})$/;

/** The month in France at `now`. */
export function monthOf(now: Date): CalendarMonth {
  const [year, month] = franceDate(now).split('-').map(Number) as [number, number];
  return { year, month };
}

const NOT_A_MONTH = {
  en: (option: string, text: string) => `${option}: "${text}" is not a month; use YYYY-MM, e.g. 2026-12.`,
  fr: (option: string, text: string) =>
    `${option}\u00a0: \u00ab\u202f${text}\u202f\u00bb n\u2019est pas un mois\u202f; utilisez AAAA-MM, par exemple 2026-12.`,
} as const;

/** Parses `YYYY-MM` (month 01-12); throws a UsageError naming the option, in `lang`, otherwise. */
export function parseMonth(text: string, option: string, lang: 'en' | 'fr' = 'en'): CalendarMonth {
  const match = MONTH_TEXT.exec(text.trim());
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw new UsageError(NOT_A_MONTH[lang](option, text));
  return { year: Number(match[1]), month };
}

/** The month `count` months after `start` (count may be negative). */
export function addMonths(start: CalendarMonth, count: number): CalendarMonth {
  const index = start.year * 12 + (start.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** `YYYY-MM-DD` of one day of a month. */
export function isoDay(month: CalendarMonth, day: number): string {
  return `${String(month.year).padStart(4, '0')}-${String(month.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first and last dates of a month, inclusive. */
export function monthBounds(month: CalendarMonth): { first: string; last: string } {
  return { first: isoDay(month, 1), last: isoDay(month, daysInMonth(month.year, month.month)) };
}

/** The weekday of a date, Monday 0 to Sunday 6. */
export function mondayWeekday(month: CalendarMonth, day: number): number {
  return (new Date(Date.UTC(month.year, month.month - 1, day)).getUTCDay() + 6) % 7;
}

/** The month as weeks (Monday first), each seven cells: a day number, or null outside the month. */
export function monthWeeks(month: CalendarMonth): (number | null)[][] {
  const cells: (number | null)[] = Array.from({ length: mondayWeekday(month, 1) }, () => null);
  for (let day = 1; day <= daysInMonth(month.year, month.month); day++) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** A trip's free motorcycle places end to end: the fewest on any leg, as `--min-slots` counts them. */
export function tripFreePlaces(trip: Pick<Trip, 'slots'>): number {
  return trip.slots.length === 0 ? 0 : Math.min(...trip.slots);
}

/** One record per day of the month, from the trips of that month (trips on other dates are ignored). */
export function summariseMonth(month: CalendarMonth, trips: Iterable<Trip>): CalendarDay[] {
  const { first, last } = monthBounds(month);
  const days = new Map<string, CalendarDay>();
  for (let day = 1; day <= daysInMonth(month.year, month.month); day++) {
    const date = isoDay(month, day);
    days.set(date, { date, trips: 0, price_min: null, price_max: null, slots_max: null });
  }
  for (const trip of trips) {
    if (trip.date < first || trip.date > last) continue;
    const record = days.get(trip.date);
    if (!record) continue;
    record.trips += 1;
    record.slots_max = Math.max(record.slots_max ?? 0, tripFreePlaces(trip));
    const low = trip.price_min ?? trip.price_max;
    const high = trip.price_max ?? trip.price_min;
    if (low !== null) record.price_min = Math.min(record.price_min ?? low, low);
    if (high !== null) record.price_max = Math.max(record.price_max ?? high, high);
  }
  return [...days.values()];
}

/** The dates whose lowest price is the lowest of all the given days (several on a tie; none when nothing is priced). */
export function cheapestDates(days: readonly CalendarDay[]): Set<string> {
  const prices = days.map((day) => day.price_min).filter((price): price is number => price !== null);
  if (prices.length === 0) return new Set();
  const lowest = Math.min(...prices);
  return new Set(days.filter((day) => day.price_min === lowest).map((day) => day.date));
}
