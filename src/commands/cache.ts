import { defineCommand } from './define.js';
import { flag } from './options.js';
import { openTripWriter, printTripSummary } from './shared/trip-output.js';
import type { Trip } from '../domain/types.js';

/** `motoroute cache`: the cached Paris–Marseille route identifiers, optionally joined to their trips. */
export const cacheCommand = defineCommand({
  name: 'cache',
  summary: 'identifiers of available Paris–Marseille trips, from the service cache (GET /route/paris-marseille-cache)',
  options: { details: flag('--details', 'join the identifiers to their trips (one more search)') },
  async run({ options }, ctx) {
    const [client, settings] = await Promise.all([ctx.client(), ctx.output()]);
    const cache = await client.parisMarseilleCache();
    if (!options.details) {
      const { createRowWriter } = await import('../output/writer.js');
      const writer = createRowWriter(
        settings,
        [{ key: 'id', header: 'ID', table: (id: string) => id, raw: (id: string) => id }],
        ctx.stdout,
      );
      for (const id of cache.ids) await writer.write(id);
      await writer.end();
      if (cache.ids.length === 0) ctx.note('The cache holds no Paris–Marseille trip.');
      return;
    }
    // The cache has only identifiers: find their trips among the Paris ⇄ Marseille searches.
    const wanted = new Set(cache.ids);
    const found = new Map<string, Trip>();
    for (const [depart, arrival] of [
      ['Paris', 'Marseille'],
      ['Marseille', 'Paris'],
    ] as const) {
      for await (const page of client.searchPages({ depart, arrival }, { limit: 100 })) {
        for (const trip of page.routes) if (wanted.has(trip.id)) found.set(trip.id, trip);
        if (found.size === wanted.size) break;
      }
      if (found.size === wanted.size) break;
    }
    const writer = await openTripWriter(ctx);
    for (const id of cache.ids) {
      const trip = found.get(id);
      if (trip) writer.write(trip);
    }
    await writer.end();
    const missing = cache.ids.filter((id) => !found.has(id));
    if (missing.length > 0)
      ctx.warn(
        `${missing.length} cached identifier${missing.length > 1 ? 's have' : ' has'} no matching trip in the search (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}).`,
      );
    await printTripSummary(ctx, writer.count);
  },
});
