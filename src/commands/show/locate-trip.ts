import type { Context } from '../../cli/context.js';
import type { FoundTrip } from '../../core/trips-by-id.js';
import { NotFoundError } from '../../errors.js';

/** Finds one trip by id through the core (cache or listing, then completed); exit 4 when no upcoming trip has it. */
export async function locateTrip(ctx: Context, id: string): Promise<FoundTrip> {
  const [core, client] = await Promise.all([ctx.core(), ctx.client()]);
  const found = await core.findTrip(id, ctx.signal);
  if (found) return found;
  throw new NotFoundError(
    `No upcoming trip has the id "${id}" (the service lists neither past nor full trips); find ids with: motoroute search FROM TO.`,
    404,
    `${client.baseUrl}/route/get/results`,
  );
}
