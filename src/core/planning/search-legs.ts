import type { RouteClient } from '../../client/client.js';
import { chunks } from '../../domain/plan/chunks.js';
import { citiesWithin, cityPairs, type CityChoice, type CityPair } from '../../domain/plan/city-pairs.js';
import { mergeTrips } from '../../domain/plan/merge-trips.js';
import type { PlannedTrip } from '../../domain/plan/planned-trip.js';
import { foldName } from '../../domain/text.js';
import { createTripMatcher } from '../../domain/trip-matcher.js';
import type { SearchQuery, Trip, TripFilter, TripSort } from '../../domain/types.js';

/** Queries a batch request takes (reference §4.4). */
export const BATCH_SIZE = 10;
/** Cities-near answers at most 10 cities: with the typed place, 11 a side at most. */
const MAX_CITIES_PER_SIDE = 11;

/** One leg of a trip plan: the places typed and the dates, the way out or back. */
export interface Leg {
  leg?: 'out' | 'back';
  depart?: string;
  arrival?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** What the legs' searches found: each leg's trips, merged and ordered, and the requests it took. */
export interface LegsResult {
  legs: PlannedTrip[][];
  /** Batch requests sent. */
  batches: number;
  /** Cities-near requests sent (one per distinct place not yet expanded, with a radius). */
  lookups: number;
  bookUrl: string;
}

/**
 * Searches every leg through the batch endpoint, 10 queries a request, all legs packed together. With a radius,
 * each typed place is expanded to the served cities within it (cities-near, once per distinct place) and every
 * departure × arrival combination searched; a leg's trips are merged with duplicate ids dropped, in `sort` order,
 * each with its distances from the typed places. The typed place itself is always searched, so a radius never
 * finds less than the plain search. The local filters (--via, --min-slots, --max-price) apply to every trip.
 */
export async function searchLegs(
  client: RouteClient,
  legs: readonly Leg[],
  local: TripFilter,
  radiusKm: number | undefined,
  sort: TripSort,
  expanded: Map<string, CityChoice[]> = new Map(),
): Promise<LegsResult> {
  // `expanded` keeps each place's cities between calls (watch rounds), so cities-near is asked once a place.
  const places = [
    ...new Set(legs.flatMap((leg) => [leg.depart, leg.arrival]).filter((place) => place !== undefined)),
  ].filter((place) => !expanded.has(place));
  const lookups = await Promise.all(
    places.map(
      async (place) =>
        [place, radiusKm === undefined ? [{ name: place, km: 0 }] : await around(client, place, radiusKm)] as const,
    ),
  );
  for (const [place, choices] of lookups) expanded.set(place, choices);
  const choicesOf = (place: string | undefined) => (place === undefined ? undefined : expanded.get(place));
  const queries: { legIndex: number; pair: CityPair; query: SearchQuery }[] = [];
  legs.forEach((leg, legIndex) => {
    const dates = {
      ...(leg.dateFrom ? { date_from: leg.dateFrom } : {}),
      ...(leg.dateTo ? { date_to: leg.dateTo } : {}),
    };
    for (const pair of cityPairs(choicesOf(leg.depart), choicesOf(leg.arrival)))
      queries.push({ legIndex, pair, query: { ...queryOf(pair), ...dates } });
  });
  const groups = chunks(queries, BATCH_SIZE);
  const answers = await Promise.all(groups.map((group) => client.batch(group.map((entry) => entry.query))));
  const keep = createTripMatcher({ minSlots: local.minSlots, maxPrice: local.maxPrice, via: local.via });
  const found = legs.map(() => [] as { trips: Trip[]; extra: CityPair }[]);
  groups.forEach((group, g) => {
    group.forEach((entry, index) => {
      const routes = answers[g]?.results.find((result) => result.index === index)?.routes ?? [];
      found[entry.legIndex]?.push({ trips: routes.filter(keep), extra: entry.pair });
    });
  });
  const withDistances = radiusKm !== undefined;
  const planned = found.map((lists, legIndex) =>
    mergeTrips(lists, sort).map(
      ({ trip, extra }): PlannedTrip => ({
        ...trip,
        ...(withDistances && extra.from ? { from_km: extra.from.km } : {}),
        ...(withDistances && extra.to ? { to_km: extra.to.km } : {}),
        ...(legs[legIndex]?.leg ? { leg: legs[legIndex].leg } : {}),
      }),
    ),
  );
  return {
    legs: planned,
    batches: groups.length,
    lookups: radiusKm === undefined ? 0 : lookups.length,
    bookUrl: answers[0]?.book_url ?? '',
  };
}

async function around(client: RouteClient, typed: string, radiusKm: number): Promise<CityChoice[]> {
  const nearby = await client.citiesNear(typed);
  const choices = citiesWithin(typed, nearby.cities, radiusKm, MAX_CITIES_PER_SIDE);
  // What the user typed is searched too (the service matches names by substring), nearest of all.
  return choices.some((choice) => foldName(choice.name) === foldName(typed))
    ? choices
    : [{ name: typed, km: 0 }, ...choices];
}

function queryOf(pair: CityPair): SearchQuery {
  return { ...(pair.from ? { depart: pair.from.name } : {}), ...(pair.to ? { arrival: pair.to.name } : {}) };
}
