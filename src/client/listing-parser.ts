import { parseJsonExact } from '../domain/exact-json.js';
import { MAX_JSON_DEPTH } from './json-limits.js';
import { ListingText } from './listing-text.js';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-bytes.js';

/** Why a listing body could not be read as a JSON array of records. */
export class ListingFormatError extends Error {
  override name = 'ListingFormatError';
}

/** Progress of a listing being read: bytes received and records parsed so far. */
export interface ListingProgress {
  /** Body bytes read so far, after decoding. */
  bytes: number;
  /** Records read so far, unreadable ones included. */
  records: number;
}

enum State {
  BeforeArray,
  AfterOpen,
  AfterRecord,
  AfterComma,
  InRecord,
  /** Inside an element that is not an object (a broken record: null, a string, an array…), read to be reported. */
  InValue,
  Done,
}

const SPECIAL = new Uint8Array(256);
for (const byte of [QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE]) SPECIAL[byte] = 1;

const MAX_RECORD_BYTES = 16 * 1024 * 1024;
/** Whitespace between records beyond this is not a listing being sent but padding (read in flat memory, then refused). */
const MAX_BLANK_BYTES = 1024 * 1024;
/** The UTF-8 byte-order mark some deployments put before the JSON. */
const BOM = [0xef, 0xbb, 0xbf] as const;
/** For error messages only: records are decoded by ListingText. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
/** After this many wrong guesses in a row (records holding nested objects, say), every byte is scanned. */
const MAX_FAILED_GUESSES = 4;
/** How many `}` from a chunk's end are looked at for a record's end before scanning the chunk exactly. */
const MAX_CUT_CANDIDATES = 16;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * Splits a JSON array of objects, fed as arbitrary Uint8Array chunks, into its records with flat memory.
 * Shaped as "guess, then let JSON.parse check" because that measured fastest: per chunk, the last `}`
 * that looks like a record's end is taken as the cut, and one JSON.parse('[' + records + ']') both
 * parses and proves the cut (a cut inside a string or a nested value cannot parse, see #parseGuess).
 * Only the short tail after the cut, and any chunk whose guess fails, go through the exact byte
 * scanner (strings, escapes, depth), which also gives the precise errors. Scanning every byte in JS
 * cost 0.9 s per million records; JSON.parse must read them all anyway. Records are only cut at
 * ASCII braces, so multi-byte UTF-8 characters split across chunks are decoded whole.
 * The text JSON.parse reads is assembled by ListingText; a chunk is not kept after push returns, so the
 * source may reuse its memory.
 */
export class ListingScanner {
  #state = State.BeforeArray;
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** The text of the next JSON.parse, with the bytes of a record begun in earlier chunks and not finished yet. */
  #text = new ListingText();
  #bytes = 0;
  #records = 0;
  /** Consecutive failed guesses; past a few the listing is not shaped for guessing and is scanned exactly. */
  #failedGuesses = 0;
  #exactChunks = 0;
  /** Bytes of a leading byte-order mark seen so far (it may be split across the first chunks). */
  #bomBytes = 0;
  /** Whitespace bytes in a row outside records (a run may span chunks). */
  #blankRun = 0;

  /** Bytes fed so far. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Records returned so far. */
  get records(): number {
    return this.#records;
  }

  /** Chunks that went through the exact byte scanner because no guessed cut held (for tests and diagnostics). */
  get exactChunks(): number {
    return this.#exactChunks;
  }

  /** Feeds the next chunk and returns the records it completed (possibly none). */
  push(input: Uint8Array): unknown[] {
    const bom = this.#skipBom(input);
    const chunk = bom === 0 ? input : input.subarray(bom);
    this.#bytes += bom;
    const length = chunk.length;
    if (length === 0) return [];
    const chunkOffset = this.#bytes;
    this.#bytes += length;
    if (this.#failedGuesses < MAX_FAILED_GUESSES && this.#state !== State.Done) {
      const cut = lastRecordEnd(chunk);
      const records = cut < 0 ? undefined : this.#parseGuess(chunk, cut);
      if (records !== undefined) {
        const tail = this.#scan(chunk, chunkOffset, cut + 1);
        if (tail.length > 0) records.push(...tail);
        return records;
      }
    }
    this.#exactChunks += 1;
    return this.#scan(chunk, chunkOffset, this.#escaped ? 1 : 0);
  }

  /**
   * Parses the carry plus `chunk` up to its `}` at `cut` as whole records, or returns undefined (state
   * untouched) when that is not exactly a run of records. The run starts where a record may start, so
   * JSON.parse succeeds only if `cut` ends a top-level record: a cut inside a string leaves it
   * unterminated, one inside a record leaves its `{` unclosed.
   */
  #parseGuess(chunk: Uint8Array, cut: number): unknown[] | undefined {
    // A carry starts at a record's `{`; without one, what must come first depends on where the last chunk ended.
    let from = 0;
    if (this.#text.carried === 0) {
      from = skipWhitespace(chunk, 0);
      const lead =
        this.#state === State.BeforeArray ? OPEN_BRACKET : this.#state === State.AfterRecord ? COMMA : undefined;
      if (lead !== undefined) {
        if (chunk[from] !== lead) return this.#failedGuess();
        from += 1;
      }
    }
    let records: unknown;
    try {
      records = parseJsonExact(this.#text.decode(chunk.subarray(from, cut + 1)));
    } catch {
      return this.#failedGuess();
    }
    // Elements need not be objects: a broken record (null, a string) is passed on to be reported, not fatal.
    if (!Array.isArray(records)) return this.#failedGuess();
    this.#failedGuesses = 0;
    this.#records += records.length;
    this.#text.drop();
    this.#state = State.AfterRecord;
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
    return records;
  }

  /** How many bytes at the start of `chunk` belong to a leading byte-order mark. */
  #skipBom(chunk: Uint8Array): number {
    if (this.#bomBytes >= BOM.length || this.#bytes !== this.#bomBytes) return 0;
    let index = 0;
    while (this.#bomBytes < BOM.length && index < chunk.length && chunk[index] === BOM[this.#bomBytes]) {
      this.#bomBytes++;
      index++;
    }
    if (this.#bomBytes < BOM.length && index < chunk.length) {
      // Part of a mark and then something else: neither a mark nor JSON.
      if (this.#bomBytes > 0)
        throw new ListingFormatError('the body starts with a broken byte-order mark, not a JSON array');
      this.#bomBytes = BOM.length;
    }
    return index;
  }

  #failedGuess(): undefined {
    this.#failedGuesses += 1;
    return undefined;
  }

  /** The exact scanner, from `start` in `chunk`, continuing the state the previous chunk left. */
  #scan(chunk: Uint8Array, chunkOffset: number, start: number): unknown[] {
    const length = chunk.length;
    // The hot loop keeps its state in locals (measured ~2x faster than fields and a call per byte run).
    let state = this.#state;
    let depth = this.#depth;
    let inString = this.#inString;
    // Completed records of this chunk lie in [regionStart, regionEnd), preceded by the carry when there is one.
    let regionStart = -1;
    let regionEnd = -1;
    let recordStart = state === State.InRecord || state === State.InValue ? 0 : -1;
    // An escape started by the last byte of the previous chunk covers this chunk's first byte (start is 1 then).
    let index = start;
    this.#escaped = false;
    while (index < length) {
      if (state === State.InRecord) {
        for (; index < length; index++) {
          const byte = chunk[index] as number;
          // Most bytes are plain text: one table lookup lets them through.
          if (SPECIAL[byte] === 0) continue;
          if (inString) {
            if (byte === BACKSLASH) index++;
            else if (byte === QUOTE) inString = false;
          } else if (byte === QUOTE) {
            inString = true;
          } else if (byte === OPEN_BRACE) {
            if (++depth > MAX_JSON_DEPTH) throw this.#tooDeep();
          } else if (byte === CLOSE_BRACE && --depth === 0) {
            break;
          }
        }
        if (index >= length) {
          this.#escaped = index > length;
          break;
        }
        index++;
        if (regionStart < 0) regionStart = recordStart;
        regionEnd = index;
        state = State.AfterRecord;
        continue;
      }
      if (state === State.InValue) {
        // Rare (broken records only), so plainly: strings, nesting of both brackets, and the end at a top-level `,` or `]`.
        for (; index < length; index++) {
          const byte = chunk[index] as number;
          if (inString) {
            if (byte === BACKSLASH) index++;
            else if (byte === QUOTE) inString = false;
          } else if (byte === QUOTE) {
            inString = true;
          } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
            if (++depth > MAX_JSON_DEPTH) throw this.#tooDeep();
          } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET || byte === COMMA) {
            if (depth === 0) break;
            if (byte !== COMMA) depth--;
          }
        }
        if (index >= length) {
          this.#escaped = index > length;
          break;
        }
        // The value ends before this byte, which the transitions below then read.
        if (regionStart < 0) regionStart = recordStart;
        regionEnd = index;
        state = State.AfterRecord;
        continue;
      }
      const byte = chunk[index] as number;
      if (isWhitespace(byte)) {
        if (++this.#blankRun > MAX_BLANK_BYTES)
          throw new ListingFormatError(
            `more than ${MAX_BLANK_BYTES / 1_048_576} MiB of blank space between records after ${this.#records} records: the body is not a listing`,
          );
        index++;
        continue;
      }
      this.#blankRun = 0;
      const expectsValue = state === State.AfterComma || state === State.AfterOpen;
      if (byte === OPEN_BRACE && expectsValue) {
        state = State.InRecord;
        depth = 1;
        recordStart = index;
      } else if (expectsValue && !isWhitespace(byte) && byte !== CLOSE_BRACKET && byte !== COMMA) {
        state = State.InValue;
        depth = 0;
        recordStart = index;
        continue;
      } else if (byte === COMMA && state === State.AfterRecord) {
        state = State.AfterComma;
      } else if (!isWhitespace(byte)) {
        state = this.#transition(state, byte, chunkOffset + index, chunk, index);
      }
      index++;
    }
    this.#state = state;
    this.#depth = depth;
    this.#inString = inString;
    const records = regionEnd < 0 ? [] : this.#parseRegion(chunk, regionStart, regionEnd, chunkOffset);
    if (state === State.InRecord || state === State.InValue)
      this.#keepPartial(chunk, regionEnd >= 0 || this.#text.carried === 0 ? recordStart : 0);
    return records;
  }

  /** Declares the end of the body; throws when the array was not closed (a truncated listing). */
  end(): void {
    if (this.#state === State.Done) return;
    if (this.#bytes === 0) throw new ListingFormatError('the body is empty, not a JSON array');
    throw new ListingFormatError(
      `the body ended before the closing "]" after ${this.#records} records (${this.#bytes} bytes): the listing is truncated`,
    );
  }

  /** The array's brackets and every malformed separator: the rare bytes outside records. */
  #transition(state: State, byte: number, position: number, chunk: Uint8Array, index: number): State {
    if (state === State.BeforeArray) {
      if (byte === OPEN_BRACKET) return State.AfterOpen;
      throw this.#notAnArray(chunk, index);
    }
    if (byte === CLOSE_BRACKET && (state === State.AfterOpen || state === State.AfterRecord)) return State.Done;
    if (state === State.Done) throw new ListingFormatError(`unexpected data after the closing "]" at byte ${position}`);
    if (state === State.AfterRecord) {
      throw new ListingFormatError(
        `expected "," or "]" after a record at byte ${position}, found ${describeByte(byte)}`,
      );
    }
    throw new ListingFormatError(`expected a record (a JSON object) at byte ${position}, found ${describeByte(byte)}`);
  }

  #parseRegion(chunk: Uint8Array, regionStart: number, regionEnd: number, chunkOffset: number): unknown[] {
    // After a carry, the region goes on from the chunk's first byte.
    const text = this.#text.decode(chunk.subarray(this.#text.carried > 0 ? 0 : regionStart, regionEnd));
    this.#text.drop();
    let records: unknown[];
    try {
      records = parseJsonExact(text) as unknown[];
    } catch {
      // The engine's wording (`Unexpected token 'N', …`) is no sentence for a user: where it is says enough.
      throw new ListingFormatError(`a record before byte ${chunkOffset + regionEnd} is not valid JSON`);
    }
    this.#records += records.length;
    return records;
  }

  #tooDeep(): ListingFormatError {
    return new ListingFormatError(
      `record ${this.#records + 1} nests more than ${MAX_JSON_DEPTH} levels deep; the body is not a listing`,
    );
  }

  /** Keeps a copy of the bytes of an unfinished record (the chunk itself is not kept). */
  #keepPartial(chunk: Uint8Array, from: number): void {
    if (this.#text.carried + (chunk.length - from) > MAX_RECORD_BYTES) {
      throw new ListingFormatError(
        `record ${this.#records + 1} is larger than ${MAX_RECORD_BYTES / 1_048_576} MB; the body is not a listing`,
      );
    }
    this.#text.carry(from === 0 ? chunk : chunk.subarray(from));
  }

  #notAnArray(chunk: Uint8Array, index: number): ListingFormatError {
    const start = utf8.decode(chunk.subarray(index, index + 40)).replace(/[\u0000-\u001f\u007f]/g, ' ');
    const kind = chunk[index] === OPEN_BRACE ? 'a JSON object' : 'not a JSON array';
    return new ListingFormatError(
      `the body is ${kind}, not the expected array of routes (it starts with ${JSON.stringify(start)})`,
    );
  }
}

function skipWhitespace(bytes: Uint8Array, index: number): number {
  while (index < bytes.length && isWhitespace(bytes[index] as number)) index++;
  return index;
}

/**
 * The index of the last `}` of `chunk` that looks like the end of a record: followed by `]`, by `,` and
 * a `{`, or by the end of the chunk (whitespace aside). -1 when none is found near the end.
 */
function lastRecordEnd(chunk: Uint8Array): number {
  let candidate = chunk.lastIndexOf(CLOSE_BRACE);
  for (let tries = 0; candidate >= 0 && tries < MAX_CUT_CANDIDATES; tries++) {
    let next = skipWhitespace(chunk, candidate + 1);
    if (next === chunk.length || chunk[next] === CLOSE_BRACKET) return candidate;
    if (chunk[next] === COMMA) {
      next = skipWhitespace(chunk, next + 1);
      if (next === chunk.length || chunk[next] === OPEN_BRACE) return candidate;
    }
    if (candidate === 0) break;
    candidate = chunk.lastIndexOf(CLOSE_BRACE, candidate - 1);
  }
  return -1;
}

function describeByte(byte: number): string {
  return byte >= 0x20 && byte < 0x7f
    ? `"${String.fromCharCode(byte)}"`
    : `byte 0x${byte.toString(16).padStart(2, '0')}`;
}

/** Parses a streamed listing body, yielding the records of each chunk as one batch; calls `onProgress` per chunk. */
export async function* parseListing(
  body: AsyncIterable<Uint8Array>,
  onProgress?: (progress: ListingProgress) => void,
): AsyncGenerator<unknown[]> {
  const scanner = new ListingScanner();
  for await (const chunk of body) {
    const records = scanner.push(chunk);
    onProgress?.({ bytes: scanner.bytes, records: scanner.records });
    if (records.length > 0) yield records;
  }
  scanner.end();
}
