import type { RouteClient } from '../../client/client.js';
import type { Trip } from '../../domain/types.js';
import { NotFoundError } from '../../errors.js';
import { sanitiseText } from '../../output/sanitise.js';

const LISTING_PATH = '/route/get/results';

/**
 * Finds one trip by id. The API has no single-trip endpoint and search cannot filter by id, so the full listing is
 * streamed and the stream closed at the first match; one search of that day and city pair then gives the trip's
 * exact record (a Form A listing record carries a single price, not the range). Throws a NotFoundError (exit 4)
 * when no trip has that id.
 */
export async function findTripById(client: RouteClient, routeId: string, signal?: AbortSignal): Promise<Trip> {
  for await (const trip of client.listing()) {
    if (trip.id === routeId) return sanitiseTrip(await refineTrip(client, trip, signal));
  }
  throw new NotFoundError(
    `No upcoming trip has the id "${routeId}" in the service's full listing (it leaves out full trips); ` +
      'find ids with: motoroute search FROM TO, or leave out ROUTE_ID to ask a quote.',
    404,
    `${client.baseUrl}${LISTING_PATH}`,
  );
}

async function refineTrip(client: RouteClient, listed: Trip, signal: AbortSignal | undefined): Promise<Trip> {
  const query = { depart: listed.depart, arrival: listed.arrival, date_from: listed.date, date_to: listed.date };
  try {
    const page = await client.search(query, { limit: 100 });
    return page.routes.find((trip) => trip.id === listed.id) ?? listed;
  } catch (error) {
    // The listing already answered; the search only sharpens the price, so its failure is not the user's problem.
    if (signal?.aborted) throw error;
    return listed;
  }
}

/** The trip's text with control characters removed, so service strings can neither drive the terminal nor break a header. */
export function sanitiseTrip(trip: Trip): Trip {
  return {
    ...trip,
    id: sanitiseText(trip.id).trim(),
    depart: sanitiseText(trip.depart).trim(),
    arrival: sanitiseText(trip.arrival).trim(),
    layovers: trip.layovers.map((city) => sanitiseText(city).trim()),
  };
}
