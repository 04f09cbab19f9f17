import type { Context } from '../../cli/context.js';
import { toIsoDate } from '../../domain/dates.js';
import type { TripFilter } from '../../domain/types.js';
import { InterruptedError } from '../../errors.js';
import { findHints } from './find-hints.js';
import { hintLines, type NextCommand } from './hint-lines.js';

/**
 * After an empty answer, says on stderr what would work (nearby served cities, nearest dates), within the hints'
 * request budget. Only for a person at a terminal: never with --no-hints or -q, nor when stderr is not a TTY,
 * so scripts neither see hints nor pay their requests. A failure while looking costs the user nothing but the hints.
 */
export async function printHints(ctx: Context, filter: TripFilter, next: NextCommand, wanted: boolean): Promise<void> {
  if (!wanted || ctx.globals.quiet) return;
  const settings = await ctx.output();
  if (!settings.stderrIsTTY) return;
  if (filter.depart === undefined && filter.arrival === undefined && filter.dateFrom === undefined && filter.dateTo === undefined) return;
  const client = await ctx.client();
  try {
    const hints = await findHints(client, filter, toIsoDate(new Date()));
    for (const line of hintLines(hints, { from: filter.depart, to: filter.arrival }, next, ctx.lang)) ctx.note(line);
  } catch (error) {
    if (error instanceof InterruptedError) throw error;
  }
}
