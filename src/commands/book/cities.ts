import type { RouteClient } from '../../client/client.js';
import { foldName } from '../../domain/text.js';
import type { Trip } from '../../domain/types.js';
import { InterruptedError } from '../../errors.js';
import { sanitiseText } from '../../output/sanitise.js';

// One page of the largest size covers the next days' trips, hence nearly every served corridor, for one request.
const SAMPLE_PAGE_SIZE = 100;

/** Every distinct city of some trips (departures, stopovers, arrivals), sanitised and in French alphabetical order. */
export function citiesOfTrips(trips: readonly Trip[]): string[] {
  const byFolded = new Map<string, string>();
  for (const trip of trips) {
    for (const raw of [trip.depart, ...trip.layovers, trip.arrival]) {
      const city = sanitiseText(raw).trim();
      const key = foldName(city);
      if (key !== '' && !byFolded.has(key)) byFolded.set(key, city);
    }
  }
  return [...byFolded.values()].sort(new Intl.Collator('fr').compare);
}

/**
 * The cities the service serves, as suggestions for the interactive prompts: read from one search page, so it costs
 * one request. Suggestions are a help, not a rule: when the service cannot be reached the list is simply empty.
 */
export async function fetchServedCities(client: RouteClient, signal?: AbortSignal): Promise<string[]> {
  try {
    const page = await client.search({}, { limit: SAMPLE_PAGE_SIZE });
    return citiesOfTrips(page.routes);
  } catch (error) {
    if (signal?.aborted) throw new InterruptedError('Interrupted.');
    return [];
  }
}

/** One choice of the city prompt: a served city, or the typed text to ask a quote for anyway. */
export interface CitySuggestion {
  city: string;
  served: boolean;
}

/**
 * The choices offered for what the user typed: the served cities containing it (accents and case ignored), an exact
 * match first, then those starting with it, so Enter takes the best served match. The typed text itself comes last,
 * as an explicit "ask a quote anyway" choice, unless it names a served city.
 */
export function suggestCities(cities: readonly string[], term: string | undefined, exclude?: string): CitySuggestion[] {
  const typed = (term ?? '').trim();
  const wanted = foldName(typed);
  const excluded = exclude === undefined ? '' : foldName(exclude);
  const candidates = cities.filter((city) => foldName(city) !== excluded);
  const served = (list: readonly string[]) => list.map((city) => ({ city, served: true }));
  if (wanted === '') return served(candidates);
  const matches = candidates.filter((city) => foldName(city).includes(wanted));
  const exact = matches.filter((city) => foldName(city) === wanted);
  const starting = matches.filter((city) => foldName(city) !== wanted && foldName(city).startsWith(wanted));
  const inside = matches.filter((city) => !foldName(city).startsWith(wanted));
  const anyway = exact.length > 0 || wanted === excluded || cities.some((city) => foldName(city) === wanted) ? [] : [{ city: typed, served: false }];
  return [...served([...exact, ...starting, ...inside]), ...anyway];
}

/** The served city a typed name stands for (case, accents, spacing and dashes ignored: `saint etienne`), if any. */
export function canonicalCity(cities: readonly string[], name: string): string | undefined {
  const wanted = foldName(name);
  return cities.find((city) => foldName(city) === wanted);
}
