import { compareTrips } from '../../domain/trip-filter.js';
import type { Trip } from '../../domain/types.js';
import { offerOf, type AlertKind, type AlertRules, type TripOffer } from './alert.js';

/** A transition of one trip, before it is stamped with an id and a link. */
export interface Transition {
  kind: AlertKind;
  trip: Trip;
  before?: TripOffer;
  after?: TripOffer;
}

/** What a watch knew before this look: the trips it saw last, and those it saw go (not departed yet). */
export interface SeenTrips {
  seen: ReadonlyMap<string, Trip>;
  gone: ReadonlyMap<string, Trip>;
}

/**
 * The transitions between what was seen and what is there now: a trip never seen (new), places crossing the
 * number asked for from below (freed: 0 → 1, or 1 → 2 when two motorcycles are asked for; a trip seen going
 * that comes back counts as having had none), a lowest price down by at least `rules.priceDrop` euros, and a
 * trip seen that is no longer there (gone), unless it has left (`hasLeft`: its departure is past, no news).
 * Order: new, freed, price-drop, gone, each by date.
 */
export function findTransitions(
  before: SeenTrips,
  current: ReadonlyMap<string, Trip>,
  rules: AlertRules,
  hasLeft: (trip: Trip) => boolean,
): Transition[] {
  const byDate = compareTrips('date');
  const found: Record<AlertKind, Transition[]> = { new: [], freed: [], 'price-drop': [], gone: [] };
  for (const trip of [...current.values()].sort(byDate)) {
    const after = offerOf(trip);
    const previous = before.seen.get(trip.id);
    const wentAway = previous === undefined ? before.gone.get(trip.id) : undefined;
    if (previous === undefined && wentAway === undefined) {
      found.new.push({ kind: 'new', trip, after });
      continue;
    }
    const earlier: TripOffer = previous ? offerOf(previous) : { ...offerOf(wentAway as Trip), places: 0 };
    if (earlier.places < rules.motorcycles && after.places >= rules.motorcycles)
      found.freed.push({ kind: 'freed', trip, before: earlier, after });
    if (earlier.price !== null && after.price !== null && earlier.price - after.price >= rules.priceDrop)
      found['price-drop'].push({ kind: 'price-drop', trip, before: earlier, after });
  }
  for (const trip of [...before.seen.values()].sort(byDate))
    if (!current.has(trip.id) && !hasLeft(trip)) found.gone.push({ kind: 'gone', trip, before: offerOf(trip) });
  return [...found.new, ...found.freed, ...found['price-drop'], ...found.gone];
}
