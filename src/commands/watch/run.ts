import type { CommandInput } from '../define.js';
import type { Context } from '../../cli/context.js';
import { abortableSleep } from '../../client/abortable-sleep.js';
import { franceDate } from '../../domain/dates.js';
import { diffTrips, indexTrips, toWatchEvents, type WatchEvent } from '../../domain/trip-diff.js';
import { createTripMatcher } from '../../domain/trip-matcher.js';
import type { CityChoice } from '../../domain/plan/city-pairs.js';
import type { Trip } from '../../domain/types.js';
import { hasLeft } from '../../core/upcoming.js';
import { cliMessage } from '../../cli/remedies.js';
import { unknownCityMessage, type ServedCities } from '../../core/cities.js';
import { ExitCode, MotorouteError, TimeoutError, UsageError } from '../../errors.js';
import { jsonSafeStringify, sanitiseText } from '../../output/sanitise.js';
import { describeSubject } from '../calendar/subject.js';
import { runProgram } from '../../notify/run-program.js';
import { GoneTrips } from './gone-trips.js';
import { AlertKeeper, watchStateFile } from './alerting.js';
import { ALERT_WORDS } from './alert-words.js';
import { formatDuration, minimumInterval, parseWatchPlan, type WATCH_OPTIONS, type WatchPlan } from './options.js';
import { createEventPrinter, localClock } from './report.js';
import { CONTEXT_WORDS } from '../../cli/words.js';
import { WATCH_REFUSALS, WATCH_WORDS, type WatchTally } from './words.js';

type StopReason = 'interrupted' | 'until' | 'change';

/** One look at the search: the matching trips by id, and how many requests it took. */
interface Snapshot {
  trips: Map<string, Trip>;
  requests: number;
}

/**
 * `motoroute watch`: a baseline round, then a round every --every (slowed to fit the rate budget
 * when a round needs several pages), each compared with the one before. A failed round is reported
 * and skipped; the baseline's failure ends the run with its error. Returns 130 after Ctrl-C.
 */
export async function runWatch({ args, options }: CommandInput<typeof WATCH_OPTIONS>, ctx: Context): Promise<number> {
  const rate = Number(ctx.setting('rate').value ?? '60');
  const notify = ctx.setting('notify').value;
  const secret = ctx.io.env.MOTOROUTE_WEBHOOK_SECRET;
  const plan = parseWatchPlan(
    args,
    options,
    rate,
    {
      ...(notify !== undefined && { notify }),
      ...(secret !== undefined && secret !== '' && { webhookSecret: secret }),
    },
    ctx.lang,
  );
  const words = WATCH_WORDS[ctx.lang];
  const subject = sanitiseText(
    describeSubject(plan.query.depart, plan.query.arrival, plan.filter.via) ?? words.everything,
  );
  if (plan.printSystemd) {
    const { systemdUnits } = await import('./systemd.js');
    const name = `motoroute-watch-${watchStateFile(ctx, plan).key}`;
    // The command line as typed (the launcher's path, then every word), run by the node running now.
    ctx.stdout.write(systemdUnits(plan, [process.execPath, ...process.argv.slice(1)], name, subject));
    return ExitCode.ok;
  }
  if (plan.testNotify) {
    const { testTargets } = await import('./test-notify.js');
    return testTargets(ctx, plan);
  }
  const settings = await ctx.output();
  const printer = createEventPrinter(settings, ctx.lang, ctx.stdout);
  const status = new StatusLine(ctx, settings.showProgress);
  const tally: WatchTally = { rounds: 0, failed: 0, changes: { new: 0, gone: 0, freed: 0, taken: 0 } };
  const since = localClock(new Date());
  // The state is kept when alerts are sent, and for --once (each run is one round against the last).
  const opened = plan.targets.length > 0 || plan.once ? await AlertKeeper.open(ctx, plan) : undefined;
  if (opened !== undefined && !(opened instanceof AlertKeeper)) {
    ctx.note(ALERT_WORDS[ctx.lang].busy(opened.busy));
    return ExitCode.noChange;
  }
  const keeper = opened;
  const finish = async (reason: StopReason): Promise<number> => {
    status.clear();
    await keeper?.close();
    await printer.end();
    ctx.note(words.summary(reason, tally, since));
    return reason === 'interrupted' ? ExitCode.interrupted : ExitCode.ok;
  };
  const print = async (events: WatchEvent[]): Promise<boolean> => {
    for (const event of events) {
      tally.changes[event.type] += 1;
      await printer.print(event);
      if (plan.exec) await runHook(ctx, plan.exec, event);
      if (ctx.signal.aborted) return false;
    }
    return true;
  };

  let previous: Snapshot;
  const gone = new GoneTrips();
  try {
    previous = await takeSnapshot(ctx, plan);
    if (previous.trips.size === 0 && plan.radiusKm === undefined) await refuseUnknownCities(ctx, plan);
  } catch (error) {
    // Ctrl-C ends the watch with its summary; --max-time (the signal's reason) is the run's one error line.
    if (ctx.signal.aborted && !(ctx.signal.reason instanceof TimeoutError)) return finish('interrupted');
    await keeper?.close();
    throw error;
  }
  tally.rounds = 1;
  if (keeper) {
    // What changed while no watcher ran: the first look is compared with the saved state.
    const before = keeper.previous;
    const events = before ? toWatchEvents(diffTrips(before.seen, previous.trips, before.gone), new Date()) : [];
    const alerts = await keeper.look(previous.trips, subject);
    const alertWords = ALERT_WORDS[ctx.lang];
    if (!before) ctx.note(alertWords.baseline(previous.trips.size));
    if (!(await print(events))) return finish('interrupted');
    if (plan.once) {
      await keeper.close();
      await printer.end();
      if (before) ctx.note(alertWords.once(alerts.length, events.length));
      return alerts.length + events.length > 0 ? ExitCode.ok : ExitCode.noChange;
    }
  }
  let interval = roundInterval(ctx, plan.everyMs, previous.requests, rate);
  const until =
    plan.untilMs === undefined ? undefined : describeMoment(new Date(plan.untilMs), ctx.clock.now(), ctx.lang);
  ctx.note(
    words.baseline(
      localClock(new Date()),
      subject,
      previous.trips.size,
      previous.requests,
      formatDuration(interval),
      until,
      plan.untilChange,
    ),
  );

  // --until was read on the run's clock (MOTOROUTE_NOW may move it); the rounds are timed on the host's.
  const untilAt = plan.untilMs === undefined ? undefined : plan.untilMs - (ctx.clock.now().getTime() - Date.now());
  let nextAt = Date.now() + interval;
  for (;;) {
    if (untilAt !== undefined && nextAt >= untilAt) {
      if (!(await pause(untilAt - Date.now(), ctx.signal))) return finish('interrupted');
      if (plan.untilChange) ctx.note(words.noChange);
      return finish('until');
    }
    if (!(await pause(nextAt - Date.now(), ctx.signal))) return finish('interrupted');
    nextAt = Date.now() + interval;
    let current: Snapshot;
    try {
      current = await takeSnapshot(ctx, plan);
    } catch (error) {
      if (ctx.signal.aborted) return finish('interrupted');
      if (!(error instanceof MotorouteError) || error instanceof UsageError) throw error;
      tally.failed += 1;
      status.clear();
      ctx.note(words.failed(localClock(new Date()), sanitiseText(cliMessage(error)), localClock(new Date(nextAt))));
      // Alerts still pending (a target that failed) are tried again each round, search or no search.
      await keeper?.dispatch();
      continue;
    }
    tally.rounds += 1;
    if (current.requests > previous.requests) {
      interval = roundInterval(ctx, plan.everyMs, current.requests, rate);
      nextAt = Math.max(nextAt, Date.now() + interval);
    }
    const changes = diffTrips(previous.trips, current.trips, gone);
    // Trips seen going are remembered, so that one coming back is reported as freed, not new.
    for (const change of changes) {
      if (change.type === 'gone') gone.remember(change.trip);
      else gone.forget(change.trip.id);
    }
    gone.forgetDeparted(franceDate(ctx.clock.now()));
    const events = toWatchEvents(changes, new Date());
    previous = current;
    // Recorded and saved before anything is sent; the sending goes on beside the next rounds.
    await keeper?.look(current.trips, subject);
    if (events.length === 0) {
      status.show(words.quiet(localClock(new Date()), current.trips.size));
      continue;
    }
    status.clear();
    if (!(await print(events))) return finish('interrupted');
    if (plan.untilChange) return finish('change');
  }
}

/**
 * A watch on a city the service does not serve would watch nothing for as long as it runs: when the first round
 * finds nothing, the core resolves the typed cities against the whole listing, and a typo is refused with what
 * was probably meant. A listing that cannot be read leaves the watch to its rounds.
 */
async function refuseUnknownCities(ctx: Context, plan: WatchPlan): Promise<void> {
  const { depart, arrival, via } = plan.filter;
  if (depart === undefined && arrival === undefined && via === undefined) return;
  let cities: ServedCities;
  try {
    cities = await (await ctx.core()).servedCityNames(ctx.signal);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return;
  }
  for (const [label, name] of [
    ['FROM', depart],
    ['TO', arrival],
    ['--via', via],
  ] as const) {
    const resolution = name === undefined ? undefined : cities.resolve(name);
    if (resolution?.kind === 'unknown')
      throw new UsageError(
        `${unknownCityMessage(label, resolution, ctx.lang)} ${WATCH_REFUSALS[ctx.lang].nothingToWatch}`,
      );
  }
}

/** --radius: each place's served cities, asked once a watch. */
const expandedPlaces = new WeakMap<WatchPlan, Map<string, CityChoice[]>>();

async function takeSnapshot(ctx: Context, plan: WatchPlan): Promise<Snapshot> {
  const client = await ctx.client();
  if (plan.radiusKm !== undefined) {
    const { searchLegs } = await import('../../core/planning/search-legs.js');
    const { depart, arrival, dateFrom, dateTo } = plan.filter;
    const expanded = expandedPlaces.get(plan) ?? new Map<string, CityChoice[]>();
    expandedPlaces.set(plan, expanded);
    const found = await searchLegs(
      client,
      [{ depart, arrival, dateFrom, dateTo }],
      plan.filter,
      plan.radiusKm,
      'date',
      expanded,
    );
    return {
      trips: indexTrips((found.legs[0] ?? []).filter(upcomingNow(ctx))),
      requests: found.batches + found.lookups,
    };
  }
  const trips: Trip[] = [];
  let pages = 0;
  const filter = createTripMatcher(plan.filter);
  const upcoming = upcomingNow(ctx);
  const matches = (trip: Trip) => filter(trip) && upcoming(trip);
  for await (const page of client.searchPages(plan.query, { limit: 100 })) {
    pages += 1;
    for (const trip of page.routes) if (matches(trip)) trips.push(trip);
  }
  // followPages stops at the first empty page, which was a request too.
  return { trips: indexTrips(trips), requests: Math.max(1, pages) };
}

/**
 * Each round reads the clock again: a trip that leaves while the watch runs drops out (reported as gone, and
 * forgotten), rather than being counted once for the whole run.
 */
function upcomingNow(ctx: Context): (trip: Trip) => boolean {
  const moment = ctx.clock.moment();
  return (trip) => !hasLeft(trip, moment);
}

/** The asked interval, or the budget's minimum for this many requests a round (with a warning) if that is longer. */
function roundInterval(ctx: Context, everyMs: number, requests: number, rate: number): number {
  const shortest = minimumInterval(requests, rate);
  if (everyMs >= shortest) return everyMs;
  ctx.warn(WATCH_WORDS[ctx.lang].slowed(requests, rate, formatDuration(shortest), formatDuration(everyMs)));
  return shortest;
}

/** `14:05:00` on the day of `now`, else `2026-12-05 00:00:00` (local time). */
function describeMoment(moment: Date, now: Date, lang: 'en' | 'fr'): string {
  const sameDay = franceDate(moment) === franceDate(now);
  return sameDay ? localClock(moment) : `${franceDate(moment)}${WATCH_WORDS[lang].dayAndTime}${localClock(moment)}`;
}

const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Waits; false when Ctrl-C came first. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  const end = Date.now() + ms;
  try {
    // setTimeout fires at once past ~24.8 days, so long waits are taken in pieces.
    do await abortableSleep(Math.min(Math.max(0, end - Date.now()), LONGEST_TIMER_MS), signal);
    while (end - Date.now() > 0);
    return true;
  } catch {
    return false;
  }
}

async function runHook(ctx: Context, argv: string[], event: WatchEvent): Promise<void> {
  // The event reaches the program only on its stdin: nothing from the service is ever put in its argv.
  const problem = await runProgram(argv, `${jsonSafeStringify(event)}\n`, { stderr: ctx.stderr, signal: ctx.signal });
  // A note, not a warning: warnings are said once, and every failed run of the command is worth a line.
  if (problem && !ctx.signal.aborted)
    ctx.note(`${CONTEXT_WORDS[ctx.lang].warning} ${WATCH_WORDS[ctx.lang].execFailed(sanitiseText(problem))}`);
}

/** A "no change" line redrawn in place on a terminal's stderr, cleared before anything else is printed. */
class StatusLine {
  #shown = false;

  constructor(
    private readonly ctx: Context,
    private readonly enabled: boolean,
  ) {}

  show(text: string): void {
    if (!this.enabled || this.ctx.globals.quiet) return;
    this.ctx.stderr.write(`\r\x1b[2K${text}`);
    this.#shown = true;
  }

  clear(): void {
    if (!this.#shown) return;
    this.ctx.stderr.write('\r\x1b[2K');
    this.#shown = false;
  }
}
