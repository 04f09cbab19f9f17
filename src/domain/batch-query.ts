import { assertDateRange, parseDateInput } from './dates.js';
import type { SearchQuery } from './types.js';
import { UsageError } from '../errors.js';
import { frenchNumericDate } from './french-writing.js';
import { INPUT_WORDS, type InputLang } from './input-words.js';

/** The fields a batch query may have (reference §2.5), in their usual order. */
export const BATCH_QUERY_FIELDS = ['depart', 'arrival', 'date_from', 'date_to'] as const;

/** One of {@link BATCH_QUERY_FIELDS}. */
export type BatchQueryField = (typeof BATCH_QUERY_FIELDS)[number];

const MAX_CITY_LENGTH = 100;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Checks one query of a batch and returns it as sent to the service: cities trimmed (empty means
 * "any"), dates in any form search accepts turned into YYYY-MM-DD, date_from ≤ date_to, unknown
 * fields refused. `where` starts every message (e.g. `queries.csv line 3`), said in `lang`.
 */
export function toBatchQuery(value: unknown, where: string, now: Date, lang: InputLang = 'en'): SearchQuery {
  const words = INPUT_WORDS[lang];
  const fields = BATCH_QUERY_FIELDS.join(', ');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(words.queryNotObject(where, fields));
  }
  const query: SearchQuery = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if (!isBatchQueryField(field)) {
      throw new UsageError(words.unknownQueryField(where, printable(field), fields));
    }
    if (fieldValue === null || fieldValue === undefined) continue;
    if (typeof fieldValue !== 'string') throw new UsageError(words.notAString(where, field));
    const text = fieldValue.trim();
    if (text === '') continue;
    query[field] =
      field === 'depart' || field === 'arrival'
        ? checkCity(text, words.field(where, field), lang)
        : parseDateInput(text, words.field(where, field), now, lang);
  }
  assertDateRange(query.date_from, query.date_to, words.field(where, 'date_from'), 'date_to', lang);
  return query;
}

/**
 * Parses `--query FROM:TO[:AFTER[:BEFORE]]`; FROM or TO may be empty (`:Lyon`), dates take the
 * forms search accepts. `position` (1-based) names the flag in messages when there are several (said in `lang`).
 */
export function parseQuerySpec(spec: string, position: number, now: Date, lang: InputLang = 'en'): SearchQuery {
  const where = INPUT_WORDS[lang].querySpec(position, printable(spec));
  const parts = spec.split(':');
  if (parts.length > 4) throw new UsageError(INPUT_WORDS[lang].tooManyColons(where));
  if (parts.every((part) => part.trim() === '')) throw new UsageError(INPUT_WORDS[lang].emptySpec(where));
  const [depart, arrival, dateFrom, dateTo] = parts;
  return toBatchQuery({ depart, arrival, date_from: dateFrom, date_to: dateTo }, where, now, lang);
}

/** True for the names of {@link BATCH_QUERY_FIELDS}. */
export function isBatchQueryField(name: string): name is BatchQueryField {
  return (BATCH_QUERY_FIELDS as readonly string[]).includes(name);
}

const QUERY_WORDS = {
  en: {
    anywhere: 'anywhere',
    day: (day: string) => day,
    between: (from: string, to: string) => `${from} to ${to}`,
    from: (from: string) => `from ${from}`,
    until: (to: string) => `until ${to}`,
  },
  fr: {
    anywhere: 'partout',
    day: (day: string) => `le ${frenchNumericDate(day)}`,
    between: (from: string, to: string) => `du ${frenchNumericDate(from)} au ${frenchNumericDate(to)}`,
    from: (from: string) => `à partir du ${frenchNumericDate(from)}`,
    until: (to: string) => `jusqu\u2019au ${frenchNumericDate(to)}`,
  },
} as const;

/** A short description of a query for headings and messages, in `lang`: `Paris → Marseille, 2026-01-01 to 2026-01-31`. */
export function describeQuery(query: SearchQuery, lang: InputLang = 'en'): string {
  const words = QUERY_WORDS[lang];
  const route = `${query.depart ?? words.anywhere} → ${query.arrival ?? words.anywhere}`;
  const { date_from: from, date_to: to } = query;
  if (from && to) return from === to ? `${route}, ${words.day(from)}` : `${route}, ${words.between(from, to)}`;
  if (from) return `${route}, ${words.from(from)}`;
  if (to) return `${route}, ${words.until(to)}`;
  return route;
}

function checkCity(text: string, label: string, lang: InputLang): string {
  if (CONTROL.test(text)) throw new UsageError(INPUT_WORDS[lang].controlInCity(label));
  if (text.length > MAX_CITY_LENGTH) throw new UsageError(INPUT_WORDS[lang].cityTooLong(label, MAX_CITY_LENGTH));
  return text;
}

/** A user-given string safe to echo in a message: controls shown as `?`, cut to 60 characters. */
export function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
}
