import type { RouteClient } from './client.js';
import type { Trip } from '../domain/types.js';

/**
 * Finds one trip by id, or undefined when no upcoming trip has it. The API has no single-trip endpoint and search
 * cannot filter by id, so the full listing is streamed and the stream closed at the first match; one search of that
 * day and city pair then gives the trip's exact record (a Form A listing record carries a single price, not the range).
 */
export async function findTripById(client: RouteClient, routeId: string, signal?: AbortSignal): Promise<Trip | undefined> {
  for await (const trip of client.listing(signal ? { signal } : {})) {
    if (trip.id === routeId) return refineTrip(client, trip, signal);
  }
  return undefined;
}

async function refineTrip(client: RouteClient, listed: Trip, signal: AbortSignal | undefined): Promise<Trip> {
  const query = { depart: listed.depart, arrival: listed.arrival, date_from: listed.date, date_to: listed.date };
  try {
    const page = await client.search(query, signal ? { limit: 100, signal } : { limit: 100 });
    return page.routes.find((trip) => trip.id === listed.id) ?? listed;
  } catch (error) {
    // The listing already answered; the search only sharpens the price, so its failure is not the caller's problem.
    if (signal?.aborted) throw error;
    return listed;
  }
}
