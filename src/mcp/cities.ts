import { unknownCityMessage } from '../core/cities.js';
import { cleanCityInput } from '../domain/city-names.js';
import type { McpEnvironment } from './environment.js';

/** A typed city as the service spells its words (`Paris, France` → `Paris`, `St Etienne` → `Saint Etienne`): no request. */
export function cleanCity(typed: string | undefined): string | undefined {
  return typed === undefined ? undefined : cleanCityInput(typed);
}

/** The cities of a call in the service's spelling, and a sentence for each the service does not serve. */
export interface SpelledCities<K extends string> {
  names: Partial<Record<K, string>>;
  unknown: string[];
}

/**
 * The cities of a search tool's call, each resolved by the core against the served cities (the session's listing
 * read when one is held, else a read keeping the names only), as an empty `motoroute search` resolves them: a served city takes the service's spelling; one that no served
 * city matches stays as typed, with a sentence naming what was probably meant for the model to pass on. (A booking's
 * cities go through the booking use case, which corrects a clear typo or refuses.)
 */
export async function servedSpellings<K extends string>(
  env: McpEnvironment,
  cities: Readonly<Partial<Record<K, string | undefined>>>,
  signal: AbortSignal,
): Promise<SpelledCities<K>> {
  const served = await env.core.servedCityNames(signal);
  const result: SpelledCities<K> = { names: {}, unknown: [] };
  for (const [field, typed] of Object.entries(cities) as [K, string | undefined][]) {
    if (typed === undefined) continue;
    const resolution = served.resolve(typed);
    if (resolution.kind === 'unknown') result.unknown.push(unknownCityMessage(field, resolution));
    result.names[field] = resolution.kind === 'unknown' ? typed : resolution.name;
  }
  return result;
}
