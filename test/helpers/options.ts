import { parseOptions, type OptionSpecs, type OptionValues, type RawOptionValues } from '../../src/commands/options.js';

/** A command's options as its `run` receives them, from flags written as a test reads best: `{ limit: '5', all: true }`. */
export function optionValues<S extends OptionSpecs>(
  specs: S,
  given: Record<string, string | true | string[]> = {},
  now = new Date(),
  lang: 'en' | 'fr' = 'en',
): OptionValues<S> {
  const raw: RawOptionValues = {};
  for (const [key, value] of Object.entries(given)) raw[key] = typeof value === 'string' ? [value] : value;
  return parseOptions(specs, raw, { now, lang });
}
