import type { RouteClient } from '../../client/client.js';
import type { NearbyCity } from '../../domain/types.js';

/** Places looked up near an unserved city, at most, so that a file of fifty odd towns stays a handful of requests. */
const MAX_NEARBY_LOOKUPS = 5;
/** Served cities farther than this are no help for a quote. */
const NEARBY_KM = 100;
/** Served cities named, at most. */
const NEARBY_SHOWN = 3;

/**
 * What gives, for a real place the service does not serve, the served cities nearest to it (cities-near, within
 * 100 km, three at most), or none: each place asked once, at most a handful of places; a failing look-up gives none.
 */
export function nearbyServedLookups(
  client: () => Promise<RouteClient>,
  signal?: AbortSignal,
): (place: string) => Promise<NearbyCity[]> {
  const asked = new Map<string, Promise<NearbyCity[]>>();
  return (place) => {
    let answer = asked.get(place);
    if (answer === undefined) {
      answer = asked.size >= MAX_NEARBY_LOOKUPS ? Promise.resolve([]) : lookUp(client, place, signal);
      asked.set(place, answer);
    }
    return answer;
  };
}

async function lookUp(client: () => Promise<RouteClient>, place: string, signal?: AbortSignal): Promise<NearbyCity[]> {
  try {
    const nearby = await (await client()).citiesNear(place, { ...(signal ? { signal } : {}) });
    return nearby.cities.filter((city) => city.distance_km <= NEARBY_KM).slice(0, NEARBY_SHOWN);
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}
