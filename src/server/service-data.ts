import { foldName } from '../domain/text.js';
import { findBaseIndex, type BaseRoutes } from './base-routes.js';
import { clockOfMinutes, dayNumber, isoOfDay, minutesOfClock } from './days.js';
import { stopMinutes } from './generate.js';
import { CITIES } from './places.js';
import { BaseSearchIndex, foldedStopsMatch, type MatchCriteria } from './search-index.js';
import { checkSlots, parseNewTrip } from './trip-input.js';
import { hasFreeSlot, TripInputError, type NewTrip, type ServiceTrip } from './service-trip.js';

/** A trip added or changed at run time, with what ordering and matching need precomputed. */
interface ExtraTrip {
  trip: ServiceTrip;
  idNumber: number;
  day: number;
  minute0: number;
  foldedStops: string[];
}

/**
 * A reference to one trip in a match list: a generated trip's index (>= 0), or -(k + 1) for the
 * k-th run-time trip of the snapshot the list was made from.
 */
export type TripRef = number;

/** A match list and the run-time trips its negative refs point into. */
export interface MatchList {
  refs: Int32Array;
  extras: readonly ExtraTrip[];
}

const CACHE_MAX_ENTRIES = 256;
const CACHE_MAX_REFS = 4_000_000;

/**
 * The service's trips: the generated columns plus an overlay of trips added or changed at run time
 * (a changed generated trip is hidden and re-added to the overlay). Tests reach it as `server.data`.
 */
export class ServiceData {
  private readonly index: BaseSearchIndex;
  private readonly removed: Uint8Array;
  private removedCount = 0;
  private readonly extrasById = new Map<string, ExtraTrip>();
  private extrasSorted: ExtraTrip[] = [];
  private cache = new Map<string, Int32Array>();
  private cachedRefs = 0;
  private lastId: number;
  /** Grows on every change, so anything derived from the data can tell it is stale. */
  version = 0;

  constructor(readonly base: BaseRoutes) {
    this.index = new BaseSearchIndex(base);
    this.removed = new Uint8Array(base.count);
    this.lastId = base.count > 0 ? (base.ids[base.count - 1] as number) : 99_999;
  }

  /** Number of stored trips, whatever their date, visibility or free slots. */
  get size(): number {
    return this.base.count - this.removedCount + this.extrasById.size;
  }

  /** One trip by id (hidden, past and full trips included), or undefined. */
  getTrip(id: string): ServiceTrip | undefined {
    const extra = this.extrasById.get(id);
    if (extra) return copyTrip(extra.trip);
    const index = this.baseIndexOf(id);
    return index < 0 ? undefined : this.baseTrip(index);
  }

  /** Adds a trip (defaults filled in; see NewTrip; untrusted JSON is checked) and returns it as stored. Throws TripInputError. */
  addTrip(input: NewTrip | Record<string, unknown>): ServiceTrip {
    const trip = parseNewTrip(
      input,
      () => String(this.lastId + 1),
      (id) => this.getTrip(id) !== undefined,
    );
    this.putExtra(trip);
    return copyTrip(trip);
  }

  /**
   * Test-only, in-process only (no HTTP path reaches it): stores a trip exactly as given, skipping every
   * check, so tests can serve hostile or impossible data (escape sequences, 2026-02-30, negative slots).
   * The id must still be decimal digits (it orders the trips); any other field may hold anything.
   */
  addRawTrip(trip: ServiceTrip): ServiceTrip {
    this.putExtra(copyTrip(trip));
    return copyTrip(trip);
  }

  /** Replaces a trip's per-leg slots (checked at run time); throws TripInputError on an unknown id or bad slots. */
  setSlots(id: string, slots: readonly number[] | readonly unknown[]): ServiceTrip {
    const trip = this.getTrip(id);
    if (!trip) throw new TripInputError(`no trip with id ${id}`);
    const updated = { ...trip, slots: checkSlots(slots, trip.layovers.length + 1) };
    this.removeTrip(id);
    this.putExtra(updated);
    return copyTrip(updated);
  }

  /** Deletes a trip; false when there was none with this id. */
  removeTrip(id: string): boolean {
    if (this.extrasById.delete(id)) {
      this.extrasSorted = this.extrasSorted.filter((extra) => extra.trip.id !== id);
      this.changed();
      return true;
    }
    const index = this.baseIndexOf(id);
    if (index < 0) return false;
    this.removed[index] = 1;
    this.removedCount++;
    this.changed();
    return true;
  }

  /** Stored trips in date/time/id order; `visibleOnly` keeps the ones search could return (any date). */
  listTrips(options: { visibleOnly?: boolean; limit?: number } = {}): ServiceTrip[] {
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const list: ServiceTrip[] = [];
    const extras = this.extrasSorted.filter((extra) => !options.visibleOnly || isBookable(extra.trip));
    let e = 0;
    const pushExtrasBefore = (day: number, minute: number, id: number): void => {
      while (e < extras.length && list.length < limit && compareExtra(extras[e] as ExtraTrip, day, minute, id) < 0) {
        list.push(copyTrip((extras[e++] as ExtraTrip).trip));
      }
    };
    const baseList = options.visibleOnly ? this.index.bookableTrips() : undefined;
    const total = baseList ? baseList.length : this.base.count;
    for (let k = 0; k < total && list.length < limit; k++) {
      const i = baseList ? (baseList[k] as number) : k;
      if (this.removed[i]) continue;
      pushExtrasBefore(this.base.days[i] as number, this.base.time0[i] as number, this.base.ids[i] as number);
      if (list.length < limit) list.push(this.baseTrip(i));
    }
    pushExtrasBefore(Number.POSITIVE_INFINITY, 0, 0);
    return list;
  }

  /** Bookable trips matching folded filters in an inclusive day range, in date/time/id order. */
  match(criteria: MatchCriteria): MatchList {
    const key = `${criteria.depart ?? '\u0000'}|${criteria.arrival ?? '\u0000'}|${criteria.fromDay}|${criteria.toDay}`;
    const extras = this.extrasSorted;
    const cached = this.cache.get(key);
    if (cached) return { refs: cached, extras };
    const baseMatches = this.index.match(criteria, this.removedCount > 0 ? this.removed : undefined);
    const extraRefs: number[] = [];
    extras.forEach((extra, k) => {
      if (
        extra.day >= criteria.fromDay &&
        extra.day <= criteria.toDay &&
        isBookable(extra.trip) &&
        foldedStopsMatch(extra.foldedStops, criteria.depart, criteria.arrival)
      ) {
        extraRefs.push(k);
      }
    });
    const refs = extraRefs.length === 0 ? asInt32(baseMatches) : this.mergeRefs(baseMatches, extraRefs, extras);
    this.remember(key, refs);
    return { refs, extras };
  }

  /** Every bookable trip from `fromDay` on, in date/time/id order (what the full listing streams). */
  *bookableFrom(fromDay: number): Generator<ServiceTrip> {
    const { refs, extras } = this.match({
      depart: undefined,
      arrival: undefined,
      fromDay,
      toDay: Number.MAX_SAFE_INTEGER,
    });
    for (let k = 0; k < refs.length; k++) yield this.tripOf(refs[k] as number, extras);
  }

  /** The trip a match-list ref points to. */
  tripOf(ref: TripRef, extras: readonly ExtraTrip[]): ServiceTrip {
    return ref >= 0 ? this.baseTrip(ref) : copyTrip((extras[-ref - 1] as ExtraTrip).trip);
  }

  /** Names of the cities that appear in at least one bookable trip. */
  servedCityNames(): string[] {
    const names = new Set(this.index.servedCities().map((city) => (CITIES[city] as { name: string }).name));
    for (const extra of this.extrasSorted) {
      if (!isBookable(extra.trip)) continue;
      for (const stop of [extra.trip.depart, ...extra.trip.layovers, extra.trip.arrival]) names.add(stop);
    }
    return [...names];
  }

  private baseTrip(i: number): ServiceTrip {
    const { base } = this;
    const first = base.stopStart[i] as number;
    const end = base.stopStart[i + 1] as number;
    const stops = base.stopCities.subarray(first, end);
    const names = Array.from(stops, (city) => (CITIES[city] as { name: string }).name);
    const priceMin = base.priceMin[i] as number;
    return {
      id: String(base.ids[i]),
      date: isoOfDay(base.days[i] as number),
      depart: names[0] as string,
      arrival: names[names.length - 1] as string,
      layovers: names.slice(1, -1),
      price_min: priceMin === 0 ? null : priceMin,
      price_max: priceMin === 0 ? null : (base.priceMax[i] as number),
      slots: Array.from(base.slots.subarray(first - i, end - i - 1)),
      times: stopMinutes(stops, base.time0[i] as number).map(clockOfMinutes),
      published: base.unpublished[i] === 0,
      passenger_places: base.passengers[i] as number,
    };
  }

  private baseIndexOf(id: string): number {
    if (!/^[1-9]\d{0,14}$/.test(id)) return -1;
    const index = findBaseIndex(this.base, Number(id));
    return index >= 0 && !this.removed[index] ? index : -1;
  }

  private putExtra(trip: ServiceTrip): void {
    const extra: ExtraTrip = {
      trip,
      idNumber: Number(trip.id),
      day: dayNumber(trip.date),
      minute0: minutesOfClock(trip.times[0] ?? '00:00'),
      foldedStops: [trip.depart, ...trip.layovers, trip.arrival].map(foldName),
    };
    this.extrasById.set(trip.id, extra);
    this.extrasSorted = [...this.extrasSorted, extra].sort((a, b) => compareExtra(a, b.day, b.minute0, b.idNumber));
    this.lastId = Math.max(this.lastId, extra.idNumber);
    this.changed();
  }

  private mergeRefs(baseMatches: Uint32Array, extraRefs: number[], extras: readonly ExtraTrip[]): Int32Array {
    const merged = new Int32Array(baseMatches.length + extraRefs.length);
    let b = 0;
    let e = 0;
    for (let k = 0; k < merged.length; k++) {
      const extra = extras[extraRefs[e] ?? -1];
      const baseIndex = baseMatches[b];
      const takeExtra =
        extra !== undefined &&
        (baseIndex === undefined ||
          compareExtra(
            extra,
            this.base.days[baseIndex] as number,
            this.base.time0[baseIndex] as number,
            this.base.ids[baseIndex] as number,
          ) < 0);
      merged[k] = takeExtra ? -(extraRefs[e++] as number) - 1 : (baseMatches[b++] as number);
    }
    return merged;
  }

  private remember(key: string, refs: Int32Array): void {
    if (this.cache.size >= CACHE_MAX_ENTRIES || this.cachedRefs + refs.length > CACHE_MAX_REFS) {
      this.cache.clear();
      this.cachedRefs = 0;
    }
    this.cache.set(key, refs);
    this.cachedRefs += refs.length;
  }

  private changed(): void {
    this.version++;
    this.cache.clear();
    this.cachedRefs = 0;
  }
}

function isBookable(trip: ServiceTrip): boolean {
  return trip.published && hasFreeSlot(trip);
}

function compareExtra(extra: ExtraTrip, day: number, minute: number, id: number): number {
  return extra.day - day || extra.minute0 - minute || extra.idNumber - id;
}

function asInt32(list: Uint32Array): Int32Array {
  return new Int32Array(list.buffer, list.byteOffset, list.length);
}

function copyTrip(trip: ServiceTrip): ServiceTrip {
  return { ...trip, layovers: [...trip.layovers], slots: [...trip.slots], times: [...trip.times] };
}
