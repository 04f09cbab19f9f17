import type { Context } from '../../cli/context.js';
import { franceDate } from '../../domain/dates.js';
import type { TripFilter } from '../../domain/types.js';
import { InterruptedError } from '../../errors.js';
import { findHints } from './find-hints.js';
import { hintLines, type NextCommand } from './hint-lines.js';

/**
 * After an empty answer, says on stderr what would work. First, a typed city the service does not serve, with what
 * was probably meant (the core's city rules; said piped too, since a typo is no answer a script wants either). Then,
 * at a terminal only, nearby served cities and nearest dates, within the hints' request budget: never with
 * --no-hints or -q, so scripts neither see hints nor pay their requests. A failure while looking costs nothing but the hints.
 */
export async function printHints(ctx: Context, filter: TripFilter, next: NextCommand, wanted: boolean): Promise<void> {
  if (!wanted || ctx.globals.quiet) return;
  const { sayUnknownCities } = await import('./unknown-cities.js');
  if (await sayUnknownCities(ctx, filter, next)) return;
  const settings = await ctx.output();
  if (!settings.stderrIsTTY) return;
  if (filter.depart === undefined && filter.arrival === undefined && filter.dateFrom === undefined && filter.dateTo === undefined) return;
  const client = await ctx.client();
  try {
    const hints = await findHints(client, filter, franceDate(ctx.clock.now()));
    for (const line of hintLines(hints, { from: filter.depart, to: filter.arrival }, next, ctx.lang)) ctx.note(line);
  } catch (error) {
    if (error instanceof InterruptedError) throw error;
  }
}
