import { SHARED_WORDS } from './shared/words.js';
import { BATCH_WORDS } from './batch/words.js';
import { defineCommand } from './define.js';
import { repeatable, text } from './options.js';
import { UsageError } from '../errors.js';
import type { Spinner } from '../output/progress.js';
import type { Context } from '../cli/context.js';
import type { SearchQuery } from '../domain/types.js';

/** `motoroute batch`: many searches in few requests (POST /route/ai/batch, 10 queries each). */
export const batchCommand = defineCommand({
  name: 'batch',
  summary: 'run many searches at once (POST /route/ai/batch, 10 queries a request)',
  args: ['[file]'],
  options: {
    query: repeatable(text('--query <spec>', 'a query FROM:TO[:AFTER[:BEFORE]] (repeatable; FROM or TO may be empty)')),
    idempotencyKey: text(
      '--idempotency-key <key>',
      'the Idempotency-Key of the request (only when there are at most 10 queries)',
      {
        parse: (value, option, at) => parseIdempotencyKey(value, option, at.lang),
        invalidSample: ' ',
      },
    ),
  },
  examples: [
    'motoroute batch queries.json',
    'motoroute batch --query Paris:Marseille:today:+30d --query :Lyon',
    "printf 'depart,arrival\\nParis,Lyon\\n' | motoroute batch --format ndjson",
  ],
  details: [
    'FILE (or stdin, with - or when piped) holds a JSON array of queries, {"queries": [...]}, NDJSON (one',
    'query object a line) or CSV with the header depart,arrival,date_from,date_to. A query has only those',
    'fields; dates take the forms search accepts (YYYY-MM-DD, today, tomorrow, +Nd).',
    'More than 10 queries go as several requests, one after another; each has its own Idempotency-Key,',
    'reused on every retry, so a retried request never runs twice. Results keep the input order and',
    "carry each query's 0-based index: --json prints {results, book_url}; ndjson, csv and tsv print one",
    'trip a row with the index first; a table shows each query with its total, then its trips.',
  ].join('\n'),
  async run({ args, options }, ctx) {
    const [{ readBatchQueries }, { BATCH_CHUNK_SIZE, sendBatchChunks }] = await Promise.all([
      import('./batch/read-queries.js'),
      import('./batch/send-chunks.js'),
    ]);
    const key = options.idempotencyKey;
    const queries = await readBatchQueries(args[0], options.query, ctx);
    if (key !== undefined && queries.length > BATCH_CHUNK_SIZE) {
      const requests = Math.ceil(queries.length / BATCH_CHUNK_SIZE);
      throw new UsageError(BATCH_WORDS[ctx.lang].keyForOneRequest(queries.length, requests, BATCH_CHUNK_SIZE));
    }
    const [client, settings, { openBatchPrinter }, { createSpinner }, { upcomingBatchResults }] = await Promise.all([
      ctx.client(),
      ctx.output(),
      import('./batch/print-results.js'),
      import('../output/progress.js'),
      import('../core/upcoming-search.js'),
    ]);
    const moment = ctx.clock.moment();
    let departed = 0;
    const empty: SearchQuery[] = [];
    const printer = await openBatchPrinter(ctx);
    const progress: { spinner?: Spinner } = {};
    let bookUrl = '';
    try {
      for await (const answer of sendBatchChunks(client, queries, {
        ...(key !== undefined && { idempotencyKey: key }),
        beforeRequest: (request, requests) => {
          // Once trips are printed (a table may print them while the next request runs), they show the progress.
          if (printer.trips > 0) return;
          const text = requests > 1 ? `Batch request ${request} of ${requests}…` : 'Running the batch…';
          progress.spinner = createSpinner(settings, ctx.stderr, text);
        },
      })) {
        // The spinner shares the terminal with stdout: it goes before any row is printed.
        progress.spinner?.stop();
        bookUrl = answer.bookUrl || bookUrl;
        // Trips that left earlier today are no longer on offer (the core's rule): left out, and each total counts the rest.
        const upcoming = upcomingBatchResults(answer.results, moment);
        departed += upcoming.reduce(
          (sum, entry, at) => sum + (answer.results[at]?.routes.length ?? 0) - entry.routes.length,
          0,
        );
        await printer.add(upcoming);
        for (const entry of upcoming) if (entry.total === 0) empty.push(queries[entry.index] ?? entry.query);
      }
    } finally {
      progress.spinner?.stop();
    }
    const { safeBookingUrl } = await import('./shared/trip-output.js');
    await printer.end(await safeBookingUrl(ctx, bookUrl));
    if (departed > 0) {
      const { leftTodayNote } = await import('../core/upcoming.js');
      ctx.note(leftTodayNote(departed, moment, ctx.lang));
    }
    if (printer.trips === 0) ctx.note(SHARED_WORDS[ctx.lang].noTripsMatch);
    if (empty.length > 0) await refuseUnservedCities(ctx, empty);
  },
});

/** A query that found nothing because it names a city the service does not serve ends the run with exit 2. */
async function refuseUnservedCities(ctx: Context, queries: readonly SearchQuery[]): Promise<void> {
  const { findUnknownCities, unknownCitiesError } = await import('./plan/unknown-cities.js');
  const { describeQuery } = await import('../domain/batch-query.js');
  const lines: string[] = [];
  for (const query of queries) {
    const unknown = await findUnknownCities(ctx, { depart: query.depart, arrival: query.arrival });
    if (unknown.length > 0)
      lines.push(
        BATCH_WORDS[ctx.lang].unservedQuery(
          describeQuery(query, ctx.lang),
          unknownCitiesError(unknown, ctx.lang).message,
        ),
      );
  }
  if (lines.length > 0) throw new UsageError(lines.join(' '));
}

function parseIdempotencyKey(key: string, option: string, lang: 'en' | 'fr'): string {
  if (key.trim() === '' || key.length > 255 || /[^\x20-\x7e]/.test(key))
    throw new UsageError(BATCH_WORDS[lang].badKey(option));
  return key;
}
