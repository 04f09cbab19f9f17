import { stopsInOrder } from '../domain/stops-order.js';
import { foldName } from '../domain/text.js';
import { isBaseBookable, type BaseRoutes } from './base-routes.js';
import { CITIES } from './places.js';

/** Folded filters and an inclusive day range; an undefined filter matches every trip. */
export interface MatchCriteria {
  depart: string | undefined;
  arrival: string | undefined;
  fromDay: number;
  toDay: number;
}

const foldedCityNames = CITIES.map((city) => foldName(city.name));

/**
 * Finds generated trips without scanning them all: one list of bookable trip indices per city
 * (sorted, hence in date/time order), narrowed to the date range by binary search, then each
 * candidate checked for the stop order rule.
 */
export class BaseSearchIndex {
  private readonly byCity: Uint32Array[];
  private readonly bookable: Uint32Array;
  private readonly masks = new Map<string, Uint8Array | null>();

  constructor(private readonly base: BaseRoutes) {
    const perCity = new Uint32Array(CITIES.length);
    const bookableFlags = new Uint8Array(base.count);
    let bookableCount = 0;
    for (let i = 0; i < base.count; i++) {
      if (!isBaseBookable(base, i)) continue;
      bookableFlags[i] = 1;
      bookableCount++;
      for (let s = base.stopStart[i] as number; s < (base.stopStart[i + 1] as number); s++)
        perCity[base.stopCities[s] as number]! += 1;
    }
    this.byCity = Array.from(perCity, (size) => new Uint32Array(size));
    this.bookable = new Uint32Array(bookableCount);
    const filled = new Uint32Array(CITIES.length);
    let b = 0;
    for (let i = 0; i < base.count; i++) {
      if (!bookableFlags[i]) continue;
      this.bookable[b++] = i;
      for (let s = base.stopStart[i] as number; s < (base.stopStart[i + 1] as number); s++) {
        const city = base.stopCities[s] as number;
        (this.byCity[city] as Uint32Array)[filled[city]!++] = i;
      }
    }
  }

  /** Indices of the bookable trips, in date/time order. */
  bookableTrips(): Uint32Array {
    return this.bookable;
  }

  /** City indices that appear in at least one bookable trip. */
  servedCities(): number[] {
    return this.byCity.flatMap((list, city) => (list.length > 0 ? [city] : []));
  }

  /** Bookable trip indices matching the criteria, in date/time order; `removed` flags trips to skip. */
  match(criteria: MatchCriteria, removed: Uint8Array | undefined): Uint32Array {
    const departMask = this.maskFor(criteria.depart);
    const arrivalMask = this.maskFor(criteria.arrival);
    if (departMask === null || arrivalMask === null) return new Uint32Array(0);
    if (!departMask && !arrivalMask) {
      const range = this.inDateRange(this.bookable, criteria);
      return removed ? range.filter((i) => !removed[i]) : range;
    }
    const candidates = this.candidates(departMask, arrivalMask, criteria);
    const { stopCities, stopStart } = this.base;
    // The shared stop-order rule (domain/stops-order.ts), its two tests built once per search.
    const isDeparture = departMask && ((stop: number) => departMask[stopCities[stop] as number] === 1);
    const isArrival = arrivalMask && ((stop: number) => arrivalMask[stopCities[stop] as number] === 1);
    const out = new Uint32Array(candidates.length);
    let n = 0;
    for (const i of candidates) {
      if (removed?.[i]) continue;
      if (stopsInOrder(stopStart[i] as number, stopStart[i + 1] as number, isDeparture, isArrival)) out[n++] = i;
    }
    return out.subarray(0, n);
  }

  /** The date-ranged trips of the side with fewer postings (union over its matching cities). */
  private candidates(
    departMask: Uint8Array | undefined,
    arrivalMask: Uint8Array | undefined,
    criteria: MatchCriteria,
  ): Uint32Array {
    const sides = [departMask, arrivalMask].filter((mask): mask is Uint8Array => mask !== undefined);
    const sizes = sides.map((mask) => this.byCity.reduce((sum, list, city) => sum + (mask[city] ? list.length : 0), 0));
    const mask =
      sides.length === 2 && (sizes[1] as number) < (sizes[0] as number)
        ? (sides[1] as Uint8Array)
        : (sides[0] as Uint8Array);
    const lists: Uint32Array[] = [];
    mask.forEach((hit, city) => {
      if (hit) lists.push(this.inDateRange(this.byCity[city] as Uint32Array, criteria));
    });
    if (lists.length === 1) return lists[0] as Uint32Array;
    const merged = new Uint32Array(lists.reduce((sum, list) => sum + list.length, 0));
    let offset = 0;
    for (const list of lists) {
      merged.set(list, offset);
      offset += list.length;
    }
    merged.sort();
    let unique = 0;
    for (let k = 0; k < merged.length; k++)
      if (k === 0 || merged[k] !== merged[k - 1]) merged[unique++] = merged[k] as number;
    return merged.subarray(0, unique);
  }

  /** The part of a sorted trip-index list whose dates fall in the inclusive range (a view, no copy). */
  private inDateRange(list: Uint32Array, criteria: MatchCriteria): Uint32Array {
    const days = this.base.days;
    const lowerBound = (day: number): number => {
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((days[list[mid] as number] as number) < day) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return list.subarray(lowerBound(criteria.fromDay), lowerBound(criteria.toDay + 1));
  }

  /** undefined: no filter; null: a filter no table city matches; else a per-city hit mask. */
  private maskFor(folded: string | undefined): Uint8Array | undefined | null {
    if (folded === undefined) return undefined;
    const cached = this.masks.get(folded);
    if (cached !== undefined) return cached;
    const mask = new Uint8Array(CITIES.length);
    let any = false;
    foldedCityNames.forEach((name, city) => {
      if (name.includes(folded)) {
        mask[city] = 1;
        any = true;
      }
    });
    const result = any ? mask : null;
    if (this.masks.size > 1000) this.masks.clear();
    this.masks.set(folded, result);
    return result;
  }
}

/** The same stop-order rule on plain folded stop names (for trips added at run time). */
export function foldedStopsMatch(
  stops: readonly string[],
  depart: string | undefined,
  arrival: string | undefined,
): boolean {
  return stopsInOrder(
    0,
    stops.length,
    depart === undefined ? undefined : (stop) => (stops[stop] as string).includes(depart),
    arrival === undefined ? undefined : (stop) => (stops[stop] as string).includes(arrival),
  );
}
