import type { Context } from '../../cli/context.js';
import type { Trip } from '../../domain/types.js';
import { NotFoundError } from '../../errors.js';
import { sanitiseTrip } from '../../output/sanitise.js';

export { sanitiseTrip } from '../../output/sanitise.js';

/** Finds one trip by id through the core (completed to its legs), its text sanitised; exit 4 when no trip has it. */
export async function findTripById(ctx: Context, routeId: string): Promise<Trip> {
  const [core, client] = await Promise.all([ctx.core(), ctx.client()]);
  const found = await core.findTrip(routeId, ctx.signal);
  if (found) return sanitiseTrip(found.trip);
  throw new NotFoundError(
    `No upcoming trip has the id "${routeId}" in the service's full listing (it leaves out full trips); ` +
      'find ids with: motoroute search FROM TO, or leave out ROUTE_ID to ask a quote.',
    404,
    `${client.baseUrl}/route/get/results`,
  );
}
