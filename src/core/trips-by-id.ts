import type { ListingOptions, RouteClient } from '../client/client.js';
import type { Trip } from '../domain/types.js';
import { ApiError } from '../errors.js';
import type { ListingCache, ListingSnapshot } from './listing-snapshot.js';
import { SharedRead } from './shared-read.js';

const MAIN_PAIR = { depart: 'Paris', arrival: 'Marseille' } as const;
const PAGE_SIZE = 100;
const MAX_COMPLETIONS = 1_000;
/** The main line's ids are as fresh as the cache that serves them: a few seconds' reuse saves a request a call. */
const MAIN_LINE_IDS_TTL_MS = 10_000;

/** How a trip was found, for --verbose and the tests: which endpoints it took. */
export type FoundThrough = 'cache' | 'listing';

/** A trip found by id, completed to its real legs, times and places, and how it was found. */
export interface FoundTrip {
  trip: Trip;
  through: FoundThrough;
  /** False when the search of its day no longer had it: the trip is the listing's record, whose legs may be unknown. */
  complete: boolean;
}

/**
 * Trips by id, for every face: the API has no single-trip endpoint, so a trip is found in the full listing (one read
 * shared for a while, see ListingCache) — or, before any listing read, through the Paris–Marseille cache, which is
 * small — and then completed from one search of its day and cities, since a listing record may carry neither its
 * stopovers nor the free places of each leg.
 */
export class TripFinder {
  /** Completions live as long as the listing read they complete (places change, and a session may run for days). */
  readonly #completions = new WeakMap<ListingSnapshot, Map<string, SharedRead<Trip | undefined>>>();
  /** The Paris–Marseille cache's ids, read once for calls made together (thirty look-ups, one request). */
  #mainLineIds: { at: number; ids: SharedRead<readonly string[]> } | undefined;

  constructor(
    private readonly client: () => Promise<RouteClient>,
    private readonly listing: ListingCache,
  ) {}

  /** The trip with this id, completed; undefined when no upcoming trip has it. */
  async find(
    id: string,
    signal?: AbortSignal,
    onProgress?: ListingOptions['onProgress'],
  ): Promise<FoundTrip | undefined> {
    const held = await this.listing.held(signal);
    if (held === undefined) {
      const fromCache = await this.#throughMainLineCache(id, signal);
      if (fromCache) return { trip: fromCache, through: 'cache', complete: true };
    }
    const snapshot = held ?? (await this.listing.snapshot(signal, onProgress));
    const listed = snapshot.trips.get(id) ?? (snapshot.everyTrip ? undefined : await this.#streamFor(id, signal));
    if (listed === undefined) return undefined;
    const completed = await this.#complete(listed, snapshot, signal);
    return { trip: completed ?? listed, through: 'listing', complete: completed !== undefined };
  }

  /** The trip as search gives it (every leg, time and place), from the pages of its day and cities. */
  #complete(listed: Trip, snapshot: ListingSnapshot, signal: AbortSignal | undefined): Promise<Trip | undefined> {
    let completions = this.#completions.get(snapshot);
    if (completions === undefined) {
      completions = new Map();
      this.#completions.set(snapshot, completions);
    }
    const key = listed.id;
    let completion = completions.get(key);
    if (completion === undefined) {
      if (completions.size >= MAX_COMPLETIONS) completions.clear();
      const read = new SharedRead((shared) => this.#searchDay(listed, shared));
      completions.set(key, read);
      const held = completions;
      read.promise.catch(() => held.delete(key));
      completion = read;
    }
    return completion.join(signal);
  }

  async #searchDay(listed: Trip, signal: AbortSignal): Promise<Trip | undefined> {
    const client = await this.client();
    const query = { depart: listed.depart, arrival: listed.arrival, date_from: listed.date, date_to: listed.date };
    try {
      for (let page = 1; ; page++) {
        const answer = await client.search(query, { page, limit: PAGE_SIZE, signal });
        const trip = answer.routes.find((route) => route.id === listed.id);
        if (trip !== undefined || !answer.has_next || answer.routes.length === 0) return trip;
      }
    } catch (error) {
      // The listing already answered; a failed completion leaves the listed record, said incomplete, to the caller.
      if (signal.aborted || !(error instanceof ApiError)) throw error;
      return undefined;
    }
  }

  /** The trip through the Paris–Marseille cache and one search page, when it is on that line. */
  async #throughMainLineCache(id: string, signal: AbortSignal | undefined): Promise<Trip | undefined> {
    const client = await this.client();
    if (this.#mainLineIds === undefined || Date.now() - this.#mainLineIds.at > MAIN_LINE_IDS_TTL_MS) {
      // The cache cannot be read: the listing still can, so a service's refusal only means this path is not taken.
      const ids = new SharedRead((shared) =>
        client.parisMarseilleCache({ signal: shared }).then(
          (cache): readonly string[] => cache.ids,
          (error: unknown) => {
            if (error instanceof ApiError) return [];
            throw error;
          },
        ),
      );
      const entry = { at: Date.now(), ids };
      this.#mainLineIds = entry;
      ids.promise.catch(() => {
        if (this.#mainLineIds === entry) this.#mainLineIds = undefined;
      });
    }
    const position = (await this.#mainLineIds.ids.join(signal)).indexOf(id);
    if (position < 0) return undefined;
    const page = await client.search(MAIN_PAIR, {
      page: Math.floor(position / PAGE_SIZE) + 1,
      limit: PAGE_SIZE,
      ...(signal ? { signal } : {}),
    });
    return page.routes.find((route) => route.id === id);
  }

  /** A listing too large to keep whole: read again, closed at the trip. */
  async #streamFor(id: string, signal: AbortSignal | undefined): Promise<Trip | undefined> {
    const client = await this.client();
    for await (const trip of client.listing(signal ? { signal } : {})) {
      if (trip.id === id) return trip;
    }
    return undefined;
  }
}
