import type { Context } from '../../cli/context.js';
import { tripNotFoundError } from '../../core/booking/trip-not-found.js';
import type { FoundTrip } from '../../core/trips-by-id.js';

/** Finds one trip by id through the core (cache or listing, then completed); exit 4 when no upcoming trip has it. */
export async function locateTrip(ctx: Context, id: string): Promise<FoundTrip> {
  const [core, client] = await Promise.all([ctx.core(), ctx.client()]);
  const found = await core.findTrip(id, ctx.signal);
  if (found) return found;
  throw tripNotFoundError(id, 'Find ids with: motoroute search FROM TO.', `${client.baseUrl}/route/get/results`);
}
