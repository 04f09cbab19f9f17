import { defineCommand } from './define.js';
import { flag } from './options.js';
import { FILTER_OPTIONS, parseFilters } from './shared/filters.js';
import { noteAskedDay, openTripWriter, printTripSummary } from './shared/trip-output.js';
import { compareTrips } from '../domain/trip-filter.js';
import type { Trip } from '../domain/types.js';
import { UsageError } from '../errors.js';
import type { Context } from '../cli/context.js';
import type { OutputFormat } from '../output/settings.js';

/** `motoroute list`: the full listing, parsed as a stream, normalised and filtered here. */
export const listCommand = defineCommand({
  name: 'list',
  summary: 'the full listing of upcoming trips, filtered locally (GET /route/get/results)',
  args: ['[from]', '[to]'],
  options: {
    ...FILTER_OPTIONS,
    raw: flag('--raw', 'print records exactly as the service sent them (json or ndjson)'),
    hints: flag('--no-hints', 'when nothing matches, do not look for nearby cities and dates that have trips'),
  },
  examples: ['motoroute list Paris Marseille --format ndjson', 'motoroute list --via Lyon --min-slots 2 --format csv'],
  async run({ args, options }, ctx) {
    const { filter, sort, askedDay } = parseFilters(args, options);
    const settings = await ctx.output();
    // Records untouched are JSON: NDJSON down a pipe, a JSON array on a terminal, unless a format was asked for.
    const rawFormat = settings.formatChosen ? settings.format : settings.stdoutIsTTY ? 'json' : 'ndjson';
    if (options.raw && rawFormat !== 'json' && rawFormat !== 'ndjson') {
      throw new UsageError('--raw prints records untouched, so it needs --format json or --format ndjson.');
    }
    const [client, { createProgress }] = await Promise.all([ctx.client(), import('../output/progress.js')]);
    const progress = createProgress(settings, ctx.stderr, ctx.lang === 'fr' ? 'Liste' : 'Listing');
    const rawWriter = options.raw ? await openRawWriter(ctx, rawFormat) : undefined;
    const tripWriter = options.raw ? undefined : await openTripWriter(ctx, { askedDay });
    const writer = (rawWriter ?? tripWriter)!;
    // Date order is kept as the service sends it so rows stream out; price order must wait for the end.
    const held: Trip[] = [];
    const { createTripMatcher } = await import('../domain/trip-matcher.js');
    const matches = createTripMatcher(filter);
    try {
      if (rawWriter) {
        for await (const { record, trip } of client.listingRecords({ onProgress: progress.update })) {
          if (matches(trip)) await rawWriter.write(record);
        }
      } else {
        // A terminal table streams its rows onto the screen the progress line is drawn on: they replace it.
        const rowsReplaceProgress = settings.format === 'table' && settings.stdoutIsTTY;
        for await (const trip of client.listing({ onProgress: progress.update })) {
          if (!matches(trip)) continue;
          if (rowsReplaceProgress) progress.stop();
          if (sort === 'price') held.push(trip);
          else await tripWriter!.write(trip);
        }
      }
    } finally {
      progress.stop();
    }
    for (const trip of held.sort(compareTrips(sort))) await tripWriter!.write(trip);
    await writer.end();
    await printTripSummary(ctx, writer.count);
    if (writer.count > 0 && askedDay !== undefined && tripWriter) await noteAskedDay(ctx);
    if (writer.count === 0) {
      const [{ printHints }, { tripsCommand }] = await Promise.all([import('./plan/print-hints.js'), import('./plan/next-command.js')]);
      await printHints(ctx, filter, tripsCommand(ctx.invocation(), 'list', filter), options.hints);
    }
  },
});

async function openRawWriter(ctx: Context, format: OutputFormat) {
  const [settings, { createJsonValueWriter }] = await Promise.all([ctx.output(), import('../output/writer.js')]);
  return createJsonValueWriter({ ...settings, format }, ctx.stdout);
}
