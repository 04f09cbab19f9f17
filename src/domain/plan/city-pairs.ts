import { foldName } from '../text.js';
import type { NearbyCity } from '../types.js';

/** A served city standing in for what the user typed, and how far it is from it (0 for the place itself). */
export interface CityChoice {
  name: string;
  km: number;
}

/** One departure–arrival combination to search, with the distances from what the user typed. */
export interface CityPair {
  from?: CityChoice;
  to?: CityChoice;
}

/**
 * The served cities within `maxKm` of a place, nearest first, at most `count`; the typed name itself stays
 * first when it is served, so an expansion always includes what the user asked for.
 */
export function citiesWithin(typed: string, nearby: readonly NearbyCity[], maxKm: number, count: number): CityChoice[] {
  const folded = foldName(typed);
  const choices = nearby
    .filter((city) => city.distance_km <= maxKm)
    .map((city) => ({ name: city.name, km: foldName(city.name) === folded ? 0 : city.distance_km }))
    .sort((a, b) => a.km - b.km || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const unique = choices.filter(
    (city, index) => choices.findIndex((other) => foldName(other.name) === foldName(city.name)) === index,
  );
  return unique.slice(0, count);
}

/**
 * Every departure × arrival combination (a missing side stays open), closest to what was typed first,
 * leaving out a city paired with itself.
 */
export function cityPairs(
  froms: readonly CityChoice[] | undefined,
  tos: readonly CityChoice[] | undefined,
): CityPair[] {
  const pairs: CityPair[] = [];
  for (const from of froms ?? [undefined]) {
    for (const to of tos ?? [undefined]) {
      if (from && to && foldName(from.name) === foldName(to.name)) continue;
      pairs.push({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
    }
  }
  const distance = (pair: CityPair) => (pair.from?.km ?? 0) + (pair.to?.km ?? 0);
  return pairs
    .map((pair, index) => ({ pair, index }))
    .sort((a, b) => distance(a.pair) - distance(b.pair) || a.index - b.index)
    .map(({ pair }) => pair);
}
