import type { CompleteRequest, CompleteResult } from '@modelcontextprotocol/server';
import type { McpEnvironment } from './environment.js';

// The protocol's limit on completion values in one answer.
const MAX_VALUES = 100;

/** Arguments of each prompt that take a city. */
const CITY_ARGUMENTS: Readonly<Record<string, readonly string[]>> = { plan_trip: ['from', 'to'] };

/**
 * Completes a prompt's city argument with the served cities that start with what was typed (case and accents
 * ignored), then those that contain it. Anything else completes to nothing.
 */
export async function completeArgument(
  params: CompleteRequest['params'],
  env: McpEnvironment,
  signal: AbortSignal,
): Promise<CompleteResult> {
  const none: CompleteResult = { completion: { values: [], hasMore: false } };
  if (params.ref.type !== 'ref/prompt' || !CITY_ARGUMENTS[params.ref.name]?.includes(params.argument.name)) return none;
  const typed = fold(params.argument.value);
  const cities = await env.servedCities(signal);
  const starting = cities.filter((city) => fold(city).startsWith(typed));
  const containing = cities.filter((city) => !fold(city).startsWith(typed) && fold(city).includes(typed));
  const matches = [...starting, ...containing];
  return {
    completion: { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES },
  };
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
