import { defineCommand } from './define.js';
import { FILTER_OPTIONS, parseFilters } from './shared/filters.js';
import { openTripWriter, printTripSummary } from './shared/trip-output.js';
import { compareTrips, tripMatches } from '../domain/trip-filter.js';
import type { Trip } from '../domain/types.js';
import { UsageError } from '../errors.js';

/** `motoroute list`: the full listing, parsed as a stream, normalised and filtered here. */
export const listCommand = defineCommand({
  name: 'list',
  summary: 'the full listing of upcoming trips, filtered locally (GET /route/get/results)',
  args: ['[from]', '[to]'],
  options: [
    ...FILTER_OPTIONS,
    { flags: '--raw', description: 'print records exactly as the service sent them (json or ndjson)' },
  ],
  examples: ['motoroute list Paris Marseille --format ndjson', 'motoroute list --via Lyon --min-slots 2 --format csv'],
  async run({ args, options }, ctx) {
    const { filter, sort } = parseFilters(args, options);
    const settings = await ctx.output();
    if (options.raw && settings.format !== 'json' && settings.format !== 'ndjson') {
      throw new UsageError('--raw prints records untouched, so it needs --format json or --format ndjson.');
    }
    const [client, { createProgress }] = await Promise.all([ctx.client(), import('../output/progress.js')]);
    const progress = createProgress(settings, ctx.stderr, ctx.lang === 'fr' ? 'Liste' : 'Listing');
    const writer = options.raw ? await openRawWriter(ctx) : await openTripWriter(ctx);
    // Date order is kept as the service sends it so rows stream out; price order must wait for the end.
    const held: Trip[] = [];
    const rejected: string[] = [];
    try {
      for await (const item of client.listing({ onProgress: progress.update })) {
        if (!item.ok) {
          rejected.push(item.reason);
          continue;
        }
        if (!tripMatches(item.trip, filter)) continue;
        if (options.raw) (writer as { write(row: unknown): void }).write(item.record);
        else if (sort === 'price') held.push(item.trip);
        else (writer as { write(row: Trip): void }).write(item.trip);
      }
    } finally {
      progress.stop();
    }
    held.sort(compareTrips(sort)).forEach((trip) => (writer as { write(row: Trip): void }).write(trip));
    await writer.end();
    if (rejected.length > 0) {
      ctx.warn(`${rejected.length} record${rejected.length > 1 ? 's' : ''} of the listing could not be read and ${rejected.length > 1 ? 'were' : 'was'} left out (first: ${rejected[0]}).`);
    }
    await printTripSummary(ctx, writer.count);
  },
});

async function openRawWriter(ctx: Parameters<NonNullable<typeof listCommand.run>>[1]) {
  const [settings, { createJsonValueWriter }] = await Promise.all([ctx.output(), import('../output/writer.js')]);
  return createJsonValueWriter(settings, ctx.stdout);
}
