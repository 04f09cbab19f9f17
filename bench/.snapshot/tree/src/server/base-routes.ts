import { CITIES, haversineKm } from './places.js';

/**
 * The generated trips in compact columns (one entry per trip, trips sorted by date, then departure
 * time, then id), so a million trips cost tens of megabytes instead of a million objects.
 * Stops are city indices into CITIES; trip i's stops are stopCities[stopStart[i] .. stopStart[i+1]),
 * and its per-leg slots start at slots[stopStart[i] - i] (one leg fewer than stops).
 */
export interface BaseRoutes {
  count: number;
  /** Numeric ids, strictly increasing with the index. */
  ids: Uint32Array;
  days: Int32Array;
  /** Departure time at the first stop, minutes after midnight. */
  time0: Uint16Array;
  stopStart: Uint32Array;
  stopCities: Uint8Array;
  slots: Uint8Array;
  /** 0 means priced on quote (null). */
  priceMin: Uint16Array;
  priceMax: Uint16Array;
  passengers: Uint8Array;
  /** 1 when the trip is not published. */
  unpublished: Uint8Array;
}

const ROAD_FACTOR = 1.25;
const AVERAGE_KMH = 85;
const STOP_MINUTES = 20;

/** Road kilometres between two table cities (great circle × a road factor). */
export function roadKm(from: number, to: number): number {
  const a = CITIES[from];
  const b = CITIES[to];
  if (!a || !b) return 0;
  return haversineKm(a.lat, a.lon, b.lat, b.lon) * ROAD_FACTOR;
}

const cityCount = CITIES.length;
const legMinutesTable = new Uint16Array(cityCount * cityCount);
for (let a = 0; a < cityCount; a++) {
  for (let b = 0; b < cityCount; b++) {
    legMinutesTable[a * cityCount + b] = Math.round(((roadKm(a, b) / AVERAGE_KMH) * 60) / 5) * 5 + STOP_MINUTES;
  }
}

/** Minutes from departing one stop to departing the next (driving plus a stop). */
export function legMinutes(from: number, to: number): number {
  return legMinutesTable[from * cityCount + to] ?? 0;
}

/** True when trip i is published and has a free slot on at least one leg. */
export function isBaseBookable(base: BaseRoutes, i: number): boolean {
  if (base.unpublished[i]) return false;
  const legStart = (base.stopStart[i] as number) - i;
  const legEnd = (base.stopStart[i + 1] as number) - (i + 1);
  for (let leg = legStart; leg < legEnd; leg++) if ((base.slots[leg] as number) > 0) return true;
  return false;
}

/** Index of the trip with this numeric id, or -1 (binary search: ids increase with the index). */
export function findBaseIndex(base: BaseRoutes, id: number): number {
  let lo = 0;
  let hi = base.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = base.ids[mid] as number;
    if (value === id) return mid;
    if (value < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
