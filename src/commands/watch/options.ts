import type { SearchQuery } from '../../domain/types.js';
import type { TripFilter } from '../../domain/trip-filter.js';
import { isIsoDate, parseDateInput } from '../../domain/dates.js';
import { ExitCode, UsageError } from '../../errors.js';
import type { NotifyTarget } from '../../notify/target.js';
import { webhookSecretProblem } from '../../notify/webhook-secret.js';
import { flag, number, repeatable, text, type OptionValues } from '../options.js';
import { filterOptions, parseFilters } from '../shared/filters.js';
import { parseQuietHours, type QuietHours } from './quiet-hours.js';
import { splitCommandLine } from './split-command.js';
import { execTarget, parseNotifySetting, parseNotifyTarget } from './targets.js';
import { WATCH_REFUSALS, type WatchLang } from './words.js';
import { FILTER_WORDS } from '../shared/filter-words.js';

/** The default interval between rounds. */
export const DEFAULT_EVERY = '5m';
/** How long one notification target may take in a round, retries included (--notify-timeout). */
export const DEFAULT_NOTIFY_TIMEOUT = '30s';
/** A price drop of this many euros or more is an alert (--price-drop). */
export const DEFAULT_PRICE_DROP = 10;
/** The options of `watch`: the search filters but --sort, and how often and how long to look. */
export const WATCH_OPTIONS = {
  ...filterOptions('from', 'to', 'date', 'after', 'before', 'minSlots', 'maxPrice', 'via', 'flex'),
  every: text('--every <duration>', 'time between checks: 30s, 5m, 1h, 1h30m (default 5m)', {
    parse: (value, option, at) => ({ text: value, ms: parseDuration(value, option, at.lang) }),
    invalidSample: 'soon',
  }),
  until: text(
    '--until <date|duration>',
    'stop at the end of this day (YYYY-MM-DD, today, +Nd) or after this long (2h)',
    {
      parse: (value, _option, at) => parseUntil(value, at.now, at.lang),
      invalidSample: 'someday',
    },
  ),
  once: flag(
    '--once',
    `one round against the saved state, then exit: 0 if something changed, ${ExitCode.noChange} if not (cron, timers)`,
  ),
  untilChange: flag('--until-change', 'watch until the first change, then exit 0 (for scripts)'),
  notify: repeatable(
    text(
      '--notify <target>',
      'send alerts to https://… (Standard Webhooks), ntfy(s)://host/topic, desktop://, exec://CMD',
      {
        parse: (value, option, at) => parseNotifyTarget(value, option, at.lang),
        invalidSample: 'gopher://example',
      },
    ),
  ),
  notifyExec: text('--notify-exec <command>', 'send alerts to this command, as JSON on its stdin (as exec://)', {
    parse: (value, option, at) => execTarget(value, option, undefined, at.lang),
    invalidSample: '"unclosed',
  }),
  webhookSecret: text(
    '--webhook-secret <whsec_...>',
    'the secret webhooks are signed with (or MOTOROUTE_WEBHOOK_SECRET)',
    {
      parse: (value, option, at) => readWebhookSecret(value, option, at.lang),
      invalidSample: 'not-a-secret',
    },
  ),
  priceDrop: number('--price-drop <euros>', `alert when a price falls by this much (default ${DEFAULT_PRICE_DROP})`, {
    min: 1,
    unit: 'euros',
  }),
  quietHours: text('--quiet-hours <HH:MM-HH:MM>', "hold alerts in these hours (France's time), then send a digest", {
    parse: (value, option, at) => parseQuietHours(value, option, at.lang),
    invalidSample: '25:00-07:00',
  }),
  notifyTimeout: text(
    '--notify-timeout <duration>',
    `time each target may take a round, retries included (default ${DEFAULT_NOTIFY_TIMEOUT})`,
    {
      parse: (value, option, at) => parseDuration(value, option, at.lang),
      invalidSample: 'soon',
    },
  ),
  testNotify: flag('--test-notify', 'send a test alert to each target, then exit (no search)'),
  printSystemd: flag('--print-systemd', 'print a systemd user service and timer running this watch with --once'),
  radius: number(
    '--radius <km>',
    'also watch the served cities within KM of FROM and TO (cities-near once, then batches)',
    { min: 1, max: 300, unit: 'kilometres' },
  ),
  exec: text('--exec <command>', 'run this command for each change, with the change as JSON on its stdin', {
    parse: (value, option, at) => splitCommandLine(value, option, at.lang),
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
  /** --once: one round against the saved state. */
  once: boolean;
  /** --until-change: rounds until the first change. */
  untilChange: boolean;
  /** Where alerts go (--notify, --notify-exec, else the notify setting). */
  targets: NotifyTarget[];
  webhookSecret?: string;
  priceDrop: number;
  quietHours?: QuietHours;
  notifyTimeoutMs: number;
  /** --test-notify, --print-systemd: no search. */
  testNotify: boolean;
  printSystemd: boolean;
  /** The --exec program and its arguments. */
  exec?: string[];
  /** --radius: the served cities within this many kilometres of FROM and TO are watched too. */
  radiusKm?: number;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;

/** Parses `500ms`, `30s`, `5m`, `1h`, `2d` or a sum such as `1h30m` into milliseconds (above 0). */
export function parseDuration(text: string, option: string, lang: WatchLang = 'en'): number {
  const value = text.trim().toLowerCase();
  if (!DURATION.test(value)) {
    throw new UsageError(WATCH_REFUSALS[lang].notADuration(option, text));
  }
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(DURATION_PART)) ms += Number(amount) * (UNIT_MS[unit as string] ?? 0);
  ms = Math.round(ms);
  if (ms <= 0) throw new UsageError(WATCH_REFUSALS[lang].notAboveZero(option, text));
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
export function parseUntil(text: string, now: Date, lang: WatchLang = 'en'): number {
  const value = text.trim().toLowerCase();
  if (DURATION.test(value)) return now.getTime() + parseDuration(value, '--until', lang);
  const date = parseDateInput(value, '--until', now, lang);
  if (!isIsoDate(date)) throw new UsageError(WATCH_REFUSALS[lang].notAnEnd(text));
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const end = new Date(year, month - 1, day + 1).getTime();
  if (end <= now.getTime()) throw new UsageError(WATCH_REFUSALS[lang].endPast(date));
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
  settings: { notify?: string; webhookSecret?: string } = {},
  lang: WatchLang = 'en',
): WatchPlan {
  const refusals = WATCH_REFUSALS[lang];
  const { query, filter } = parseFilters(args, options, lang);
  const everyText = options.every?.text ?? DEFAULT_EVERY;
  const everyMs = options.every?.ms ?? parseDuration(DEFAULT_EVERY, '--every');
  const shortest = minimumInterval(1, ratePerMinute);
  if (everyMs < shortest) {
    throw new UsageError(refusals.tooOften(everyText, ratePerMinute, formatDuration(shortest)));
  }
  if (options.once && options.untilChange) throw new UsageError(refusals.onceOrUntilChange);
  const given = [...options.notify, ...(options.notifyExec ? [options.notifyExec] : [])];
  const targets = given.length > 0 ? given : settings.notify ? parseNotifySetting(settings.notify, lang) : [];
  const webhookSecret =
    options.webhookSecret ??
    (settings.webhookSecret ? readWebhookSecret(settings.webhookSecret, 'MOTOROUTE_WEBHOOK_SECRET', lang) : undefined);
  const webhook = targets.find((target) => target.kind === 'webhook');
  // A printed unit reads the secret from its environment file when it runs, not now.
  if (webhook && webhookSecret === undefined && !options.printSystemd)
    throw new UsageError(refusals.webhookNeedsSecret(webhook.label));
  if (targets.length === 0) {
    for (const [used, option] of [
      [options.testNotify, '--test-notify'],
      [options.quietHours !== undefined, '--quiet-hours'],
      [options.notifyTimeout !== undefined, '--notify-timeout'],
    ] as const)
      if (used) throw new UsageError(refusals.aboutAlerts(option));
  }
  const plan: WatchPlan = {
    query,
    filter,
    everyMs,
    once: options.once,
    untilChange: options.untilChange,
    targets,
    priceDrop: options.priceDrop ?? DEFAULT_PRICE_DROP,
    notifyTimeoutMs: options.notifyTimeout ?? parseDuration(DEFAULT_NOTIFY_TIMEOUT, '--notify-timeout'),
    testNotify: options.testNotify,
    printSystemd: options.printSystemd,
  };
  if (webhookSecret !== undefined) plan.webhookSecret = webhookSecret;
  if (options.quietHours !== undefined) plan.quietHours = options.quietHours;
  if (options.until !== undefined) plan.untilMs = options.until;
  if (options.exec !== undefined) plan.exec = options.exec;
  if (options.radius !== undefined) {
    if (query.depart === undefined && query.arrival === undefined)
      throw new UsageError(FILTER_WORDS[lang].radiusNeedsCity);
    plan.radiusKm = options.radius;
  }
  return plan;
}

/** A `whsec_…` secret as the Standard Webhooks library reads it; anything else is a UsageError naming where it came from. */
function readWebhookSecret(value: string, option: string, lang: WatchLang): string {
  const secret = value.trim();
  const problem = webhookSecretProblem(secret, lang);
  if (problem) throw new UsageError(WATCH_REFUSALS[lang].badSecret(option, problem));
  return secret;
}
