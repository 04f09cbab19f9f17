import { cityKey, cleanCityInput, editDistance, typoAllowance } from '../domain/city-names.js';
import { sanitiseText } from '../domain/safe-text.js';

/** What a typed city stands for among the served cities. */
export type CityResolution =
  /** One served city, spelled as the service spells it. */
  | { kind: 'served'; name: string }
  /** Part of served names (`Saint`, `Aix`): kept as typed, since city filters match parts of names. */
  | { kind: 'part'; name: string }
  /** No served city: the closest served names, if any is close. */
  | { kind: 'unknown'; typed: string; suggestions: string[] };

const MAX_SUGGESTIONS = 3;

/** The cities the service serves (read from the whole listing), and how typed names resolve against them. */
export class ServedCities {
  /** The served names, cleaned of anything a terminal would act on, in French alphabetical order. */
  readonly names: readonly string[];
  readonly #byKey = new Map<string, string>();

  constructor(served: Iterable<string>) {
    // Names come from the service: cleaned once here, so every face shows and writes them safely.
    for (const raw of served) {
      const name = sanitiseText(raw).trim();
      const key = cityKey(name);
      if (key !== '' && !this.#byKey.has(key)) this.#byKey.set(key, name);
    }
    this.names = [...this.#byKey.values()].sort(new Intl.Collator('fr').compare);
  }

  /** Resolves a typed city: case, accents, dashes, `St`/`Ste` and `, France` forgiven; a typo gets suggestions. */
  resolve(typed: string): CityResolution {
    const key = cityKey(typed);
    const served = this.#byKey.get(key);
    if (served !== undefined) return { kind: 'served', name: served };
    if (key !== '' && [...this.#byKey.keys()].some((name) => name.includes(key))) return { kind: 'part', name: cleanCityInput(typed) };
    return { kind: 'unknown', typed: typed.trim(), suggestions: this.closest(key) };
  }

  /** Whether a typed name is served (exactly, or as a part of served names). */
  knows(typed: string): boolean {
    return this.resolve(typed).kind !== 'unknown';
  }

  /** The served names closest to a folded key, within the typos its length allows. */
  closest(key: string): string[] {
    const allowance = typoAllowance(key);
    const scored: { name: string; distance: number }[] = [];
    for (const [name, spelled] of this.#byKey) {
      // A name typed without its second word ("aix" for Aix-en-Provence) is a part, handled above; compare whole words here.
      const distance = Math.min(editDistance(key, name, allowance), editDistance(key, name.split(' ')[0] ?? name, allowance) + 1);
      if (distance <= allowance) scored.push({ name: spelled, distance });
    }
    return scored.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name)).slice(0, MAX_SUGGESTIONS).map((entry) => entry.name);
  }
}

/** The one sentence for a city no served city matches, with what was probably meant. */
export function unknownCityMessage(label: string, resolution: Extract<CityResolution, { kind: 'unknown' }>, lang: 'en' | 'fr' = 'en'): string {
  const { typed, suggestions } = resolution;
  if (lang === 'fr') {
    const hint = suggestions.length > 0 ? ` Vouliez-vous dire ${suggestions.join(', ')} ?` : '';
    return `${label} : « ${typed} » n’est pas une ville desservie.${hint}`;
  }
  const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : '';
  return `${label}: "${typed}" is not a city the service serves.${hint}`;
}
