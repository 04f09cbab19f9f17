import type { Context } from '../../cli/context.js';
import { franceDate } from '../../domain/dates.js';
import type { TripFilter, TripSort } from '../../domain/types.js';
import { InterruptedError } from '../../errors.js';
import { findHints, HINT_DEADLINE_MS } from '../../core/planning/find-hints.js';
import { HINT_WORDS, hintLines, type NextCommand } from './hint-lines.js';

/**
 * After an empty answer, says on stderr what would work. A typed city the service does not serve ends the run with
 * exit 2 and one line naming it with what was probably meant (the core's city rules; said piped and under -q too,
 * since a typo is no answer a script wants either), after the corrected command. Then,
 * at a terminal only, nearby served cities and nearest dates, within the hints' request budget: never with
 * --no-hints or -q, so scripts neither see hints nor pay their requests. Looking is bounded (one attempt a request,
 * HINT_DEADLINE_MS in all); a failure costs the hints and one line. Suggested commands keep the run's --sort,
 * --format and --lang.
 */
export async function printHints(
  ctx: Context,
  filter: TripFilter,
  suggest: NextCommand,
  wanted: boolean,
  sort: TripSort = 'date',
): Promise<void> {
  const kept = runFlags(ctx, sort);
  const next: NextCommand = (cities, date) => [...suggest(cities, date), ...kept];
  const { findUnknownCities, sayCorrection, unknownCitiesError } = await import('./unknown-cities.js');
  const unknown = await findUnknownCities(ctx, filter);
  const hints = wanted && !ctx.globals.quiet;
  // A city the service does not serve is an error (exit 2), whatever else is said: a script's "no trips" would hide a typo for ever.
  if (unknown.length > 0) {
    const guessed = hints && sayCorrection(ctx, filter, unknown, next);
    if (hints && !guessed) await nearbyHints(ctx, filter, next);
    throw unknownCitiesError(unknown, ctx.lang);
  }
  if (hints) await nearbyHints(ctx, filter, next);
}

/** At a terminal: nearby served cities and nearest dates, within the hints' request budget. */
async function nearbyHints(ctx: Context, filter: TripFilter, next: NextCommand): Promise<void> {
  const settings = await ctx.output();
  if (!settings.stderrIsTTY) return;
  if (
    filter.depart === undefined &&
    filter.arrival === undefined &&
    filter.dateFrom === undefined &&
    filter.dateTo === undefined
  )
    return;
  const [client, core] = await Promise.all([ctx.client(), ctx.core()]);
  // The typed-city check has asked cities-near for these places already: its answers are used again.
  const hintClient = {
    citiesNear: (location: string, options: { signal?: AbortSignal }) => core.citiesNear(location, options.signal),
    batch: client.batch.bind(client),
  };
  try {
    const hints = await findHints(
      hintClient,
      filter,
      franceDate(ctx.clock.now()),
      AbortSignal.timeout(HINT_DEADLINE_MS),
    );
    for (const line of hintLines(hints, { from: filter.depart, to: filter.arrival }, next, ctx.lang)) ctx.note(line);
  } catch (error) {
    if (error instanceof InterruptedError && ctx.signal.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    ctx.note(HINT_WORDS[ctx.lang].noHints(reason));
  }
}

/** The flags of this run that shape its output, for the commands a hint suggests. */
function runFlags(ctx: Context, sort: TripSort): string[] {
  const { format, json, lang } = ctx.globals;
  return [
    ...(sort !== 'date' ? ['--sort', sort] : []),
    ...(json ? ['--json'] : format !== undefined ? ['--format', format] : []),
    ...(lang !== undefined ? ['--lang', lang] : []),
  ];
}
