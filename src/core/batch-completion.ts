import type { RouteClient } from '../client/client.js';
import { addDays } from '../domain/dates.js';
import type { BatchResult, SearchQuery, Trip } from '../domain/types.js';

/** Searches one batch request runs (the reference's limit). */
export const QUERIES_PER_BATCH = 10;
/** About this many trips asked in one batch request (a few MiB of JSON): more trips, more requests of fewer days. */
export const TRIPS_PER_REQUEST = 20_000;
/** Trips asked at each end of the search to size a completion. */
const PROBE = 10;
/** The ends of a window no readable trip bounds: the batch answers them whole, or they are split again. */
const EARLIEST = '2000-01-01';
const LATEST = '2099-12-31';
/** Pages asked of the search when a single day still holds more than a batch entry returned. */
const SEARCH_PAGE = 100;

/** An inclusive range of days, YYYY-MM-DD. */
interface Window {
  from: string;
  to: string;
}

/** How the completion will go, once its size is known (before any batch request). */
export interface CompletionPlan {
  /** Trips the search holds for the completing query. */
  total: number;
  /** Batch requests it takes to read them all (fewer when the trips to complete lie on fewer days). */
  requests: number;
}

/** How a caller follows the completion. */
export interface BatchCompletionOptions {
  signal?: AbortSignal;
  /** Once the size is known, before the first batch request. */
  onPlanned?: (plan: CompletionPlan) => void;
  /** Before each batch request: its number and the planned count. */
  onRequest?: (request: number, planned: number) => void;
  /**
   * The complete records worth holding (those a listing record could leave undecided); the others are dropped
   * as soon as they are read, so a window holds little more than the trips asked for.
   */
  keep?: (trip: Trip) => boolean;
  /** About this many trips asked in one request (TRIPS_PER_REQUEST unless told): fewer, less memory, more requests. */
  tripsPerRequest?: number;
}

/**
 * The complete (search) records of the trips one query matches, read through the batch endpoint by date windows,
 * ten a request, so that its cost does not grow with the pages of a search: two one-trip searches size it (how
 * many trips, first and last day), then each request covers about TRIPS_PER_REQUEST trips. A window whose entry
 * says it holds more than it returned is split again, down to single days read page by page. Only the windows of
 * the last request are held: records are asked for in date order (the listing's), so memory stays flat.
 */
export class BatchCompletion {
  readonly #client: Pick<RouteClient, 'search' | 'batchEntries' | 'searchPages'>;
  readonly #query: SearchQuery;
  readonly #options: BatchCompletionOptions;
  #planned: Promise<Window[][]> | undefined;
  #loaded: { range: Window; trips: Map<string, Trip> } | undefined;
  #requests = 0;
  #plannedRequests = 0;

  constructor(
    client: Pick<RouteClient, 'search' | 'batchEntries' | 'searchPages'>,
    query: SearchQuery,
    options: BatchCompletionOptions = {},
  ) {
    this.#client = client;
    this.#query = query;
    this.#options = options;
  }

  /** Requests sent so far (sizing searches, batch requests and any pages of a day read on). */
  get requests(): number {
    return this.#requests;
  }

  /** The complete record of a trip of `date`, or undefined when the query's search does not hold it. */
  async find(id: string, date: string): Promise<Trip | undefined> {
    const requests = await (this.#planned ??= this.#plan());
    const range = this.#loaded?.range;
    if (range === undefined || date < range.from || date > range.to) {
      const windows = requests.find((group) => date >= first(group).from && date <= last(group).to);
      if (windows === undefined) return undefined;
      this.#options.onRequest?.(requests.indexOf(windows) + 1, this.#plannedRequests);
      this.#loaded = { range: { from: first(windows).from, to: last(windows).to }, trips: new Map() };
      const keep = this.#options.keep ?? (() => true);
      for (const trip of await this.#read(windows, keep)) this.#loaded.trips.set(trip.id, trip);
    }
    return this.#loaded?.trips.get(id);
  }

  /**
   * Every trip the query matches, in the search's (date) order: the planned requests one after the other, each
   * told to `visit` as it comes (`keep` does not apply: nothing is held but the request's body and one window's
   * trips, and the windows that arrive before an earlier one until it comes). No further request is sent once
   * `enough` says so.
   */
  async each(visit: (trip: Trip) => Promise<void> | void, enough: () => boolean = () => false): Promise<void> {
    const requests = await (this.#planned ??= this.#plan());
    for (const [at, windows] of requests.entries()) {
      if (enough()) return;
      this.#options.onRequest?.(at + 1, this.#plannedRequests);
      await this.#visit(windows, visit);
    }
  }

  /** Sizes the completion and splits its days into windows, grouped ten a request. */
  async #plan(): Promise<Window[][]> {
    const signal = this.#options.signal;
    // One day (today's times): one window, asked at once; the batch says if it holds more than it returned.
    const { date_from: from, date_to: to } = this.#query;
    if (from !== undefined && from === to) {
      this.#plannedRequests = 1;
      return [[{ from, to }]];
    }
    // A few trips at each end, so that one record the client cannot read does not hide the day.
    const head = await this.#client.search(this.#query, { page: 1, limit: PROBE, signal });
    this.#requests += 1;
    if (head.total === 0) {
      this.#options.onPlanned?.({ total: 0, requests: 0 });
      return [];
    }
    const lastPage = Math.max(1, Math.ceil(head.total / PROBE));
    const tail =
      lastPage === 1 ? head : await this.#client.search(this.#query, { page: lastPage, limit: PROBE, signal });
    if (tail !== head) this.#requests += 1;
    const firstDay = head.routes[0]?.date ?? this.#query.date_from ?? EARLIEST;
    const lastDay = tail.routes.at(-1)?.date ?? this.#query.date_to ?? LATEST;
    const firstTrip = { date: firstDay };
    const days = daysBetween(firstTrip.date, lastDay) + 1;
    const perRequest = this.#options.tripsPerRequest ?? TRIPS_PER_REQUEST;
    const wantedRequests = Math.max(1, Math.ceil(head.total / perRequest));
    const windows = splitDays(
      { from: firstTrip.date, to: lastDay },
      Math.min(days, wantedRequests * QUERIES_PER_BATCH),
    );
    const groups: Window[][] = [];
    for (let at = 0; at < windows.length; at += QUERIES_PER_BATCH)
      groups.push(windows.slice(at, at + QUERIES_PER_BATCH));
    this.#plannedRequests = groups.length;
    this.#options.onPlanned?.({ total: head.total, requests: groups.length });
    return groups;
  }

  /** Every trip of the windows, held (those `keep` wants). */
  async #read(windows: Window[], keep: (trip: Trip) => boolean): Promise<Trip[]> {
    const trips: Trip[] = [];
    await this.#visit(windows, (trip) => void (keep(trip) && trips.push(trip)));
    return trips;
  }

  /**
   * Every trip of the windows told to `visit` in date order: one batch request, its entries read one at a time (a
   * window's trips are let go once visited), then the windows it did not answer whole, split again.
   */
  async #visit(windows: Window[], visit: (trip: Trip) => Promise<void> | void): Promise<void> {
    const entries = await this.#client.batchEntries(
      windows.map((window) => ({ ...this.#query, date_from: window.from, date_to: window.to })),
      { signal: this.#options.signal },
    );
    this.#requests += 1;
    // Entries come in the order of the windows; one that comes early waits for those before it.
    const early = new Map<number, BatchResult>();
    let next = 0;
    const settle = async (entry: BatchResult | undefined) => {
      const window = windows[next++] as Window;
      if (entry !== undefined && entry.routes.length >= entry.total) {
        for (const trip of entry.routes) await visit(trip);
      } else if (window.from === window.to) {
        for (const trip of await this.#readDay(window.from)) await visit(trip);
      } else await this.#visit(splitDays(window, QUERIES_PER_BATCH), visit);
    };
    for (const entry of entries) {
      if (entry.index < next || entry.index >= windows.length || early.has(entry.index)) continue;
      early.set(entry.index, entry);
      while (early.has(next)) await settle(take(early, next));
    }
    while (next < windows.length) await settle(take(early, next));
  }

  /** One day the batch did not answer whole: its search pages. */
  async #readDay(day: string): Promise<Trip[]> {
    const trips: Trip[] = [];
    const query = { ...this.#query, date_from: day, date_to: day };
    for await (const page of this.#client.searchPages(query, { limit: SEARCH_PAGE, signal: this.#options.signal })) {
      this.#requests += 1;
      trips.push(...page.routes);
    }
    return trips;
  }
}

/** The entry for window `index`, if it came, no longer held. */
function take(entries: Map<number, BatchResult>, index: number): BatchResult | undefined {
  const entry = entries.get(index);
  entries.delete(index);
  return entry;
}

function first(windows: Window[]): Window {
  return windows[0] as Window;
}

function last(windows: Window[]): Window {
  return windows[windows.length - 1] as Window;
}

/** Whole days from `from` to `to`. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The days of a window in `count` windows of (nearly) equal length, at most one a day. */
export function splitDays(window: Window, count: number): Window[] {
  const days = daysBetween(window.from, window.to) + 1;
  const parts = Math.max(1, Math.min(days, count));
  const windows: Window[] = [];
  let start = 0;
  for (let part = 0; part < parts; part++) {
    const length = Math.floor(days / parts) + (part < days % parts ? 1 : 0);
    windows.push({ from: addDays(window.from, start), to: addDays(window.from, start + length - 1) });
    start += length;
  }
  return windows;
}
