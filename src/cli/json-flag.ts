import { UsageError } from '../errors.js';
import { USAGE_WORDS } from './usage-words.js';

// A field list after --json is the gh habit (`gh pr list --json number,title`); here fields are their own flag.
const FIELD_LIST = /^[a-z_]+(?:,[a-z_]+)+$/;
const TRIP_FIELDS = new Set([
  'id',
  'date',
  'time',
  'depart',
  'arrival',
  'layovers',
  'price_min',
  'price_max',
  'slots',
  'times',
  'unknown',
]);

/**
 * A UsageError when `--json` is given fields (`--json id,date`, `--json=id`), saying how to ask for them in `lang()`
 * (asked only then); undefined otherwise.
 */
export function jsonFieldsMisuse(
  argv: readonly string[],
  lang: () => 'en' | 'fr' = () => 'en',
): UsageError | undefined {
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word === '--') return undefined;
    const attached = word.startsWith('--json=') ? word.slice('--json='.length) : undefined;
    const next = word === '--json' ? argv[index + 1] : undefined;
    const fields = attached ?? next;
    if (fields !== undefined && (attached !== undefined || FIELD_LIST.test(fields) || TRIP_FIELDS.has(fields))) {
      return new UsageError(USAGE_WORDS[lang()].jsonTakesNoValue(fields));
    }
  }
  return undefined;
}
