import { BACKSLASH, QUOTE } from './json-bytes.js';
/** Nesting deeper than this is refused: no answer of this API comes close, and printing deeper JSON would overflow the stack. */
export const MAX_JSON_DEPTH = 512;
/** A string longer than this (in bytes) is refused: no field of this API is anywhere near it, and tables would stall on it. */
export const MAX_JSON_STRING_BYTES = 1_048_576;

/**
 * What makes a JSON text unsafe to parse and print, found in one pass over its bytes without parsing:
 * nesting deeper than MAX_JSON_DEPTH or a string longer than MAX_JSON_STRING_BYTES. Undefined when neither.
 * Not a validator: malformed JSON is left to JSON.parse.
 */
export function jsonHazard(body: Uint8Array): string | undefined {
  // Most answers are too short to hold such a string and open fewer brackets in all than the depth allowed: finding
  // those is native work, where the walk below runs JavaScript on every byte (~0.4 ms for a search page at start-up).
  if (body.length <= MAX_JSON_STRING_BYTES && bracketsOpenedAtMost(body, MAX_JSON_DEPTH)) return undefined;
  let depth = 0;
  let stringStart = -1;
  const length = body.length;
  for (let index = 0; index < length; index++) {
    const byte = body[index] as number;
    if (stringStart >= 0) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) {
        if (index - stringStart - 1 > MAX_JSON_STRING_BYTES)
          return `it holds a string of ${index - stringStart - 1} bytes (at most ${MAX_JSON_STRING_BYTES} are read)`;
        stringStart = -1;
      }
      continue;
    }
    if (byte === QUOTE) stringStart = index;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return `it nests more than ${MAX_JSON_DEPTH} levels deep`;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  if (stringStart >= 0 && length - stringStart > MAX_JSON_STRING_BYTES)
    return `it holds a string of more than ${MAX_JSON_STRING_BYTES} bytes`;
  return undefined;
}

/** Whether `body` holds at most `limit` bytes `[` and `{` in all, strings included. */
function bracketsOpenedAtMost(body: Uint8Array, limit: number): boolean {
  let count = 0;
  for (const opener of [0x5b, 0x7b]) {
    for (let at = body.indexOf(opener); at >= 0; at = body.indexOf(opener, at + 1)) {
      if (++count > limit) return false;
    }
  }
  return true;
}

/** Whether a body looks like JSON (an object or array after leading whitespace or a byte-order mark). */
export function looksLikeJson(body: Uint8Array): boolean {
  for (let index = 0; index < body.length && index < 1024; index++) {
    const byte = body[index] as number;
    if (byte === 0x7b || byte === 0x5b) return true;
    if (
      byte !== 0x20 &&
      byte !== 0x0a &&
      byte !== 0x0d &&
      byte !== 0x09 &&
      byte !== 0xef &&
      byte !== 0xbb &&
      byte !== 0xbf
    )
      return false;
  }
  return false;
}

/** Whether a parsed value nests deeper than MAX_JSON_DEPTH (walked without recursion, so the walk itself cannot overflow). */
export function nestsTooDeep(value: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current !== 'object' || current === null) continue;
    if (depth > MAX_JSON_DEPTH) return true;
    for (const inner of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof inner === 'object' && inner !== null) stack.push({ value: inner, depth: depth + 1 });
    }
  }
  return false;
}
