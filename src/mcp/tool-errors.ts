import type * as z from 'zod';
import { sanitiseText } from '../output/sanitise.js';
import { didYouMean } from './near-names.js';

// Exit codes of PRODUCT.md, read from the error rather than by class: the client's errors come from the CLI's own
// bundle (dist/app.cjs), where `instanceof` against this bundle's classes would be false.
const MEANINGS: Readonly<Record<number, string>> = {
  1: 'The service answered with an error',
  2: 'Invalid input, nothing was sent',
  3: 'Network failure or timeout after retries (the service could not be reached)',
  4: 'Not found',
  130: 'Interrupted',
};

/** One line a model can act on, for anything a tool's handler threw: the exit code's meaning in words, then the reason. */
export function describeToolError(error: unknown): string {
  const message = oneLine(error instanceof Error ? error.message : String(error));
  if (error instanceof Error && error.name === 'RateLimitError') return slowDown(message);
  const code = exitCodeOf(error);
  if (code === undefined) return `Unexpected error: ${message}`;
  if (code === 2) return message;
  const meaning = MEANINGS[code] ?? `Failed (exit code ${code})`;
  return message ? `${meaning}: ${message}` : `${meaning}.`;
}

/**
 * One line for input the schema refused: the first problem with its field, and how many more there are. An unknown
 * argument name is named with the known ones it was probably meant as (`date`: date_from or date_to).
 */
export function describeInputError(error: z.ZodError, knownNames: readonly string[] = []): string {
  const [first, ...rest] = error.issues;
  if (!first) return 'Invalid input.';
  const field = first.path.map(String).join('.');
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})` : '';
  if (first.code === 'unrecognized_keys' && field === '') {
    const names = first.keys.map((key) => `"${key}"`).join(', ');
    const hint = first.keys.length === 1 ? didYouMean(first.keys[0] as string, knownNames) : '';
    const known = hint === '' && knownNames.length > 0 ? ` The arguments are ${knownNames.join(', ')}.` : '';
    return oneLine(`Unknown argument${first.keys.length === 1 ? '' : 's'} ${names}.${hint}${known}${more}`);
  }
  return oneLine(`${field ? `${field}: ` : ''}${first.message}${more}`);
}

/** A 429 from the service: when to retry, from the wait it asked for (the client's message names it). */
function slowDown(message: string): string {
  const seconds = /wait (\d+) s/.exec(message)?.[1];
  return `The service asks us to slow down; retry in ${seconds ?? 60} s.`;
}

function exitCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('exitCode' in error)) return undefined;
  const code = (error as { exitCode: unknown }).exitCode;
  return typeof code === 'number' ? code : undefined;
}

/** Service text may reach the message: no control characters, no line breaks. */
function oneLine(text: string): string {
  return sanitiseText(text).replace(/\s+/g, ' ').trim();
}
