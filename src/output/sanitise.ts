// Strings from the service are untrusted: the rule itself lives in domain/safe-text.ts (the client uses it too).
import { stringifyExact } from '../domain/exact-json.js';

export { sanitiseMessage, sanitiseText, sanitiseTrip } from '../domain/safe-text.js';

/** Characters JSON.stringify leaves raw that a terminal would act on or hide (C0 it already escapes). */
const JSON_UNSAFE = /[\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** JSON.stringify whose output holds no raw C1, bidi, separator or zero-width character: they become \uXXXX escapes, so the data stays exact. */
export function jsonSafeStringify(value: unknown, indent?: number): string {
  // These characters can only occur inside JSON strings, where an escape means the same character.
  // Integers read from their digits (ids past 2^53) are written back as the numbers they were.
  const text = stringifyExact(value, indent) ?? 'null';
  return text.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
