import type { RouteClient } from '../../client/client.js';
import type { Trip } from '../../domain/types.js';
import { ApiError, NotFoundError } from '../../errors.js';
import { findTripById } from '../book/find-trip.js';

/** The page size the cache position is turned into a search page with. */
const PAGE_SIZE = 100;
const MAIN_PAIR = { depart: 'Paris', arrival: 'Marseille' } as const;

/** How a trip was found, for --verbose and the tests: which endpoints it took. */
export type FoundThrough = 'cache' | 'listing';

/**
 * Finds one trip by id, the cheapest way first: the Paris–Marseille cache (small, fast) says whether the trip is
 * on the main line and roughly where, so one search page holds it; otherwise the full listing is streamed and
 * closed at the first match (then one search of that day sharpens the record). Throws a NotFoundError (exit 4).
 */
export async function locateTrip(client: RouteClient, id: string): Promise<{ trip: Trip; through: FoundThrough }> {
  const position = await cachePosition(client, id);
  if (position >= 0) {
    const page = await client.search(MAIN_PAIR, { page: Math.floor(position / PAGE_SIZE) + 1, limit: PAGE_SIZE });
    const trip = page.routes.find((route) => route.id === id);
    if (trip) return { trip, through: 'cache' };
  }
  try {
    return { trip: await findTripById(client, id), through: 'listing' };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw new NotFoundError(
      `No upcoming trip has the id "${id}" (the service lists neither past nor full trips); find ids with: motoroute search FROM TO.`,
      404,
      error.url,
    );
  }
}

/** The id's index in the Paris–Marseille cache, or -1 (also when the cache cannot be read: the listing still can). */
async function cachePosition(client: RouteClient, id: string): Promise<number> {
  try {
    return (await client.parisMarseilleCache()).ids.indexOf(id);
  } catch (error) {
    if (error instanceof ApiError) return -1;
    throw error;
  }
}
