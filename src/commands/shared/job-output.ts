import { SHARED_WORDS } from './words.js';
import type { JobResult } from '../../client/client.js';
import type { Context } from '../../cli/context.js';
import type { Trip } from '../../domain/types.js';
import type { RowWriter } from '../../output/writer.js';
import { openTripWriter, printTripSummary } from './trip-output.js';

/**
 * Prints a completed job's result: its trips as search prints them (through `select`, for the local
 * filters), or, when the result holds no trips motoroute recognises, the result as JSON with a note.
 */
export async function printJobResult(
  ctx: Context,
  jobId: string,
  result: JobResult,
  { select = (trips) => trips, writer }: { select?: (trips: Trip[]) => Trip[]; writer?: RowWriter<Trip> } = {},
): Promise<void> {
  if (result.kind === 'other') {
    const [settings, { printJson }] = await Promise.all([ctx.output(), import('../../output/writer.js')]);
    ctx.note(SHARED_WORDS[ctx.lang].jobOther(jobId));
    await printJson(result.value, settings, ctx.stdout);
    return;
  }
  const rows = writer ?? (await openTripWriter(ctx));
  for (const trip of select(result.page.routes)) await rows.write(trip);
  await rows.end();
  const { page } = result;
  // A job's result is one page of the search: say so when the service matched more than it holds.
  if (page.total_pages > page.page) {
    ctx.note(SHARED_WORDS[ctx.lang].jobFirstPage(page.total));
  }
  await printTripSummary(ctx, rows.count, { bookUrl: page.book_url });
}
