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
    ctx.note(
      ctx.lang === 'fr'
        ? `Le job ${jobId} est terminé, mais son résultat ne contient pas de trajets reconnaissables ; le voici en JSON.`
        : `Job ${jobId} completed with a result that holds no trips motoroute recognises; it is printed as JSON.`,
    );
    await printJson(result.value, settings, ctx.stdout);
    return;
  }
  const rows = writer ?? (await openTripWriter(ctx));
  for (const trip of select(result.page.routes)) await rows.write(trip);
  await rows.end();
  const { page } = result;
  // A job's result is one page of the search: say so when the service matched more than it holds.
  if (page.total_pages > page.page) {
    ctx.note(
      ctx.lang === 'fr'
        ? `Le résultat du job ne contient que la première page des ${page.total} trajets trouvés ; motoroute search … --all les lit tous.`
        : `The job's result holds only the first page of the ${page.total} trips the service found; motoroute search … --all reads them all.`,
    );
  }
  await printTripSummary(ctx, rows.count, { bookUrl: page.book_url });
}
