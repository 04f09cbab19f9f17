import { defineCommand } from './define.js';
import { LIST_WORDS } from './list-words.js';
import { flag, integer } from './options.js';
import { FILTER_OPTIONS, parseFilters } from './shared/filters.js';
import { refuseSearchOnly, SEARCH_ONLY_OPTIONS } from './shared/search-only.js';
import { noteAskedDay, openTripWriter, printTripSummary } from './shared/trip-output.js';
import { compareTrips } from '../domain/trip-filter.js';
import type { Trip } from '../domain/types.js';
import type { CompletionReason, CompletionReport } from '../core/listing-completion.js';
import type { CompletionPlan } from '../core/batch-completion.js';
import { UsageError } from '../errors.js';
import type { Context } from '../cli/context.js';
import type { OutputFormat } from '../output/settings.js';

/** `motoroute list`: the full listing, parsed as a stream, normalised and filtered here. */
export const listCommand = defineCommand({
  name: 'list',
  summary:
    'the full listing of upcoming trips, filtered locally (GET /route/get/results); with --from or --to, the trips of their search (POST /route/ai/batch)',
  args: ['[from]', '[to]'],
  options: {
    ...FILTER_OPTIONS,
    raw: flag('--raw', 'print records exactly as the service sent them (json or ndjson)'),
    hints: flag('--no-hints', 'when nothing matches, do not look for nearby cities and dates that have trips'),
    limit: integer('--limit <n>', 'print the first N matching trips', { min: 1 }),
    all: flag('--all', 'every matching trip (what list prints anyway; taken as search takes it)'),
    listing: flag(
      '--listing',
      'read the whole listing even when --from or --to narrow it (by default the search of those cities answers, through the batch endpoint, in a few requests)',
    ),
    quick: flag(
      '--quick',
      'judge records as they are, with no search to complete them: a trip whose record leaves out what the filter reads is printed with it marked unknown',
    ),
    ...SEARCH_ONLY_OPTIONS,
  },
  examples: ['motoroute list Paris Marseille --format ndjson', 'motoroute list --via Lyon --min-slots 2 --format csv'],
  async run({ args, options }, ctx) {
    refuseSearchOnly('list', options, ctx.lang);
    const { query, filter, sort, askedDay } = parseFilters(args, options, ctx.lang);
    // --limit N: the first N matches in the order asked for.
    const limit = options.limit ?? Infinity;
    const settings = await ctx.output();
    // Records untouched are JSON: NDJSON down a pipe, a JSON array on a terminal, unless a format was asked for.
    const rawFormat = settings.formatChosen ? settings.format : settings.stdoutIsTTY ? 'json' : 'ndjson';
    if (options.raw && rawFormat !== 'json' && rawFormat !== 'ndjson') {
      throw new UsageError(LIST_WORDS[ctx.lang].rawNeedsJson);
    }
    const [{ createProgress }, { CONTEXT_WORDS }, { SHARED_WORDS }] = await Promise.all([
      import('../output/progress.js'),
      import('../cli/words.js'),
      import('./shared/words.js'),
    ]);
    const progress = createProgress(settings, ctx.stderr, SHARED_WORDS[ctx.lang].listingProgress);
    // A wait for the rate budget is counted down in the progress line, one line updated in place, rather than
    // said as lines of their own between its redraws; --verbose keeps a line for every wait.
    const rate = ctx.setting('rate').value;
    const waitInLine = (ms: number) => progress.wait(ms, (seconds) => CONTEXT_WORDS[ctx.lang].rateWait(seconds, rate));
    const client = await ctx.client(
      settings.showProgress && !ctx.globals.verbose ? { onRateWait: waitInLine } : undefined,
    );
    const rawWriter = options.raw ? await openRawWriter(ctx, rawFormat) : undefined;
    const tripWriter = options.raw ? undefined : await openTripWriter(ctx, { askedDay }, { listing: true });
    const writer = (rawWriter ?? tripWriter)!;
    // Date order is kept as the service sends it so rows stream out; price order must wait for the end.
    const held: Trip[] = [];
    const [{ matchListing, ListingCompletionError }, { sayCompletion, sayCompletionPlan, completionStep }] =
      await Promise.all([import('../core/listing-completion.js'), import('./shared/completion-notes.js')]);
    // The trip writer leaves out trips that already left today; raw records are held to the same rule here.
    const upcoming = await ctx.upcoming();
    const completion = {
      moment: ctx.clock.moment(),
      quick: options.quick,
      // A note goes on a line of its own, the progress line cleared first and drawn again below it.
      onPlanned: (plan: CompletionPlan, why: CompletionReason) => {
        progress.clear();
        sayCompletionPlan(ctx, plan, why, filter);
      },
      onRequest: (request: number, planned: number) => progress.step(completionStep(request, planned, ctx.lang)),
      onCompleted: (report: CompletionReport) => {
        progress.clear();
        sayCompletion(ctx, report);
      },
    };
    // A terminal table streams its rows onto the screen the progress line is drawn on: they replace it.
    const rowsReplaceProgress = settings.format === 'table' && settings.stdoutIsTTY;
    const printTrip =
      sort === 'price'
        ? (trip: Trip) => void held.push(trip)
        : async (trip: Trip) => {
            if (rowsReplaceProgress) progress.stop();
            if (tripWriter!.count < limit) await tripWriter!.write(trip);
          };
    // --from or --to: the search of those cities holds every trip that can match; records untouched (--raw) or as
    // they are (--quick) are the listing's own, and --listing asks for it.
    const { narrowingQuery } = await import('../core/narrowed-listing.js');
    const narrowing = options.raw || options.quick || options.listing ? undefined : narrowingQuery(query);
    // Trips that could not be judged (the completing search failed): said after the judged ones are printed.
    let unjudged: unknown;
    try {
      if (narrowing !== undefined) {
        const [{ matchNarrowedListing }, { sayNarrowedPlan, narrowedStep }] = await Promise.all([
          import('../core/narrowed-listing.js'),
          import('./shared/completion-notes.js'),
        ]);
        await matchNarrowedListing(client, narrowing, filter, printTrip, {
          onPlanned: (plan) => {
            progress.clear();
            sayNarrowedPlan(ctx, plan);
          },
          onRequest: (request, planned) => progress.step(narrowedStep(request, planned, ctx.lang)),
          // In date order the first N matches are the first N read: later requests could not change them.
          enough: () => sort !== 'price' && tripWriter!.count >= limit,
        });
      } else if (rawWriter) {
        const records = client.listingRecords({ onProgress: progress.update });
        // A completed trip is printed as its listing record too: --raw keeps records untouched.
        const printRecord = async (listed: { record: unknown }, trip: Trip) => {
          if (upcoming(trip) && rawWriter.count < limit) await rawWriter.write(listed.record);
        };
        await matchListing(client, records, (listed) => listed.trip, filter, printRecord, completion);
      } else {
        const trips = client.listing({ onProgress: progress.update });
        await matchListing(
          client,
          trips,
          (trip) => trip,
          filter,
          (_listed, trip) => printTrip(trip),
          completion,
        );
      }
    } catch (error) {
      if (!(error instanceof ListingCompletionError)) throw error;
      unjudged = error;
    } finally {
      progress.stop();
    }
    for (const trip of held.sort(compareTrips(sort))) if (tripWriter!.count < limit) await tripWriter!.write(trip);
    await writer.end();
    if (unjudged !== undefined) throw unjudged;
    await printTripSummary(ctx, writer.count);
    if (writer.count > 0 && askedDay !== undefined && tripWriter) await noteAskedDay(ctx);
    if (writer.count === 0) {
      const [{ printHints }, { tripsCommand }] = await Promise.all([
        import('./plan/print-hints.js'),
        import('./plan/next-command.js'),
      ]);
      await printHints(ctx, filter, tripsCommand(ctx.invocation(), 'list', filter), options.hints, sort);
    }
  },
});

async function openRawWriter(ctx: Context, format: OutputFormat) {
  const [settings, { createJsonValueWriter }] = await Promise.all([ctx.output(), import('../output/writer.js')]);
  return createJsonValueWriter({ ...settings, format }, ctx.stdout);
}
