import type { SearchQuery } from '../../domain/types.js';
import type { TripFilter } from '../../domain/trip-filter.js';
import { isIsoDate, parseDateInput } from '../../domain/dates.js';
import { UsageError } from '../../errors.js';
import { flag, number, text, type OptionValues } from '../options.js';
import { filterOptions, parseFilters } from '../shared/filters.js';
import { splitCommandLine } from './split-command.js';

/** The default interval between rounds. */
export const DEFAULT_EVERY = '5m';

/** The options of `watch`: the search filters but --sort, and how often and how long to look. */
export const WATCH_OPTIONS = {
  ...filterOptions('from', 'to', 'date', 'after', 'before', 'minSlots', 'maxPrice', 'via', 'flex'),
  every: text('--every <duration>', 'time between checks: 30s, 5m, 1h, 1h30m (default 5m)', {
    parse: (value, option) => ({ text: value, ms: parseDuration(value, option) }),
    invalidSample: 'soon',
  }),
  until: text(
    '--until <date|duration>',
    'stop at the end of this day (YYYY-MM-DD, today, +Nd) or after this long (2h)',
    {
      parse: (value, _option, at) => parseUntil(value, at.now),
      invalidSample: 'someday',
    },
  ),
  once: flag('--once', 'exit 0 at the first change (for scripts)'),
  radius: number(
    '--radius <km>',
    'also watch the served cities within KM of FROM and TO (cities-near once, then batches)',
    { min: 1, max: 300, unit: 'kilometres' },
  ),
  exec: text('--exec <command>', 'run this command for each change, with the change as JSON on its stdin', {
    parse: (value, option) => splitCommandLine(value, option),
    invalidSample: '"unclosed',
  }),
};

/** Everything `watch` was asked to do, checked before any request. */
export interface WatchPlan {
  query: SearchQuery;
  filter: TripFilter;
  everyMs: number;
  /** When to stop (epoch ms), if --until was given. */
  untilMs?: number;
  once: boolean;
  /** The --exec program and its arguments. */
  exec?: string[];
  /** --radius: the served cities within this many kilometres of FROM and TO are watched too. */
  radiusKm?: number;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;

/** Parses `500ms`, `30s`, `5m`, `1h`, `2d` or a sum such as `1h30m` into milliseconds (above 0). */
export function parseDuration(text: string, option: string): number {
  const value = text.trim().toLowerCase();
  if (!DURATION.test(value)) {
    throw new UsageError(`${option}: "${text}" is not a duration; use e.g. 30s, 5m, 1h or 1h30m.`);
  }
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(DURATION_PART)) ms += Number(amount) * (UNIT_MS[unit as string] ?? 0);
  ms = Math.round(ms);
  if (ms <= 0) throw new UsageError(`${option}: "${text}" must be longer than zero.`);
  return ms;
}

/** A duration for people: `500ms`, `30s`, `5m`, `1h30m`, `1h0m5s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  if (h > 0) return `${h}h${m}m${s ? `${s}s` : ''}`;
  if (m > 0) return `${m}m${s ? `${s}s` : ''}`;
  return `${s}s`;
}

/**
 * The end of `--until`: a duration from now (`2h`), or a date (`YYYY-MM-DD`, `today`, `tomorrow`,
 * `+Nd`) meaning the end of that local day. A moment already past is a UsageError.
 */
export function parseUntil(text: string, now: Date): number {
  const value = text.trim().toLowerCase();
  if (DURATION.test(value)) return now.getTime() + parseDuration(value, '--until');
  const date = parseDateInput(value, '--until', now);
  if (!isIsoDate(date)) throw new UsageError(`--until: "${text}" is neither a date nor a duration.`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const end = new Date(year, month - 1, day + 1).getTime();
  if (end <= now.getTime()) throw new UsageError(`--until: ${date} is already past.`);
  return end;
}

/** The shortest interval between rounds that keeps `requestsPerRound` within `ratePerMinute`. */
export function minimumInterval(requestsPerRound: number, ratePerMinute: number): number {
  return Math.ceil((Math.max(1, requestsPerRound) * 60_000) / ratePerMinute);
}

/**
 * Checks every watch flag (and the search filters) before anything is sent. A round takes at least
 * one request, so an --every shorter than one request's share of the rate budget is refused here;
 * rounds needing several pages are slowed down later, once their size is known.
 */
export function parseWatchPlan(
  args: string[],
  options: OptionValues<typeof WATCH_OPTIONS>,
  ratePerMinute: number,
): WatchPlan {
  const { query, filter } = parseFilters(args, options);
  const everyText = options.every?.text ?? DEFAULT_EVERY;
  const everyMs = options.every?.ms ?? parseDuration(DEFAULT_EVERY, '--every');
  const shortest = minimumInterval(1, ratePerMinute);
  if (everyMs < shortest) {
    throw new UsageError(
      `--every ${everyText} is more often than the rate budget allows: at ${ratePerMinute} requests a minute a round ` +
        `(one request or more) can run at most every ${formatDuration(shortest)}. Use a longer --every, or raise the rate setting.`,
    );
  }
  const plan: WatchPlan = { query, filter, everyMs, once: options.once };
  if (options.until !== undefined) plan.untilMs = options.until;
  if (options.exec !== undefined) plan.exec = options.exec;
  if (options.radius !== undefined) {
    if (query.depart === undefined && query.arrival === undefined)
      throw new UsageError('--radius widens FROM and TO to the served cities around them: give FROM, TO or both.');
    plan.radiusKm = options.radius;
  }
  return plan;
}
