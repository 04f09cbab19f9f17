import { defineCommand } from './define.js';
import { FILTER_OPTIONS, parseFilters } from './shared/filters.js';
import { openTripWriter, printTripSummary } from './shared/trip-output.js';
import { compareTrips } from '../domain/trip-filter.js';
import type { Trip } from '../domain/types.js';
import { UsageError } from '../errors.js';
import type { Context } from '../context.js';

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
    const rawWriter = options.raw ? await openRawWriter(ctx) : undefined;
    const tripWriter = options.raw ? undefined : await openTripWriter(ctx);
    const writer = (rawWriter ?? tripWriter)!;
    // Date order is kept as the service sends it so rows stream out; price order must wait for the end.
    const held: Trip[] = [];
    // Only the count and the first reason are reported: a broken listing must not fill memory with reasons.
    let rejected = 0;
    let firstRejection = '';
    const [{ normaliseRoute }, { createTripMatcher }] = await Promise.all([
      import('../client/normalise.js'),
      import('../domain/trip-matcher.js'),
    ]);
    const matches = createTripMatcher(filter);
    try {
      for await (const record of client.listing({ raw: true, onProgress: progress.update })) {
        const item = normaliseRoute(record);
        if (!item.ok) {
          if (rejected++ === 0) firstRejection = item.reason;
          continue;
        }
        if (!matches(item.trip)) continue;
        if (rawWriter) await rawWriter.write(record);
        else if (sort === 'price') held.push(item.trip);
        else await tripWriter!.write(item.trip);
      }
    } finally {
      progress.stop();
    }
    for (const trip of held.sort(compareTrips(sort))) await tripWriter!.write(trip);
    await writer.end();
    if (rejected > 0) {
      ctx.warn(`${rejected} record${rejected > 1 ? 's' : ''} of the listing could not be read and ${rejected > 1 ? 'were' : 'was'} left out (first: ${firstRejection}).`);
    }
    await printTripSummary(ctx, writer.count);
  },
});

async function openRawWriter(ctx: Context) {
  const [settings, { createJsonValueWriter }] = await Promise.all([ctx.output(), import('../output/writer.js')]);
  return createJsonValueWriter(settings, ctx.stdout);
}
