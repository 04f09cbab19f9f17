import type { ListingOptions, RouteClient } from '../client/client.js';
import type { BudgetClock } from '../client/rate-budget.js';
import type { Trip } from '../domain/types.js';
import { ServedCities } from './cities.js';
import { SharedRead } from './shared-read.js';

/** What one read of the full listing tells: the trips by id (up to a bound), and every city named. */
export interface ListingSnapshot {
  readonly trips: ReadonlyMap<string, Trip>;
  /** False when the listing held more trips than are kept: an id not in `trips` may still be listed. */
  readonly everyTrip: boolean;
  readonly cities: ServedCities;
  readonly readAt: number;
}

/** How long one listing read answers look-ups (trips by id, served cities) before it is read again. */
export const LISTING_TTL_MS = 60_000;
/** Trips kept by id from one read; past it only the cities are kept (a million trips would not fit a small process). */
export const MAX_KEPT_TRIPS = 250_000;

/** The system's clock, whose timers never keep a process alive: a CLI run ends when its work does. */
const RELEASING_CLOCK: BudgetClock = {
  now: () => Date.now(),
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

/**
 * One read of the full listing shared by every look-up of a process (or of an MCP session) for a while:
 * thirty look-ups by id are one request, not thirty. Concurrent callers wait for the same read. Once its time is
 * over, a read is let go (a long-lived server that falls idle does not keep a listing nobody will look at again).
 */
export class ListingCache {
  #current: SharedRead<ListingSnapshot> | undefined;
  #readAt = 0;
  #heldTrips = 0;
  #cancelRelease: (() => void) | undefined;
  #names: SharedRead<ServedCities> | undefined;
  #namesReadAt = 0;

  constructor(
    private readonly client: () => Promise<RouteClient>,
    private readonly ttlMs: number = LISTING_TTL_MS,
    private readonly clock: BudgetClock = RELEASING_CLOCK,
  ) {}

  /** Trips kept by the read held now (0 when none is held), for /metrics and the tests. */
  get heldTrips(): number {
    return this.#current === undefined ? 0 : this.#heldTrips;
  }

  /** The snapshot, read now unless a fresh one is held (a failed read is not kept); `signal` gives up this caller's wait. */
  snapshot(signal?: AbortSignal, onProgress?: ListingOptions['onProgress']): Promise<ListingSnapshot> {
    if (this.#current === undefined || this.clock.now() - this.#readAt > this.ttlMs) {
      this.#readAt = this.clock.now();
      // The caller that starts the read is told how it goes (bytes, records), to show it as `list` does.
      const read = new SharedRead((shared) => this.#read(shared, onProgress));
      this.#current = read;
      this.#heldTrips = 0;
      read.promise.then(
        (snapshot) => {
          if (this.#current === read) this.#heldTrips = snapshot.trips.size;
        },
        () => {
          if (this.#current === read) this.#current = undefined;
        },
      );
      this.#cancelRelease?.();
      this.#cancelRelease = this.clock.setTimer(() => {
        if (this.#current === read) this.#current = undefined;
      }, this.ttlMs + 1);
    }
    return this.#current.join(signal);
  }

  /** The snapshot when one is held and fresh (or being read), without starting a read. */
  async held(signal?: AbortSignal): Promise<ListingSnapshot | undefined> {
    if (this.#current === undefined || this.clock.now() - this.#readAt > this.ttlMs) return undefined;
    return this.#current.join(signal).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      return undefined;
    });
  }

  /**
   * The served cities: the held snapshot's, else one read of the listing that keeps only its city names (what a
   * typo's suggestions need), not the trips a snapshot keeps by id: a few kilobytes, where a snapshot of a
   * million-route listing holds a quarter of a million trips. Concurrent callers share the read, and its names
   * answer for as long as a snapshot would.
   */
  async cities(signal?: AbortSignal): Promise<ServedCities> {
    const held = await this.held(signal);
    if (held !== undefined) return held.cities;
    // Stamped when the read starts, as the snapshot is: a read longer than the 60 s is joined by none after them.
    if (this.#names === undefined || this.clock.now() - this.#namesReadAt > this.ttlMs) {
      this.#namesReadAt = this.clock.now();
      const read = new SharedRead((shared) => this.#readNames(shared));
      this.#names = read;
      read.promise.catch(() => {
        if (this.#names === read) this.#names = undefined;
      });
    }
    return this.#names.join(signal);
  }

  async #readNames(signal: AbortSignal): Promise<ServedCities> {
    const client = await this.client();
    const names = new Set<string>();
    for await (const trip of client.listing({ signal })) addNames(names, trip);
    return new ServedCities(names);
  }

  async #read(signal: AbortSignal, onProgress?: ListingOptions['onProgress']): Promise<ListingSnapshot> {
    const client = await this.client();
    const trips = new Map<string, Trip>();
    const names = new Set<string>();
    let everyTrip = true;
    for await (const trip of client.listing({ signal, ...(onProgress && { onProgress }) })) {
      addNames(names, trip);
      if (trips.size < MAX_KEPT_TRIPS) trips.set(trip.id, trip);
      else everyTrip = false;
    }
    return { trips, everyTrip, cities: new ServedCities(names), readAt: this.clock.now() };
  }
}

/** The cities a trip names: departure, stopovers and arrival. */
function addNames(names: Set<string>, trip: Trip): void {
  names.add(trip.depart);
  names.add(trip.arrival);
  for (const stop of trip.layovers) names.add(stop);
}
