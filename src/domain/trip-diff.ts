import { compareTrips } from './trip-filter.js';
import type { Trip } from './types.js';

/** What changed about one trip between two looks at a search. */
export type TripChangeType = 'new' | 'gone' | 'freed' | 'taken';

/** One change: the trip (as last seen), and for freed/taken its per-leg places before and after. */
export interface TripChange {
  type: TripChangeType;
  trip: Trip;
  before?: number[];
  after?: number[];
}

/** A change with the time it was noticed: the record `watch` prints (`--format ndjson`) and passes to `--exec`. */
export interface WatchEvent extends TripChange {
  /** ISO 8601 timestamp. */
  time: string;
}

/** Trips by id (a later duplicate of an id replaces an earlier one). */
export function indexTrips(trips: Iterable<Trip>): Map<string, Trip> {
  const byId = new Map<string, Trip>();
  for (const trip of trips) byId.set(trip.id, trip);
  return byId;
}

/**
 * Compares two snapshots: trips that appeared (new), disappeared (gone — full, cancelled, departed
 * or no longer matching), and trips with more free places on some leg (freed) or fewer (taken); a
 * trip can be both when one leg gained and another lost. A trip in `gone` (reported gone earlier)
 * that comes back got places back: it is freed (from none), not new. Order: new, freed, taken,
 * gone, each by date.
 */
export function diffTrips(
  before: ReadonlyMap<string, Trip>,
  after: ReadonlyMap<string, Trip>,
  gone: ReadonlyMap<string, Trip> = new Map(),
): TripChange[] {
  const byDate = compareTrips('date');
  const added: TripChange[] = [];
  const freed: TripChange[] = [];
  const taken: TripChange[] = [];
  const vanished: TripChange[] = [];
  for (const trip of [...after.values()].sort(byDate)) {
    const previous = before.get(trip.id);
    if (!previous && gone.has(trip.id)) {
      freed.push({ type: 'freed', trip, before: trip.slots.map(() => 0), after: [...trip.slots] });
      continue;
    }
    if (!previous) {
      added.push({ type: 'new', trip });
      continue;
    }
    const { rose, fell } = compareSlots(previous.slots, trip.slots);
    const slots = { before: [...previous.slots], after: [...trip.slots] };
    if (rose) freed.push({ type: 'freed', trip, ...slots });
    if (fell) taken.push({ type: 'taken', trip, ...slots });
  }
  for (const trip of [...before.values()].sort(byDate)) if (!after.has(trip.id)) vanished.push({ type: 'gone', trip });
  return [...added, ...freed, ...taken, ...vanished];
}

/** Stamps changes with the time they were noticed, keys in the documented order. */
export function toWatchEvents(changes: readonly TripChange[], time: Date): WatchEvent[] {
  const stamp = time.toISOString();
  return changes.map((change) => ({
    time: stamp,
    type: change.type,
    trip: change.trip,
    ...(change.before ? { before: change.before } : {}),
    ...(change.after ? { after: change.after } : {}),
  }));
}

function compareSlots(before: readonly number[], after: readonly number[]): { rose: boolean; fell: boolean } {
  if (before.length !== after.length) {
    // A different number of legs cannot be compared leg by leg: compare the totals.
    const total = (slots: readonly number[]) => slots.reduce((sum, n) => sum + n, 0);
    return { rose: total(after) > total(before), fell: total(after) < total(before) };
  }
  return {
    rose: after.some((n, leg) => n > (before[leg] ?? 0)),
    fell: after.some((n, leg) => n < (before[leg] ?? 0)),
  };
}
