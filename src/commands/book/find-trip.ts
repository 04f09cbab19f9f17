import type { RouteClient } from '../../client/client.js';
import { findTripById as lookUpTrip } from '../../client/find-trip.js';
import type { Trip } from '../../domain/types.js';
import { NotFoundError } from '../../errors.js';
import { sanitiseTrip } from '../../output/sanitise.js';

export { sanitiseTrip } from '../../output/sanitise.js';

const LISTING_PATH = '/route/get/results';

/**
 * Finds one trip by id (client/find-trip.ts), its text sanitised. Throws a NotFoundError (exit 4) when no trip has
 * that id.
 */
export async function findTripById(client: RouteClient, routeId: string, signal?: AbortSignal): Promise<Trip> {
  const trip = await lookUpTrip(client, routeId, signal);
  if (trip) return sanitiseTrip(trip);
  throw new NotFoundError(
    `No upcoming trip has the id "${routeId}" in the service's full listing (it leaves out full trips); ` +
      'find ids with: motoroute search FROM TO, or leave out ROUTE_ID to ask a quote.',
    404,
    `${client.baseUrl}${LISTING_PATH}`,
  );
}
