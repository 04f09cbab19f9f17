import type { RouteClient } from '../client/client.js';
import { createPartialMatcher, NO, UNDECIDED } from '../domain/partial-match.js';
import { compareTrips } from '../domain/trip-filter.js';
import { createTripMatcher } from '../domain/trip-matcher.js';
import type { Trip, TripFilter } from '../domain/types.js';
import { UndecidedTrips } from '../domain/undecided-trips.js';
import { ExitCode, InterruptedError, MotorouteError } from '../errors.js';

/**
 * Receives a listing trip that passes the filter: its listing item (undefined for a completed trip unless
 * `keepItems`) and the trip, as the listing gave it or completed from the search (`completed`).
 */
export type ListingMatchSink<T> = (item: T | undefined, trip: Trip, completed: boolean) => Promise<void> | void;

/** What completing the undecided trips took and found. */
export interface CompletionReport {
  /** Listing trips the filter could not judge from their records. */
  undecided: number;
  /** Of them, found in the search and judged on their complete record. */
  found: number;
  /** Of those, the ones that pass the filter. */
  matched: number;
  /** Search requests made (pages read). */
  requests: number;
}

/** How a caller follows the completion. */
export interface ListingMatchOptions {
  /** Keep each undecided trip's listing item (say its raw record) to hand it back when it matches. */
  keepItems?: boolean;
  /** Once the completion search's first page says how many pages it has. */
  onCompletionPages?: (pages: number) => void;
  /** When a completion ended (never called when every trip was decided by its record). */
  onCompleted?: (report: CompletionReport) => void;
}

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

/** Pages asked of the search when completing: the largest the reference allows. */
const COMPLETION_PAGE = 100;

/**
 * Hands `emit` the listing's trips that pass the filter, judged honestly: a trip its record decides
 * (domain/partial-match.ts) goes out at once; one whose record leaves out what the filter reads (Form A's
 * stopovers, the places of legs after the first) is held, and after the listing all held trips are completed
 * from one search (UndecidedTrips.completionQuery) and judged on their complete records, emitted complete. A
 * held trip the search does not return does not match. Once a trip is held, later matches wait too, so that
 * they come out in date order with the completed ones. When the search fails, what was judged is emitted, then
 * a ListingCompletionError says how many trips could not be. A callback rather than an async generator:
 * `list` runs this for every record of a million-route listing, and a generator's step per trip showed.
 */
export async function matchListing<T>(
  client: Pick<RouteClient, 'searchPages'>,
  items: AsyncIterable<T>,
  tripOf: (item: T) => Trip,
  filter: TripFilter,
  emit: ListingMatchSink<T>,
  options: ListingMatchOptions = {},
): Promise<void> {
  const judge = createPartialMatcher(filter);
  const undecided = new UndecidedTrips<T | undefined>();
  const held: { item: T | undefined; trip: Trip; completed: boolean }[] = [];
  for await (const item of items) {
    const trip = tripOf(item);
    const verdict = judge(trip);
    if (verdict === NO) continue;
    if (verdict === UNDECIDED) undecided.add(trip, options.keepItems ? item : undefined);
    else if (undecided.size === 0) await emit(item, trip, false);
    else held.push({ item, trip, completed: false });
  }
  if (undecided.size === 0) return;

  const total = undecided.size;
  const matches = createTripMatcher(filter);
  let requests = 0;
  let failure: unknown;
  try {
    for await (const page of client.searchPages(undecided.completionQuery(filter), { limit: COMPLETION_PAGE })) {
      requests += 1;
      if (requests === 1) options.onCompletionPages?.(page.total_pages);
      for (const found of undecided.judge(page.routes, matches))
        held.push({ item: found.item, trip: found.trip, completed: true });
    }
  } catch (error) {
    // A service or network failure leaves trips unjudged; an interruption or a bug of ours is not that.
    if (!(error instanceof MotorouteError) || error instanceof InterruptedError) throw error;
    failure = error;
  }
  const byDate = compareTrips('date');
  held.sort((a, b) => byDate(a.trip, b.trip));
  let matched = 0;
  for (const match of held) {
    if (match.completed) matched += 1;
    await emit(match.item, match.trip, match.completed);
  }
  if (failure !== undefined) throw new ListingCompletionError(undecided.size, failure);
  options.onCompleted?.({ undecided: total, found: undecided.found, matched, requests: Math.max(1, requests) });
  undecided.dropAbsent();
}
