import { foldName } from '../../domain/text.js';
import type { ServedCities } from '../cities.js';

/** One choice offered for a typed city: a served city, or the typed text to ask a quote for anyway. */
export interface CitySuggestion {
  city: string;
  served: boolean;
}

/**
 * The choices offered for what the user typed: the served cities containing it (accents and case ignored), an exact
 * match first, then those starting with it, so the first is the best served match. The typed text itself comes last,
 * as an explicit "ask a quote anyway" choice, unless it names a served city. `exclude` (the other end) is never offered.
 * With `served`, what `--from`/`--to` forgive is forgiven too: `st etienne` offers Saint-Étienne first, and a clear
 * typo (`Marseile`) offers the served city it is a typo of before the quote for the text as typed; text that is
 * neither (`Arras`, a real town) offers its quote first, then the served cities it may mean.
 */
export function suggestCities(
  cities: readonly string[],
  term: string | undefined,
  exclude?: string,
  served?: ServedCities,
): CitySuggestion[] {
  const typed = (term ?? '').trim();
  const wanted = foldName(typed);
  const excluded = exclude === undefined ? '' : foldName(exclude);
  const candidates = cities.filter((city) => foldName(city) !== excluded);
  const offered = (list: readonly string[]) => list.map((city) => ({ city, served: true }));
  if (wanted === '') return offered(candidates);
  const resolution = typed === '' ? undefined : served?.resolve(typed);
  const resolved = (
    resolution?.kind === 'served' ? [resolution.name] : resolution?.kind === 'unknown' ? resolution.suggestions : []
  ).filter((city) => foldName(city) !== excluded);
  const matches = candidates.filter((city) => foldName(city).includes(wanted));
  const exact = matches.filter((city) => foldName(city) === wanted);
  const starting = matches.filter((city) => foldName(city) !== wanted && foldName(city).startsWith(wanted));
  const inside = matches.filter((city) => !foldName(city).startsWith(wanted));
  const anyway =
    exact.length > 0 ||
    wanted === excluded ||
    resolution?.kind === 'served' ||
    cities.some((city) => foldName(city) === wanted)
      ? []
      : [{ city: typed, served: false }];
  const found = [...exact, ...starting, ...inside];
  const first = resolution?.kind === 'served' ? resolved : [];
  const typos = resolution?.kind === 'unknown' ? resolved : [];
  const unique = [...new Set([...first, ...found, ...typos])];
  // Text that is no part of a served name and no clear typo of one may be a real town (`Arras`): the quote for it
  // comes first, so Enter never takes another town (Arles) for it, as `--to Arras` keeps Arras.
  const clearTypo = resolution?.kind === 'unknown' ? served?.clearMatch(typed) : undefined;
  if (first.length === 0 && found.length === 0 && clearTypo === undefined) return [...anyway, ...offered(unique)];
  return [...offered(unique), ...anyway];
}
