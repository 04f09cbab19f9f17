import type { Context } from '../../cli/context.js';
import { tripNotFoundError } from '../../core/booking/trip-not-found.js';
import type { FoundTrip } from '../../core/trips-by-id.js';
import { SHARED_WORDS } from '../shared/words.js';
import { SHOW_WORDS } from '../show-words.js';

/** Finds one trip by id through the core (cache or listing, then completed); exit 4 when no upcoming trip has it. */
export async function locateTrip(ctx: Context, id: string): Promise<FoundTrip> {
  const [core, client, settings, { createProgress }] = await Promise.all([
    ctx.core(),
    ctx.client(),
    ctx.output(),
    import('../../output/progress.js'),
  ]);
  // Reading the listing (a million routes: seconds) shows its progress line, as `list` does.
  const progress = createProgress(settings, ctx.stderr, SHARED_WORDS[ctx.lang].listingProgress);
  let found: FoundTrip | undefined;
  try {
    found = await core.findTrip(id, ctx.signal, progress.update);
  } finally {
    progress.stop();
  }
  if (found) return found;
  const url = `${client.baseUrl}/route/get/results`;
  throw tripNotFoundError(id, SHOW_WORDS[ctx.lang].findIds, url, ctx.lang);
}
