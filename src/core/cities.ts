import { cityKey, cleanCityInput, editDistance, typoAllowance } from '../domain/city-names.js';
import { sanitiseText } from '../domain/safe-text.js';
import { CORE_WORDS } from './words.js';

/** What a typed city stands for among the served cities. */
export type CityResolution =
  /** One served city, spelled as the service spells it. */
  | {
      /** The typed name is a served city. */
      kind: 'served';
      /** The city as the service spells it (`Saint-Étienne` for `st etienne`). */
      name: string;
    }
  /** Part of served names (`Saint`, `Aix`): kept as typed, since city filters match parts of names. */
  | {
      /** The typed name is part of served names. */
      kind: 'part';
      /** The typed name, cleaned (`, France` and extra spaces removed). */
      name: string;
    }
  /** No served city: the closest served names, if any is close. */
  | {
      /** No served city matches. */
      kind: 'unknown';
      /** The name as typed, trimmed. */
      typed: string;
      /** Up to 3 served names a typo away, closest first (empty when none is close). */
      suggestions: string[];
    };

const MAX_SUGGESTIONS = 3;
/** The most edits a typo may be from the served city it is read as: one, or two on a long name (≥ 8 letters). */
function clearTypo(key: string): number {
  return key.replace(/ /g, '').length >= 8 ? 2 : 1;
}

/**
 * The cities the service serves (read from the whole listing), and how typed names resolve against them.
 * @example
 * ```ts
 * const names = new Set<string>();
 * for await (const trip of client.listing()) for (const city of [trip.depart, ...trip.layovers, trip.arrival]) names.add(city);
 * const served = new ServedCities(names);
 * served.resolve('marseile'); // { kind: 'unknown', typed: 'marseile', suggestions: ['Marseille'] }
 * ```
 */
export class ServedCities {
  /** The served names, cleaned of anything a terminal would act on, in French alphabetical order. */
  readonly names: readonly string[];
  readonly #byKey = new Map<string, string>();

  /**
   * The served cities from their names; nothing is sent.
   * @param served the names of the served cities, as the service writes them (duplicates and spellings of one city are merged).
   */
  constructor(served: Iterable<string>) {
    // Names come from the service: cleaned once here, so every face shows and writes them safely.
    for (const raw of served) {
      const name = sanitiseText(raw).trim();
      const key = cityKey(name);
      if (key !== '' && !this.#byKey.has(key)) this.#byKey.set(key, name);
    }
    this.names = [...this.#byKey.values()].sort(new Intl.Collator('fr').compare);
  }

  /**
   * Resolves a typed city: case, accents, dashes, `St`/`Ste` and `, France` forgiven; a typo gets suggestions.
   * @example
   * ```ts
   * const served = new ServedCities(['Paris', 'Saint-Étienne', 'Marseille']);
   * served.resolve('st etienne, France'); // { kind: 'served', name: 'Saint-Étienne' }
   * served.resolve('Saint'); // { kind: 'part', name: 'Saint' }
   * served.resolve('Marseile'); // { kind: 'unknown', typed: 'Marseile', suggestions: ['Marseille'] }
   * ```
   */
  resolve(typed: string): CityResolution {
    const key = cityKey(typed);
    const served = this.#byKey.get(key);
    if (served !== undefined) return { kind: 'served', name: served };
    if (key !== '' && [...this.#byKey.keys()].some((name) => name.includes(key)))
      return { kind: 'part', name: cleanCityInput(typed) };
    return { kind: 'unknown', typed: typed.trim(), suggestions: this.closest(key) };
  }

  /**
   * Whether a typed name is served (exactly, or as a part of served names), forgiving what {@link resolve} forgives.
   * @example
   * ```ts
   * new ServedCities(['Paris', 'Lyon']).knows('PARIS'); // true
   * new ServedCities(['Paris', 'Lyon']).knows('Grenoble'); // false
   * ```
   */
  knows(typed: string): boolean {
    return this.resolve(typed).kind !== 'unknown';
  }

  /**
   * The served names closest to a folded key (lower case, without accents or dashes), within the typos its length
   * allows: up to 3, closest first; empty when none is close.
   * @example
   * ```ts
   * new ServedCities(['Marseille', 'Lyon']).closest('marseile'); // ['Marseille']
   * ```
   */
  closest(key: string): string[] {
    return this.#scored(key)
      .slice(0, MAX_SUGGESTIONS)
      .map((entry) => entry.name);
  }

  /**
   * The one served city a typed name clearly stands for, when it is not served as typed: the closest served name is
   * one edit away (two on a name of eight letters or more) and strictly closer than every other (a `Marseile` has one
   * Marseille; `Arras` is not read as Arles, two edits away on a short name). Undefined when the name is served, a
   * part of served names, or has no clear match.
   * @example
   * ```ts
   * new ServedCities(['Marseille', 'Lyon']).clearMatch('marseile'); // 'Marseille'
   * new ServedCities(['Laval', 'Lavaur']).clearMatch('lavau'); // undefined: both are one edit away
   * ```
   */
  clearMatch(typed: string): string | undefined {
    if (this.resolve(typed).kind !== 'unknown') return undefined;
    const key = cityKey(typed);
    const [first, second] = this.#scored(key);
    if (first === undefined || first.distance > clearTypo(key)) return undefined;
    return second === undefined || second.distance > first.distance ? first.name : undefined;
  }

  /**
   * The served names a part of a name belongs to (`Mar` → Marseille), those starting with it first: a quote's city
   * is a whole name, so a part is read as the one served name starting with it, or refused with these.
   * @example
   * ```ts
   * new ServedCities(['Marseille', 'Aix-en-Provence', 'Aix-les-Bains']).namesWithPart('aix'); // ['Aix-en-Provence', 'Aix-les-Bains']
   * ```
   */
  namesWithPart(typed: string): string[] {
    const key = cityKey(typed);
    if (key === '') return [];
    const names = [...this.#byKey].filter(([name]) => name.includes(key));
    const starting = names.filter(([name]) => name.startsWith(key));
    const inside = names.filter(([name]) => !name.startsWith(key));
    return [...starting, ...inside].map(([, spelled]) => spelled);
  }

  /**
   * The one served name a part of a name begins (`Mars` → Marseille), if only one does.
   * @example
   * ```ts
   * new ServedCities(['Marseille', 'Aix-en-Provence', 'Aix-les-Bains']).onlyNameStarting('mars'); // 'Marseille'
   * new ServedCities(['Marseille', 'Aix-en-Provence', 'Aix-les-Bains']).onlyNameStarting('aix'); // undefined
   * ```
   */
  onlyNameStarting(typed: string): string | undefined {
    const key = cityKey(typed);
    if (key === '') return undefined;
    const starting = [...this.#byKey].filter(([name]) => name.startsWith(key));
    return starting.length === 1 ? starting[0]?.[1] : undefined;
  }

  /** The served names within the typos a key's length allows, closest first, each with its distance. */
  #scored(key: string): { name: string; distance: number }[] {
    const allowance = typoAllowance(key);
    const scored: { name: string; distance: number }[] = [];
    for (const [name, spelled] of this.#byKey) {
      // A name typed without its second word ("aix" for Aix-en-Provence) is a part, handled above; compare whole words here.
      const distance = Math.min(
        editDistance(key, name, allowance),
        editDistance(key, name.split(' ')[0] ?? name, allowance) + 1,
      );
      if (distance <= allowance) scored.push({ name: spelled, distance });
    }
    return scored.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  }
}

/** The one sentence for a city no served city matches, with what was probably meant. */
export function unknownCityMessage(
  label: string,
  resolution: Extract<CityResolution, { kind: 'unknown' }>,
  lang: 'en' | 'fr' = 'en',
): string {
  const { typed, suggestions } = resolution;
  return CORE_WORDS[lang].unknownCity(label, typed, suggestions);
}
