import type { OptionValues } from '../options.js';
import { choice, city, date, integer, number, parseCity } from '../options.js';
import type { SearchQuery } from '../../domain/types.js';
import type { TripFilter, TripSort } from '../../domain/types.js';
import { cleanCityInput } from '../../domain/city-names.js';
import { assertDateRange } from '../../domain/dates.js';
import { flexWindow } from '../../domain/plan/date-windows.js';
import { UsageError } from '../../errors.js';
import { FILTER_WORDS } from './filter-words.js';

/** The trip filters shared by search, list, calendar and watch (each takes the ones it uses). */
export const FILTER_OPTIONS = {
  from: city('--from <city>', 'departure city (also matches stopovers)'),
  to: city('--to <city>', 'arrival city (also matches stopovers)'),
  date: date('--date <date>', 'one day: YYYY-MM-DD, today, tomorrow or +Nd'),
  after: date('--after <date>', 'trips on or after this date'),
  before: date('--before <date>', 'trips on or before this date'),
  minSlots: integer('--min-slots <n>', 'at least N free motorcycle places on every leg', { min: 0 }),
  maxPrice: number('--max-price <euros>', 'lowest price at most this (trips on quote are left out)', {
    min: 0,
    unit: 'euros',
  }),
  via: city('--via <city>', 'only trips stopping in this city'),
  sort: choice('--sort <key>', 'order of the trips', ['date', 'price'], { default: 'date' }),
  flex: integer('--flex <days>', 'with --date: any day from N days before to N days after it (0 to 30)', {
    min: 0,
    max: 30,
  }),
};

/** Some of the filter flags, for a command that takes only those. */
export function filterOptions<K extends keyof typeof FILTER_OPTIONS>(...keys: K[]): Pick<typeof FILTER_OPTIONS, K> {
  return Object.fromEntries(keys.map((key) => [key, FILTER_OPTIONS[key]])) as Pick<typeof FILTER_OPTIONS, K>;
}

/** The filter flags a command may take: any of them (a command without --date passes none). */
export type FilterValues = Partial<OptionValues<typeof FILTER_OPTIONS>>;

/** The parsed filters: what is sent to the service, and what is applied here. */
export interface ParsedFilters {
  query: SearchQuery;
  filter: TripFilter;
  sort: TripSort;
  /** The --date asked for when --flex widened it, so tables can mark it. */
  askedDay?: string;
}

/**
 * Combines the filter flags (and FROM/TO positionals) and checks them together, before anything is sent; a
 * refusal is said in `lang`.
 */
export function parseFilters(args: string[], options: FilterValues, lang: 'en' | 'fr' = 'en'): ParsedFilters {
  const words = FILTER_WORDS[lang];
  const from = pickCity('--from', options.from, args[0], lang);
  const to = pickCity('--to', options.to, args[1], lang);
  if (args.length > 2) throw new UsageError(words.tooManyArguments(args.length));
  let dateFrom = options.after;
  let dateTo = options.before;
  if (options.flex !== undefined && !options.date) throw new UsageError(words.flexNeedsDate);
  if (options.date) {
    if (dateFrom || dateTo) throw new UsageError(words.dateWithRange);
    ({ from: dateFrom, to: dateTo } = flexWindow(options.date, options.flex ?? 0));
  }
  assertDateRange(dateFrom, dateTo, '--after', '--before', lang);
  const via = options.via === undefined ? undefined : cleanCityInput(options.via);
  const filter: TripFilter = {
    depart: from,
    arrival: to,
    dateFrom,
    dateTo,
    minSlots: options.minSlots,
    maxPrice: options.maxPrice,
    via,
  };
  const query: SearchQuery = {};
  if (from) query.depart = from;
  if (to) query.arrival = to;
  if (dateFrom) query.date_from = dateFrom;
  if (dateTo) query.date_to = dateTo;
  const askedDay = options.flex !== undefined && options.date ? { askedDay: options.date } : {};
  return { query, filter, sort: options.sort ?? 'date', ...askedDay };
}

function pickCity(
  flag: string,
  option: string | undefined,
  positional: string | undefined,
  lang: 'en' | 'fr',
): string | undefined {
  if (option !== undefined && positional !== undefined) throw new UsageError(FILTER_WORDS[lang].cityTwice(flag));
  const typed = positional === undefined ? option : parseCity(positional, flag, lang);
  // `Paris, France` and `St Etienne` are written as the service writes them: what follows a comma dropped, Saint spelled out.
  return typed === undefined ? undefined : cleanCityInput(typed);
}
