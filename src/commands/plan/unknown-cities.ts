import type { Context } from '../../cli/context.js';
import { unknownCityMessage, type CityResolution } from '../../core/cities.js';
import type { TripFilter } from '../../domain/types.js';
import { InterruptedError } from '../../errors.js';
import { shellWords } from '../../output/shell-words.js';
import type { NextCommand } from './hint-lines.js';

type Unknown = Extract<CityResolution, { kind: 'unknown' }>;

/**
 * After an empty answer, the typed cities the service does not serve (the core resolves them against the whole
 * listing), each said in one line with what was probably meant and the command with that spelling. True when a
 * typo was corrected, so that hints about places near a typo are not given (a real place the service does not
 * serve, such as Grenoble, still gets the served cities near it).
 */
export async function sayUnknownCities(ctx: Context, filter: TripFilter, next: NextCommand): Promise<boolean> {
  const typed = { from: filter.depart, to: filter.arrival, via: filter.via };
  if (typed.from === undefined && typed.to === undefined && typed.via === undefined) return false;
  let resolve: (name: string) => CityResolution;
  try {
    const cities = await (await ctx.core()).servedCities(ctx.signal);
    resolve = (name) => cities.resolve(name);
  } catch (error) {
    if (error instanceof InterruptedError || ctx.signal.aborted) throw error;
    return false;
  }
  const unknown: [label: string, key: 'from' | 'to' | 'via', Unknown][] = [];
  for (const [label, key] of [
    ['FROM', 'from'],
    ['TO', 'to'],
    ['--via', 'via'],
  ] as const) {
    const name = typed[key];
    const resolution = name === undefined ? undefined : resolve(name);
    if (resolution?.kind === 'unknown') unknown.push([label, key, resolution]);
  }
  for (const [label, , resolution] of unknown) ctx.note(unknownCityMessage(label, resolution, ctx.lang));
  const corrected = { from: typed.from, to: typed.to };
  let guessed = false;
  for (const [, key, resolution] of unknown) {
    const best = resolution.suggestions[0];
    if (best !== undefined && key !== 'via') {
      corrected[key] = best;
      guessed = true;
    }
  }
  if (guessed) ctx.note(`  ${shellWords(next(corrected))}`);
  return guessed;
}
