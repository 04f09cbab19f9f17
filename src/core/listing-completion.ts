import type { RouteClient } from '../client/client.js';
import type { FranceMoment } from '../domain/france-time.js';
import { createPartialMatcher, NO, readsPartialParts, YES } from '../domain/partial-match.js';
import { createTripMatcher } from '../domain/trip-matcher.js';
import type { SearchQuery, Trip, TripFilter } from '../domain/types.js';
import { BatchCompletion, type CompletionPlan } from './batch-completion.js';
import { hasLeft } from './upcoming.js';
import { ExitCode, InterruptedError, MotorouteError } from '../errors.js';

/**
 * Receives a listing trip that passes the filter: its listing item and the trip, as the listing gave it or
 * completed from the search (`completed`).
 */
export type ListingMatchSink<T> = (item: T, trip: Trip, completed: boolean) => Promise<void> | void;

/** What completing the undecided trips took and found. */
export interface CompletionReport {
  /** Listing trips the filter (or today's clock) could not judge from their records. */
  undecided: number;
  /** Of them, found in the search and judged on their complete record. */
  found: number;
  /** Of those, the ones that pass the filter. */
  matched: number;
  /** Requests made to complete them (sizing searches and batch requests). */
  requests: number;
}

/** How a caller follows the completion. */
export interface ListingMatchOptions {
  /** France's date and time now: a trip of today whose record has no time may have left; the search says. */
  moment?: FranceMoment;
  /** Judge no record on the search: a trip its record cannot decide is handed over as it is (its unknown parts marked). */
  quick?: boolean;
  signal?: AbortSignal;
  /** Once a completion's size is known, before its first batch request. */
  onPlanned?: (plan: CompletionPlan, why: CompletionReason) => void;
  /** Before each batch request of a completion: its number and the planned count. */
  onRequest?: (request: number, planned: number) => void;
  /**
   * When a completion of trips the filter could not judge ended (never called when every trip was decided by its
   * record, nor for today's times alone).
   */
  onCompleted?: (report: CompletionReport) => void;
}

/** Why listing records are completed: what the filter reads and they leave out, or the time of today's trips. */
export type CompletionReason = 'filter' | 'time';

/** Some listing trips could not be judged because the search that completes them failed. */
export class ListingCompletionError extends MotorouteError {
  override name = 'ListingCompletionError';
  override readonly exitCode: number;
  constructor(
    readonly unjudged: number,
    cause: unknown,
  ) {
    // The cause's facts without its remedy: the remedy's wording belongs to each face, and this sentence goes on.
    const facts =
      cause instanceof MotorouteError
        ? (cause.facts ?? cause.message)
        : cause instanceof Error
          ? cause.message
          : String(cause);
    const reason = facts.replace(/\.$/, '');
    super(
      `${unjudged} listing trip${unjudged === 1 ? '' : 's'} could not be judged: ${unjudged === 1 ? 'its record leaves' : 'their records leave'} out ` +
        `what the filter reads (stopovers or every leg's places), and completing them from the search failed: ${reason}. ` +
        'The trips printed are the ones that could be judged.',
      { cause },
    );
    this.exitCode = cause instanceof MotorouteError ? cause.exitCode : ExitCode.service;
  }
}

/**
 * Hands `emit` the listing's trips that pass the filter, judged honestly and in the listing's order: a trip its
 * record decides (domain/partial-match.ts) goes out at once; one whose record leaves out what the filter reads
 * (Form A's stopovers, the places of legs after the first), or a trip of today without a time (it may have left),
 * is looked up among the complete records of the search the filter makes (BatchCompletion: a few batch requests
 * by date windows, read as the listing reaches them) and judged on that record, emitted complete; one the search
 * does not hold does not match. When the completion fails, the judged trips still go out, then a
 * ListingCompletionError says how many could not be judged. A callback rather than an async generator: `list`
 * runs this for every record of a million-route listing, and a generator's step per trip showed.
 */
export async function matchListing<T>(
  client: Pick<RouteClient, 'search' | 'batchEntries' | 'searchPages'>,
  items: AsyncIterable<T>,
  tripOf: (item: T) => Trip,
  filter: TripFilter,
  emit: ListingMatchSink<T>,
  options: ListingMatchOptions = {},
): Promise<void> {
  const judge = createPartialMatcher(filter);
  const matches = createTripMatcher(filter);
  const today = options.moment?.date;
  // A filter that reads stops or places completes from its whole search; else only today's times are asked.
  const byFilter = readsPartialParts(filter);
  let completion: BatchCompletion | undefined;
  let noneLeftYet: Promise<boolean> | undefined;
  const report: CompletionReport = { undecided: 0, found: 0, matched: 0, requests: 0 };
  let failure: unknown;
  let unjudged = 0;
  for await (const item of items) {
    const trip = tripOf(item);
    const verdict = judge(trip);
    if (verdict === NO) continue;
    const timeUnknown = trip.date === today && !hasTime(trip);
    if ((verdict === YES && !timeUnknown) || options.quick) {
      await emit(item, trip, false);
      continue;
    }
    // Before today's first departure nothing has left: one search of one trip says so, and no completion is needed.
    if (verdict === YES && !byFilter && options.moment !== undefined && failure === undefined) {
      noneLeftYet ??= firstDepartureToCome(client, filter, options.moment);
      try {
        if (await noneLeftYet) {
          await emit(item, trip, false);
          continue;
        }
      } catch (error) {
        // As a completion's failure: the trip is left unjudged and the run says so, rather than printed otherwise.
        if (!(error instanceof MotorouteError) || error instanceof InterruptedError) throw error;
        failure = error;
      }
    }
    // Counted for the report: trips the filter could not judge (not those of today only missing a time).
    const counted = verdict !== YES;
    if (counted) report.undecided += 1;
    if (failure !== undefined) {
      unjudged += 1;
      continue;
    }
    let complete: Trip | undefined;
    try {
      completion ??= openCompletion(client, filter, byFilter ? undefined : today, options);
      complete = await completion.find(trip.id, trip.date);
    } catch (error) {
      // A service or network failure leaves trips unjudged; an interruption or a bug of ours is not that.
      if (!(error instanceof MotorouteError) || error instanceof InterruptedError) throw error;
      failure = error;
      unjudged += 1;
      continue;
    }
    if (complete === undefined) continue;
    if (counted) report.found += 1;
    if (!matches(complete)) continue;
    if (counted) report.matched += 1;
    await emit(item, complete, true);
  }
  if (failure !== undefined) throw new ListingCompletionError(unjudged, failure);
  if (report.undecided > 0) options.onCompleted?.({ ...report, requests: completion?.requests ?? 0 });
}

/**
 * The complete records a listing record could leave undecided, so the only ones a completion holds: any trip
 * for --min-slots or --via (a record may lack every leg's places or the stopovers) or of today (it may lack
 * its time), else a trip that matches the filter's cities only at a stopover (a record whose two ends match
 * decides the trip by itself).
 */
function worthHolding(filter: TripFilter, today: string | undefined): (trip: Trip) => boolean {
  if (filter.minSlots !== undefined || filter.via !== undefined) return () => true;
  const byEnds = createTripMatcher({ depart: filter.depart, arrival: filter.arrival });
  return (trip) => trip.date === today || !byEnds({ ...trip, layovers: [] });
}

/**
 * Whether today's first departure matching the filter's cities is still to come (the search lists a day's trips
 * in departure order): then no trip of today has left, whatever its record says of its time.
 */
async function firstDepartureToCome(
  client: Pick<RouteClient, 'search'>,
  filter: TripFilter,
  moment: FranceMoment,
): Promise<boolean> {
  const query: SearchQuery = { date_from: moment.date, date_to: moment.date };
  if (filter.depart !== undefined) query.depart = filter.depart;
  if (filter.arrival !== undefined) query.arrival = filter.arrival;
  const page = await client.search(query, { page: 1, limit: 1 });
  const first = page.routes[0];
  return first === undefined || !hasLeft(first, moment);
}

/** Whether a record says when its trip leaves. */
function hasTime(trip: Trip): boolean {
  const time = trip.times[0];
  return time !== undefined && /^\d\d:\d\d$/.test(time);
}

/**
 * The completion of a filter's trips: the search of its cities (for --via alone, departures from the via city,
 * which the service matches at every stop but the last) over its dates, or over `day` alone.
 */
function openCompletion(
  client: Pick<RouteClient, 'search' | 'batchEntries' | 'searchPages'>,
  filter: TripFilter,
  day: string | undefined,
  options: ListingMatchOptions,
): BatchCompletion {
  const query: SearchQuery = {};
  if (filter.depart !== undefined) query.depart = filter.depart;
  if (filter.arrival !== undefined) query.arrival = filter.arrival;
  if (filter.depart === undefined && filter.arrival === undefined && filter.via !== undefined)
    query.depart = filter.via;
  if (day !== undefined) {
    query.date_from = day;
    query.date_to = day;
  } else {
    if (filter.dateFrom !== undefined) query.date_from = filter.dateFrom;
    if (filter.dateTo !== undefined) query.date_to = filter.dateTo;
  }
  const why: CompletionReason = day === undefined ? 'filter' : 'time';
  return new BatchCompletion(client, query, {
    signal: options.signal,
    keep: worthHolding(filter, options.moment?.date),
    onPlanned: (plan) => options.onPlanned?.(plan, why),
    onRequest: options.onRequest,
  });
}
