import type { Context } from '../../cli/context.js';
import { unknownCityMessage, type CityResolution } from '../../core/cities.js';
import type { TripFilter } from '../../domain/types.js';
import { InterruptedError, UsageError } from '../../errors.js';
import { shellWords } from '../../output/shell-words.js';
import type { NextCommand } from './hint-lines.js';

type Unknown = Extract<CityResolution, { kind: 'unknown' }>;

/** A typed city the service does not serve: which argument, and what was probably meant. */
export interface UnknownCity {
  label: string;
  key: 'from' | 'to' | 'via';
  resolution: Unknown;
}

/**
 * After an empty answer, the typed cities the service does not serve (the core settles a served one with cities-near,
 * the others against the listing's cities); none when those cannot be read (the empty answer then stands as it is).
 */
export async function findUnknownCities(ctx: Context, filter: TripFilter): Promise<UnknownCity[]> {
  const typed = { from: filter.depart, to: filter.arrival, via: filter.via };
  const asked = (
    [
      ['FROM', 'from'],
      ['TO', 'to'],
      ['--via', 'via'],
    ] as const
  ).flatMap(([label, key]) => {
    const name = typed[key];
    return name === undefined ? [] : [{ label, key, name }];
  });
  if (asked.length === 0) return [];
  let resolutions: CityResolution[];
  try {
    resolutions = await (await ctx.core()).resolveCities(
      asked.map(({ name }) => name),
      ctx.signal,
    );
  } catch (error) {
    if (error instanceof InterruptedError || ctx.signal.aborted) throw error;
    return [];
  }
  const unknown: UnknownCity[] = [];
  for (const [index, { label, key }] of asked.entries()) {
    const resolution = resolutions[index];
    if (resolution?.kind === 'unknown') unknown.push({ label, key, resolution });
  }
  return unknown;
}

/** The one line that refuses the run: each unserved city, with what was probably meant. */
export function unknownCitiesError(unknown: readonly UnknownCity[], lang: 'en' | 'fr'): UsageError {
  return new UsageError(unknown.map(({ label, resolution }) => unknownCityMessage(label, resolution, lang)).join(' '));
}

/**
 * The command with what was probably meant for each typo (not for --via, which has no place in it), said on
 * stderr; true when there was one, so that hints about places near a typo are not given (a real place the
 * service does not serve, such as Grenoble, still gets the served cities near it).
 */
export function sayCorrection(
  ctx: Context,
  filter: TripFilter,
  unknown: readonly UnknownCity[],
  next: NextCommand,
): boolean {
  const corrected = { from: filter.depart, to: filter.arrival };
  let guessed = false;
  for (const { key, resolution } of unknown) {
    const best = resolution.suggestions[0];
    if (best !== undefined && key !== 'via') {
      corrected[key] = best;
      guessed = true;
    }
  }
  if (guessed) ctx.note(`  ${shellWords(next(corrected))}`);
  return guessed;
}
