import type { Trip } from '../domain/types.js';

/** One trip each way that a traveller can actually take together. */
export interface RoundTripPair<T extends Trip = Trip> {
  /** The trip there. */
  outbound: T;
  /** The trip back, leaving after the outbound arrives. */
  back: T;
  /** The two lowest prices added, or null when either is on quote. */
  total: number | null;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * When a trip reaches its last stop, as `YYYY-MM-DD HH:MM` (comparable as text): its arrival time, the next day
 * when that time is earlier than the departure (an overnight trip); the end of its day when no arrival time is known.
 */
export function arrivalMoment(trip: Trip): string {
  const arrival = trip.times.length === trip.layovers.length + 2 ? trip.times[trip.times.length - 1] : undefined;
  if (arrival === undefined || !CLOCK.test(arrival)) return `${trip.date} 24:00`;
  const departure = trip.times[0] ?? '00:00';
  return arrival < departure ? `${nextDay(trip.date)} ${arrival}` : `${trip.date} ${arrival}`;
}

/** When a trip leaves its first stop, as `YYYY-MM-DD HH:MM`; the start of its day when no time is known. */
export function departureMoment(trip: Trip): string {
  const departure = trip.times[0];
  return `${trip.date} ${departure !== undefined && CLOCK.test(departure) ? departure : '00:00'}`;
}

/**
 * Whether the way back leaves after the way out has arrived: the one rule a round trip must keep.
 * @example
 * ```ts
 * canPair(
 *   { ...trip, date: '2026-12-05', times: ['08:30', '18:45'] },
 *   { ...trip, date: '2026-12-06', times: ['09:00', '19:00'] },
 * ); // true: the return leaves the day after the arrival
 * ```
 */
export function canPair(outbound: Trip, back: Trip): boolean {
  return departureMoment(back) > arrivalMoment(outbound);
}

/**
 * The cheapest pair a traveller can take (both priced), or undefined when no priced pair keeps the rule.
 * @example
 * ```ts
 * const [there, back] = await Promise.all([
 *   client.search({ depart: 'Paris', arrival: 'Marseille', date_from: '2026-12-05', date_to: '2026-12-05' }),
 *   client.search({ depart: 'Marseille', arrival: 'Paris', date_from: '2026-12-06', date_to: '2026-12-08' }),
 * ]);
 * const pair = cheapestRoundTrip(there.routes, back.routes);
 * if (pair) console.log(pair.outbound.id, pair.back.id, `${pair.total} €`);
 * ```
 */
export function cheapestRoundTrip<T extends Trip>(
  outbound: readonly T[],
  back: readonly T[],
): RoundTripPair<T> | undefined {
  let best: RoundTripPair<T> | undefined;
  for (const out of outbound) {
    if (out.price_min === null) continue;
    for (const ret of back) {
      if (ret.price_min === null || !canPair(out, ret)) continue;
      const total = out.price_min + ret.price_min;
      if (best === undefined || total < (best.total ?? Infinity)) best = { outbound: out, back: ret, total };
    }
  }
  return best;
}

/** Whether any pair at all (priced or on quote) keeps the rule. */
export function anyRoundTrip(outbound: readonly Trip[], back: readonly Trip[]): boolean {
  return outbound.some((out) => back.some((ret) => canPair(out, ret)));
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
