import type { OptionSpec } from '../define.js';
import type { SearchQuery } from '../../domain/types.js';
import type { TripFilter, TripSort } from '../../domain/trip-filter.js';
import { assertDateRange, parseDateInput } from '../../domain/dates.js';
import { UsageError } from '../../errors.js';

/** The trip filters shared by search, list, calendar and watch. */
export const FILTER_OPTIONS: OptionSpec[] = [
  { flags: '--from <city>', description: 'departure city (also matches stopovers)' },
  { flags: '--to <city>', description: 'arrival city (also matches stopovers)' },
  { flags: '--date <date>', description: 'one day: YYYY-MM-DD, today, tomorrow or +Nd' },
  { flags: '--after <date>', description: 'trips on or after this date' },
  { flags: '--before <date>', description: 'trips on or before this date' },
  { flags: '--min-slots <n>', description: 'at least N free motorcycle places on every leg' },
  { flags: '--max-price <euros>', description: 'lowest price at most this (trips on quote are left out)' },
  { flags: '--via <city>', description: 'only trips stopping in this city' },
  { flags: '--sort <key>', description: 'order of the trips', choices: ['date', 'price'], defaultValue: 'date' },
];

/** The parsed filters: what is sent to the service, and what is applied here. */
export interface ParsedFilters {
  query: SearchQuery;
  filter: TripFilter;
  sort: TripSort;
}

/** Validates the filter flags (and FROM/TO positionals) before anything is sent. */
export function parseFilters(args: string[], options: Record<string, unknown>, now: Date = new Date()): ParsedFilters {
  const from = pickCity('--from', options.from, args[0]);
  const to = pickCity('--to', options.to, args[1]);
  if (args.length > 2) throw new UsageError(`Too many arguments: expected at most FROM and TO, got ${args.length}.`);
  let dateFrom = optionalDate(options.after, '--after', now);
  let dateTo = optionalDate(options.before, '--before', now);
  const day = optionalDate(options.date, '--date', now);
  if (day) {
    if (dateFrom || dateTo) throw new UsageError('--date cannot be combined with --after or --before.');
    dateFrom = day;
    dateTo = day;
  }
  assertDateRange(dateFrom, dateTo, '--after', '--before');
  const filter: TripFilter = {
    depart: from,
    arrival: to,
    dateFrom,
    dateTo,
    minSlots: optionalInteger(options.minSlots, '--min-slots', 0),
    maxPrice: optionalNumber(options.maxPrice, '--max-price'),
    via: optionalText(options.via, '--via'),
  };
  const query: SearchQuery = {};
  if (from) query.depart = from;
  if (to) query.arrival = to;
  if (dateFrom) query.date_from = dateFrom;
  if (dateTo) query.date_to = dateTo;
  return { query, filter, sort: (options.sort as TripSort | undefined) ?? 'date' };
}

/** Parses an integer option within bounds, or undefined when absent. */
export function optionalInteger(value: unknown, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const number = Number(text);
  if (!/^-?\d+$/.test(text) || number < min || number > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`${flag}: "${String(value)}" must be a whole number ${range}.`);
  }
  return number;
}

function optionalNumber(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(String(value).trim());
  if (String(value).trim() === '' || !Number.isFinite(number) || number < 0) {
    throw new UsageError(`${flag}: "${String(value)}" must be a number of euros, 0 or more.`);
  }
  return number;
}

function optionalDate(value: unknown, flag: string, now: Date): string | undefined {
  return value === undefined ? undefined : parseDateInput(String(value), flag, now);
}

function optionalText(value: unknown, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!text) throw new UsageError(`${flag} needs a city name.`);
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new UsageError(`${flag}: control characters are not allowed in a city name.`);
  return text;
}

function pickCity(flag: string, option: unknown, positional: string | undefined): string | undefined {
  if (option !== undefined && positional !== undefined) {
    throw new UsageError(`Give the ${flag === '--from' ? 'departure' : 'arrival'} city once: either as an argument or with ${flag}.`);
  }
  return optionalText(option ?? positional, flag);
}
