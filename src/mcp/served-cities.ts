import type { RouteClient } from '../client/client.js';
import { sanitiseText } from '../output/sanitise.js';

// Completions ask on every keystroke: the listing is read at most once in this time.
const FRESH_MS = 5 * 60_000;

/**
 * The cities the service serves (departures, stopovers and arrivals of the upcoming trips), sorted, read from the
 * listing through the client. The core layer will answer this for every face; until then it is this one call.
 */
export function servedCitiesSource(client: () => Promise<RouteClient>): (signal?: AbortSignal) => Promise<string[]> {
  let kept: { at: number; cities: Promise<string[]> } | undefined;
  return (signal) => {
    if (kept && Date.now() - kept.at < FRESH_MS) return kept.cities;
    const cities = readServedCities(client, signal);
    kept = { at: Date.now(), cities };
    cities.catch(() => (kept = undefined));
    return cities;
  };
}

async function readServedCities(
  client: () => Promise<RouteClient>,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const names = new Set<string>();
  for await (const trip of (await client()).listing({ signal })) {
    for (const city of [trip.depart, ...trip.layovers, trip.arrival]) {
      const name = sanitiseText(city).trim();
      if (name !== '') names.add(name);
    }
  }
  return [...names].sort((a, b) => a.localeCompare(b, 'fr'));
}
