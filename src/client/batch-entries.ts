import { ApiError } from '../errors.js';
import { parseJsonExact } from '../domain/exact-json.js';
import { headerValue } from '../domain/header-record.js';
import type { BatchResult, SearchQuery } from '../domain/types.js';
import type { RawResponse } from './options.js';
import { readBatch, readBatchEntry, type ReadOptions } from './readers.js';
import { RecordReader } from './record-reader.js';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-bytes.js';

const BOM = [0xef, 0xbb, 0xbf] as const;
const RESULTS = 'results';
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Where one entry of a batch answer lies in its body: [start, end) in bytes. */
export type EntrySpan = readonly [start: number, end: number];

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * The byte spans of the entries of a batch answer `{"results": [{…}, {…}], …}`, found without parsing it, or
 * undefined when the body is not shaped so (no results array, an entry that is not an object, two results, a
 * broken nesting): its reader then reads it whole, with the reasons it gives.
 */
export function splitBatchEntries(body: Uint8Array): EntrySpan[] | undefined {
  const spans: EntrySpan[] = [];
  let at = BOM.every((byte, index) => body[index] === byte) ? BOM.length : 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let keyStart = -1;
  let lastKey = '';
  let inResults = false;
  let resultsSeen = false;
  let entryStart = -1;
  for (; at < body.length; at++) {
    const byte = body[at] as number;
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) {
        inString = false;
        if (keyStart >= 0) lastKey = utf8.decode(body.subarray(keyStart, at));
        keyStart = -1;
      }
      continue;
    }
    if (depth === 2 && inResults && byte !== OPEN_BRACE && byte !== CLOSE_BRACKET) {
      if (isWhitespace(byte) || byte === COMMA) continue;
      return undefined;
    }
    if (byte === QUOTE) {
      inString = true;
      if (depth === 1) keyStart = at + 1;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (depth === 0 && byte !== OPEN_BRACE) return undefined;
      if (depth === 2 && inResults) entryStart = at;
      if (depth === 1 && byte === OPEN_BRACKET && lastKey === RESULTS) {
        if (resultsSeen) return undefined;
        inResults = resultsSeen = true;
      }
      depth += 1;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
      if (depth < 0) return undefined;
      if (depth === 2 && inResults && entryStart >= 0) {
        if (byte !== CLOSE_BRACE) return undefined;
        spans.push([entryStart, at + 1]);
        entryStart = -1;
      } else if (depth === 1 && inResults) inResults = false;
      if (depth === 0) break;
    } else if (depth === 0 && !isWhitespace(byte)) return undefined;
  }
  for (at += 1; at < body.length; at++) if (!isWhitespace(body[at] as number)) return undefined;
  return depth === 0 && resultsSeen && !inString ? spans : undefined;
}

/**
 * The entries of a batch answer, each parsed only when reached, so that a large answer is never held as one
 * parsed tree: a reader that uses an entry's trips and lets them go holds little more than the body's bytes. A body
 * not shaped as expected, or in another charset than UTF-8, is read whole by readBatch (same entries, same reasons).
 */
export function readBatchEntries(
  response: RawResponse,
  queries: readonly SearchQuery[],
  options: ReadOptions,
): Iterable<BatchResult> {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(headerValue(response.headers, 'content-type') ?? '')?.[1];
  const spans = charset === undefined || /^utf-?8$/i.test(charset) ? splitBatchEntries(response.body) : undefined;
  if (spans === undefined) return readBatch(response, queries, options).results;
  return lazyEntries(response, spans, queries, options);
}

function* lazyEntries(
  response: RawResponse,
  spans: readonly EntrySpan[],
  queries: readonly SearchQuery[],
  options: ReadOptions,
): Generator<BatchResult> {
  const label = 'POST /route/ai/batch';
  const reader = new RecordReader(label, response.url, options.strict);
  for (const [position, [start, end]] of spans.entries()) {
    let entry: unknown;
    try {
      entry = parseJsonExact(utf8.decode(response.body.subarray(start, end)));
    } catch {
      throw new ApiError(
        `${label} returned a body motoroute cannot read (its entry ${position} is not UTF-8 JSON); nothing more of it is used.`,
        response.status,
        response.url,
        undefined,
        { headers: response.headers },
      );
    }
    const result = reader.at(entry, `results[${position}]`, (value) =>
      readBatchEntry(reader, value, position, queries),
    );
    if (result !== undefined) yield result;
  }
  const skipped = reader.skipped;
  if (skipped) options.onSkippedRecords?.(skipped);
}
