import { isIsoDate } from '../domain/dates.js';
import type { SearchQuery } from '../domain/types.js';
import { HttpError } from './http/reply.js';

const FILTER_FIELDS = ['depart', 'arrival', 'date_from', 'date_to'] as const;
const MAX_CITY_LENGTH = 100;

/** Page size bounds and default of the reference (§8). */
export const PAGE_LIMITS = { minLimit: 1, maxLimit: 100, defaultLimit: 50 } as const;

/** The search parameters of a GET /route/ai/search request, checked. */
export interface SearchParams {
  filter: SearchQuery;
  page: number | undefined;
  limit: number | undefined;
  cursor: string | undefined;
}

/** Reads and checks the query string of a search; throws HttpError 400 naming the bad parameter. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const filter: SearchQuery = {};
  for (const field of FILTER_FIELDS) {
    const value = params.get(field);
    if (value !== null) filter[field] = value;
  }
  checkFilter(filter, (field) => field);
  return {
    filter,
    page: integerParam(params.get('page'), 'page', 1, Number.MAX_SAFE_INTEGER, 'an integer >= 1'),
    limit: integerParam(
      params.get('limit'),
      'limit',
      PAGE_LIMITS.minLimit,
      PAGE_LIMITS.maxLimit,
      'an integer from 1 to 100',
    ),
    cursor: params.get('cursor') ?? undefined,
  };
}

/**
 * Checks a search query object (reference §2.5) from a JSON body: an object whose known fields are
 * strings of the right format; `where` prefixes field names in messages (e.g. "queries[3]").
 * `extraFields` names other fields the caller accepts (they are returned untouched in `rest`).
 */
export function checkSearchQueryObject(
  value: unknown,
  where: string,
  extraFields: readonly string[] = [],
): { filter: SearchQuery; rest: Record<string, unknown> } {
  const label = (field: string): string => (where ? `${where}.${field}` : field);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(
      400,
      `${where || 'the body'} must be a search query object ({depart, arrival, date_from, date_to})`,
    );
  }
  const filter: SearchQuery = {};
  const rest: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if ((FILTER_FIELDS as readonly string[]).includes(field)) {
      if (typeof fieldValue !== 'string') throw new HttpError(400, `${label(field)} must be a string`);
      filter[field as (typeof FILTER_FIELDS)[number]] = fieldValue;
    } else if (extraFields.includes(field)) {
      rest[field] = fieldValue;
    } else {
      throw new HttpError(
        400,
        `${label(field)} is not a search field (use ${[...FILTER_FIELDS, ...extraFields].join(', ')})`,
      );
    }
  }
  checkFilter(filter, label);
  return { filter, rest };
}

/** Checks city lengths, date formats (real calendar dates) and date order. */
function checkFilter(filter: SearchQuery, label: (field: string) => string): void {
  for (const field of ['depart', 'arrival'] as const) {
    const value = filter[field];
    if (value !== undefined && value.length > MAX_CITY_LENGTH)
      throw new HttpError(400, `${label(field)} must be at most ${MAX_CITY_LENGTH} characters`);
  }
  for (const field of ['date_from', 'date_to'] as const) {
    const value = filter[field];
    if (value !== undefined && !isIsoDate(value)) {
      throw new HttpError(
        400,
        `${label(field)} must be YYYY-MM-DD (a real calendar date), got "${value.slice(0, 40)}"`,
      );
    }
  }
  if (filter.date_from && filter.date_to && filter.date_from > filter.date_to) {
    throw new HttpError(
      400,
      `${label('date_from')} (${filter.date_from}) is later than ${label('date_to')} (${filter.date_to})`,
    );
  }
}

/** Parses an optional integer parameter within bounds; throws HttpError 400 otherwise. */
export function integerParam(
  raw: string | null | undefined,
  name: string,
  min: number,
  max: number,
  expected: string,
): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  const value = /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(value >= min && value <= max))
    throw new HttpError(400, `${name} must be ${expected}, got "${raw.slice(0, 40)}"`);
  return value;
}
