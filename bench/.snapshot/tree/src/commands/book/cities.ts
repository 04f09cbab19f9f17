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

/**
 * The choices offered for what the user typed: the cities containing it (accents and case ignored), those starting
 * with it first. The typed text itself comes first unless it names a served city, so any city can be asked a quote for.
 */
export function suggestCities(cities: readonly string[], term: string | undefined, exclude?: string): string[] {
  const typed = (term ?? '').trim();
  const wanted = foldName(typed);
  const excluded = exclude === undefined ? '' : foldName(exclude);
  const candidates = cities.filter((city) => foldName(city) !== excluded);
  if (wanted === '') return candidates;
  const matches = candidates.filter((city) => foldName(city).includes(wanted));
  const starting = matches.filter((city) => foldName(city).startsWith(wanted));
  const inside = matches.filter((city) => !foldName(city).startsWith(wanted));
  const exact = matches.find((city) => foldName(city) === wanted);
  const ordered = exact ? [exact, ...starting.filter((city) => city !== exact), ...inside] : [typed, ...starting, ...inside];
  return ordered;
}
