import * as z from 'zod';
import { addDays, parseDateInput, franceDate } from '../domain/dates.js';
import { ROUTE_ID_PATTERN, routeIdProblem } from '../core/booking/route-id.js';
import { UsageError } from '../errors.js';

// Latin letters with their accents as one range (no \p{L}: JSON Schema validators outside JavaScript, such as Python's,
// reject Unicode property escapes), then combining accents and the punctuation of French place names.
const LETTER = 'A-Za-z\u00C0-\u024F';

/** A place name: a letter first, then letters, spaces and ' ’ . , ( ) -; portable to any JSON Schema validator. */
export const PLACE_NAME = new RegExp(`^[${LETTER}][${LETTER}\u0300-\u036F' \u2019.,()-]*$`);

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
    .describe(`${description} YYYY-MM-DD, DD/MM/YYYY (day first), today, tomorrow or +Nd (N days on); not past.`)
    .meta({ examples: [example] });
}

/** A route id field, by the one route-id grammar of every face: text, or a number as models often send it (its digits). */
export function routeIdField(description: string) {
  const asText = z
    .string()
    .trim()
    .regex(ROUTE_ID_PATTERN, { error: (issue) => routeIdProblem(String(issue.input)) ?? 'not a route id' });
  const asNumber = z.number().int().min(0);
  return z
    .union([asText, asNumber], { error: 'give the route id from search_routes, e.g. "100042" or 100042' })
    .transform((id) => String(id))
    .describe(`${description} E.g. 100042.`);
}

/** Reads a date field against the clock: `today`, `+3d` and real calendar dates, past dates refused as `book` refuses them. */
export function readDate(text: string, field: string, now: Date): string {
  const date = parseDateInput(text, field, now);
  const today = franceDate(now);
  if (date < today)
    throw new UsageError(`${field} ${date} is in the past (today is ${today}); choose today or a later date.`);
  return date;
}

/** Reads an optional date field. */
export function readOptionalDate(text: string | undefined, field: string, now: Date): string | undefined {
  return text === undefined ? undefined : readDate(text, field, now);
}

/** Checks an inclusive date range. */
export function assertDateOrder(
  from: string | undefined,
  to: string | undefined,
  fromField: string,
  toField: string,
): void {
  if (from && to && from > to)
    throw new UsageError(`${fromField} (${from}) is later than ${toField} (${to}); swap them.`);
}

/** The latest date a search may reach, so a typo such as 2206 for 2026 gets a clear answer. */
export function farthestDate(now: Date): string {
  return addDays(franceDate(now), 2 * 366);
}
