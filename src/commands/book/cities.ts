import type { Context } from '../../cli/context.js';
import type { ServedCities } from '../../core/cities.js';
import { foldName } from '../../domain/text.js';
import { InterruptedError } from '../../errors.js';

/**
 * The cities the service serves, from the core (the whole listing, read once), for the prompts and the city flags.
 * They are a help, not a rule: when the service cannot be reached there are none, and cities are kept as typed.
 */
export async function fetchServedCities(ctx: Context): Promise<ServedCities | undefined> {
  try {
    return await (await ctx.core()).servedCities(ctx.signal);
  } catch {
    if (ctx.signal.aborted) throw new InterruptedError('Interrupted.');
    return undefined;
  }
}

/** The served names (cleaned and in French order by the core), for a prompt's choices. */
export function servedNames(cities: ServedCities | undefined): string[] {
  return [...(cities?.names ?? [])];
}

/** One choice of the city prompt: a served city, or the typed text to ask a quote for anyway. */
export interface CitySuggestion {
  city: string;
  served: boolean;
}

/**
 * The choices offered for what the user typed: the served cities containing it (accents and case ignored), an exact
 * match first, then those starting with it, so Enter takes the best served match. The typed text itself comes last,
 * as an explicit "ask a quote anyway" choice, unless it names a served city.
 */
export function suggestCities(cities: readonly string[], term: string | undefined, exclude?: string): CitySuggestion[] {
  const typed = (term ?? '').trim();
  const wanted = foldName(typed);
  const excluded = exclude === undefined ? '' : foldName(exclude);
  const candidates = cities.filter((city) => foldName(city) !== excluded);
  const served = (list: readonly string[]) => list.map((city) => ({ city, served: true }));
  if (wanted === '') return served(candidates);
  const matches = candidates.filter((city) => foldName(city).includes(wanted));
  const exact = matches.filter((city) => foldName(city) === wanted);
  const starting = matches.filter((city) => foldName(city) !== wanted && foldName(city).startsWith(wanted));
  const inside = matches.filter((city) => !foldName(city).startsWith(wanted));
  const anyway =
    exact.length > 0 || wanted === excluded || cities.some((city) => foldName(city) === wanted)
      ? []
      : [{ city: typed, served: false }];
  return [...served([...exact, ...starting, ...inside]), ...anyway];
}
