import { assertDateRange, parseDateInput } from './dates.js';
import type { SearchQuery } from './types.js';
import { UsageError } from '../errors.js';

/** The fields a batch query may have (reference §2.5), in their usual order. */
export const BATCH_QUERY_FIELDS = ['depart', 'arrival', 'date_from', 'date_to'] as const;

/** One of {@link BATCH_QUERY_FIELDS}. */
export type BatchQueryField = (typeof BATCH_QUERY_FIELDS)[number];

const MAX_CITY_LENGTH = 100;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Checks one query of a batch and returns it as sent to the service: cities trimmed (empty means
 * "any"), dates in any form search accepts turned into YYYY-MM-DD, date_from ≤ date_to, unknown
 * fields refused. `where` starts every message (e.g. `queries.csv line 3`).
 */
export function toBatchQuery(value: unknown, where: string, now: Date): SearchQuery {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${where}: a query must be an object with ${BATCH_QUERY_FIELDS.join(', ')}.`);
  }
  const query: SearchQuery = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if (!isBatchQueryField(field)) {
      throw new UsageError(
        `${where}: unknown field "${printable(field)}"; a query has only ${BATCH_QUERY_FIELDS.join(', ')}.`,
      );
    }
    if (fieldValue === null || fieldValue === undefined) continue;
    if (typeof fieldValue !== 'string') throw new UsageError(`${where}: ${field} must be a string.`);
    const text = fieldValue.trim();
    if (text === '') continue;
    query[field] =
      field === 'depart' || field === 'arrival'
        ? checkCity(text, `${where}: ${field}`)
        : parseDateInput(text, `${where}: ${field}`, now);
  }
  assertDateRange(query.date_from, query.date_to, `${where}: date_from`, 'date_to');
  return query;
}

/**
 * Parses `--query FROM:TO[:AFTER[:BEFORE]]`; FROM or TO may be empty (`:Lyon`), dates take the
 * forms search accepts. `position` (1-based) names the flag in messages when there are several.
 */
export function parseQuerySpec(spec: string, position: number, now: Date): SearchQuery {
  const where = `--query #${position} "${printable(spec)}"`;
  const parts = spec.split(':');
  if (parts.length > 4) throw new UsageError(`${where}: use FROM:TO[:AFTER[:BEFORE]] (at most three colons).`);
  if (parts.every((part) => part.trim() === ''))
    throw new UsageError(`${where}: give at least a city or a date, e.g. Paris:Marseille.`);
  const [depart, arrival, dateFrom, dateTo] = parts;
  return toBatchQuery({ depart, arrival, date_from: dateFrom, date_to: dateTo }, where, now);
}

/** True for the names of {@link BATCH_QUERY_FIELDS}. */
export function isBatchQueryField(name: string): name is BatchQueryField {
  return (BATCH_QUERY_FIELDS as readonly string[]).includes(name);
}

/** A short description of a query for headings and messages: `Paris → Marseille, 2026-01-01 to 2026-01-31`. */
export function describeQuery(query: SearchQuery): string {
  const route = `${query.depart ?? 'anywhere'} → ${query.arrival ?? 'anywhere'}`;
  const { date_from: from, date_to: to } = query;
  if (from && to) return from === to ? `${route}, ${from}` : `${route}, ${from} to ${to}`;
  if (from) return `${route}, from ${from}`;
  if (to) return `${route}, until ${to}`;
  return route;
}

function checkCity(text: string, label: string): string {
  if (CONTROL.test(text)) throw new UsageError(`${label}: control characters are not allowed in a city name.`);
  if (text.length > MAX_CITY_LENGTH)
    throw new UsageError(`${label}: a city name has at most ${MAX_CITY_LENGTH} characters.`);
  return text;
}

/** A user-given string safe to echo in a message: controls shown as `?`, cut to 60 characters. */
export function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
}
