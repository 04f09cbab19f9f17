import { CORRIDORS, GAPS, MAIN_LINE } from './corridors.js';
import { legMinutes, roadKm, type BaseRoutes } from './base-routes.js';
import { dayNumber, weekdayOfDay } from './days.js';
import { requireCityIndex } from './places.js';
import { createRandom, type Random } from './random.js';

/** Trips start this many days before the clock date (past trips, which listing and search leave out). */
export const GENERATED_DAYS_BEFORE = 5;
/** Trips run until this many days after the clock date (about six months). */
export const GENERATED_DAYS_AFTER = 182;
/** The first generated id; later ids grow by 1–3. */
export const FIRST_ID = 100_000;

const corridorStops = CORRIDORS.map((corridor) => corridor.cities.map(requireCityIndex));
const corridorWeights = cumulative(CORRIDORS.map((corridor) => corridor.weight));
const mainFrom = requireCityIndex(MAIN_LINE.from);
const mainTo = requireCityIndex(MAIN_LINE.to);
const mainStopovers = MAIN_LINE.stopovers.map(requireCityIndex);
const MAX_STOPS = 4;
const gaps = GAPS.map((gap) => ({
  a: requireCityIndex(gap.cities[0]),
  b: requireCityIndex(gap.cities[1]),
  every: gap.every,
  days: gap.days,
}));

/**
 * Generates `count` trips deterministically from the seed and the clock date: dates from a few days
 * before `today` to about six months after, written directly in (date, time, id) order.
 */
export function generateBaseRoutes(count: number, seed: number | string, today: string): BaseRoutes {
  const random = createRandom(`routes:${String(seed)}:${today}`);
  const firstDay = dayNumber(today) - GENERATED_DAYS_BEFORE;
  const perDay = tripsPerDay(count, firstDay, GENERATED_DAYS_BEFORE + GENERATED_DAYS_AFTER + 1);

  const base: BaseRoutes = {
    count,
    ids: new Uint32Array(count),
    days: new Int32Array(count),
    time0: new Uint16Array(count),
    stopStart: new Uint32Array(count + 1),
    stopCities: new Uint8Array(count * MAX_STOPS),
    slots: new Uint8Array(count * (MAX_STOPS - 1)),
    priceMin: new Uint16Array(count),
    priceMax: new Uint16Array(count),
    passengers: new Uint8Array(count),
    unpublished: new Uint8Array(count),
  };

  let index = 0;
  let stopCursor = 0;
  let id = FIRST_ID;
  const stops: number[] = [];
  for (let dayOffset = 0; dayOffset < perDay.length; dayOffset++) {
    const tripsToday = perDay[dayOffset] as number;
    // Departure times are independent of everything else, so drawing and sorting them first keeps the order.
    const times = new Uint16Array(tripsToday);
    for (let k = 0; k < tripsToday; k++) times[k] = random.int(20, 84) * 15;
    times.sort();
    for (let k = 0; k < tripsToday; k++, index++) {
      id += random.int(1, 3);
      base.ids[index] = id;
      base.days[index] = firstDay + dayOffset;
      base.time0[index] = times[k] as number;
      base.stopStart[index] = stopCursor;
      pickStopsEndingBy(random, stops, times[k] as number, firstDay + dayOffset);
      const legStart = stopCursor - index;
      for (let s = 0; s < stops.length; s++) base.stopCities[stopCursor + s] = stops[s] as number;
      fillSlots(random, base.slots, legStart, stops.length - 1);
      stopCursor += stops.length;
      const [min, max] = pickPrices(random, stops);
      base.priceMin[index] = min;
      base.priceMax[index] = max;
      base.passengers[index] = random.int(0, 2);
      base.unpublished[index] = random.chance(0.03) ? 1 : 0;
    }
  }
  base.stopStart[count] = stopCursor;
  return base;
}

/** Splits `count` trips over the days, with busier weekends, summing exactly to `count`. */
function tripsPerDay(count: number, firstDay: number, days: number): number[] {
  const weights = Array.from({ length: days }, (_, d) => ([0, 5, 6].includes(weekdayOfDay(firstDay + d)) ? 1.4 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const result: number[] = [];
  let assigned = 0;
  let running = 0;
  for (const weight of weights) {
    running += weight;
    const upTo = Math.round((running / total) * count);
    result.push(upTo - assigned);
    assigned = upTo;
  }
  return result;
}

/**
 * Picks stops whose last departure stays before midnight (late departures make short trips), else the last try;
 * never stops that join the two cities of a gap on one of its days.
 */
function pickStopsEndingBy(random: Random, out: number[], time0: number, day: number): void {
  let gapFree = false;
  for (let attempt = 0; attempt < 30 || !gapFree; attempt++) {
    pickStops(random, out);
    gapFree = !inGap(out, day);
    if (!gapFree) continue;
    const minutes = stopMinutes(out, time0);
    if ((minutes[minutes.length - 1] as number) < 1440) return;
  }
}

/** Whether the stops join both cities of a gap on one of the gap's days. */
function inGap(stops: readonly number[], day: number): boolean {
  for (const gap of gaps) {
    if (((day % gap.every) + gap.every) % gap.every < gap.days && stops.includes(gap.a) && stops.includes(gap.b))
      return true;
  }
  return false;
}

function pickStops(random: Random, out: number[]): void {
  out.length = 0;
  if (random.next() < MAIN_LINE.share) {
    const via = chooseInOrder(random, mainStopovers);
    out.push(mainFrom, ...via, mainTo);
  } else {
    const corridor = corridorStops[weightedIndex(random, corridorWeights)] as number[];
    const start = random.int(0, corridor.length - 2);
    const end = random.int(start + 1, corridor.length - 1);
    const via = chooseInOrder(random, corridor.slice(start + 1, end));
    out.push(corridor[start] as number, ...via, corridor[end] as number);
  }
  if (random.chance(0.5)) out.reverse();
}

/** Up to two of the candidates, keeping their order. */
function chooseInOrder(random: Random, candidates: readonly number[]): number[] {
  const wanted = Math.min(candidates.length, random.chance(0.4) ? 0 : random.chance(0.55) ? 1 : 2);
  if (wanted === 0) return [];
  if (wanted === 1) return [random.pick(candidates)];
  const first = random.int(0, candidates.length - 2);
  const second = random.int(first + 1, candidates.length - 1);
  return [candidates[first] as number, candidates[second] as number];
}

/** Free slots per leg: a few trips full (every leg 0), a few with one full leg, the rest 1–4 per leg. */
function fillSlots(random: Random, slots: Uint8Array, start: number, legs: number): void {
  const roll = random.next();
  const fullLeg = roll < 0.05 ? -1 : roll < 0.09 ? random.int(0, legs - 1) : -2;
  for (let leg = 0; leg < legs; leg++) {
    slots[start + leg] = fullLeg === -1 || fullLeg === leg ? 0 : random.int(1, 4);
  }
}

/** From 299 € by distance, rounded to 10 €; about 6% of trips are priced on quote (0 = null). */
function pickPrices(random: Random, stops: readonly number[]): [number, number] {
  if (random.chance(0.06)) return [0, 0];
  const km = roadKm(stops[0] as number, stops[stops.length - 1] as number);
  const min = Math.max(299, Math.round((120 + km * 0.25) / 10) * 10 + random.int(0, 6) * 10 - 1);
  return [min, min + random.int(5, 25) * 10];
}

function cumulative(weights: readonly number[]): number[] {
  let sum = 0;
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (sum += w) / total);
}

function weightedIndex(random: Random, cumulativeWeights: readonly number[]): number {
  const roll = random.next();
  const found = cumulativeWeights.findIndex((limit) => roll < limit);
  return found < 0 ? cumulativeWeights.length - 1 : found;
}

/** Departure minutes of every stop of a stop list, starting at `time0`. */
export function stopMinutes(stops: ArrayLike<number>, time0: number): number[] {
  const minutes = [time0];
  for (let s = 1; s < stops.length; s++) {
    minutes.push((minutes[s - 1] as number) + legMinutes(stops[s - 1] as number, stops[s] as number));
  }
  return minutes;
}
