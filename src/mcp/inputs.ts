import * as z from 'zod';
import { addDays, parseDateInput, franceDate } from '../domain/dates.js';
import { UsageError } from '../errors.js';

// A city or place name: letters (any script, accents), spaces, and the punctuation of French place names.
const PLACE_NAME = /^[\p{L}\p{M}][\p{L}\p{M}' ’.,()-]*$/u;

/** A city name field: a name, not a code or a sentence. */
export function cityField(description: string, example: string) {
  return z
    .string({ error: 'give a city name as text, e.g. Paris' })
    .trim()
    .min(1, 'give a city name, e.g. Paris')
    .max(80, 'a city name is at most 80 characters')
    .regex(PLACE_NAME, 'use a city name in letters, e.g. Paris, Lyon or Saint-Étienne (no digits, codes or symbols)')
    .describe(description)
    .meta({ examples: [example] });
}

/** A date field: `YYYY-MM-DD`, `today`, `tomorrow` or `+Nd`; read (and refused when past) by `readDate`. */
export function dateField(description: string, example: string) {
  return z
    .string({ error: 'give a date as text: YYYY-MM-DD, today, tomorrow or +Nd' })
    .trim()
    .min(1, 'give a date: YYYY-MM-DD, today, tomorrow or +Nd')
    .max(20, 'a date is YYYY-MM-DD, today, tomorrow or +Nd')
    .describe(`${description} Format: YYYY-MM-DD, DD/MM/YYYY (day first, four-digit year), today, tomorrow or +Nd (N days from today); not in the past.`)
    .meta({ examples: [example, 'today', '+3d'] });
}

/** A route id field, as search_routes returns them. */
export function routeIdField(description: string) {
  return z
    .string({ error: 'give the route id as text, e.g. "100042"' })
    .trim()
    .min(1, 'give a route id from search_routes, e.g. "100042"')
    .max(64, 'a route id is at most 64 characters')
    .regex(/^[^\s\u0000-\u001f\u007f-\u009f/?#]+$/, 'a route id is one word without spaces or /?#, as search_routes returns it')
    .describe(description)
    .meta({ examples: ['100042'] });
}

/** Reads a date field against the clock: `today`, `+3d` and real calendar dates, past dates refused as `book` refuses them. */
export function readDate(text: string, field: string, now: Date): string {
  const date = parseDateInput(text, field, now);
  const today = franceDate(now);
  if (date < today) throw new UsageError(`${field} ${date} is in the past (today is ${today}); choose today or a later date.`);
  return date;
}

/** Reads an optional date field. */
export function readOptionalDate(text: string | undefined, field: string, now: Date): string | undefined {
  return text === undefined ? undefined : readDate(text, field, now);
}

/** Checks an inclusive date range. */
export function assertDateOrder(from: string | undefined, to: string | undefined, fromField: string, toField: string): void {
  if (from && to && from > to) throw new UsageError(`${fromField} (${from}) is later than ${toField} (${to}); swap them.`);
}

/** The latest date a search may reach, so a typo such as 2206 for 2026 gets a clear answer. */
export function farthestDate(now: Date): string {
  return addDays(franceDate(now), 2 * 366);
}
