import type { Trip } from '../../domain/types.js';

/** Trips remembered after they went: at most this many, the longest gone forgotten first. */
export const MAX_GONE_TRIPS = 10_000;

/**
 * The trips a watch saw go, so that one coming back is reported as freed, not new. Bounded over days:
 * a trip whose date has passed is forgotten (it departed and cannot come back), and past MAX_GONE_TRIPS
 * those gone longest are forgotten first (a tenth of them at once).
 */
export class GoneTrips implements ReadonlyMap<string, Trip> {
  readonly #trips = new Map<string, Trip>();

  constructor(private readonly limit = MAX_GONE_TRIPS) {}

  /** Remembers a trip that went (again: it moves to the newest end). */
  remember(trip: Trip): void {
    this.#trips.delete(trip.id);
    this.#trips.set(trip.id, trip);
    if (this.#trips.size <= this.limit) return;
    // A Map iterates in insertion order, the trip gone longest first. A tenth goes at once: a Map keeps what it
    // deleted until it is rebuilt, so dropping one key per trip (each scan past every earlier hole) was quadratic.
    let excess = this.#trips.size - (this.limit - Math.floor(this.limit / 10));
    for (const id of this.#trips.keys()) {
      if (excess-- <= 0) break;
      this.#trips.delete(id);
    }
  }

  /** Forgets a trip that came back. */
  forget(id: string): void {
    this.#trips.delete(id);
  }

  /** Forgets the trips dated before `today` (YYYY-MM-DD): they have departed. */
  forgetDeparted(today: string): void {
    for (const [id, trip] of this.#trips) if (trip.date < today) this.#trips.delete(id);
  }

  get size(): number {
    return this.#trips.size;
  }
  get(id: string): Trip | undefined {
    return this.#trips.get(id);
  }
  has(id: string): boolean {
    return this.#trips.has(id);
  }
  forEach(callback: (trip: Trip, id: string, map: ReadonlyMap<string, Trip>) => void): void {
    for (const [id, trip] of this.#trips) callback(trip, id, this);
  }
  entries(): MapIterator<[string, Trip]> {
    return this.#trips.entries();
  }
  keys(): MapIterator<string> {
    return this.#trips.keys();
  }
  values(): MapIterator<Trip> {
    return this.#trips.values();
  }
  [Symbol.iterator](): MapIterator<[string, Trip]> {
    return this.#trips[Symbol.iterator]();
  }
}
