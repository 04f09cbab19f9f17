import { concatBytes } from './concat-bytes.js';
import { decodeWindows1252 } from '../domain/windows-1252.js';
import { isUtf8, strictUtf8 } from './utf8-check.js';

// Bodies are read in the charset their Content-Type declares: UTF-8 when it declares none (JSON's own rule,
// RFC 8259), Latin-1 / Windows-1252 or UTF-16 when it says so. A body that does not decode in its charset is
// an error, never U+FFFD in the data: a city name printed as `Besan�on` would be a silent wrong answer.

/** What decodes a body, whole or chunk by chunk (`stream: true` keeps a character cut across chunks). */
interface Decoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

// WHATWG reads all of these as Windows-1252 (domain/windows-1252.ts).
const WINDOWS_1252_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso88591',
  'iso_8859-1',
  'iso_8859-1:1987',
  'iso-ir-100',
  'latin1',
  'l1',
  'cp819',
  'ibm819',
  'csisolatin1',
  'us-ascii',
  'ascii',
  'ansi_x3.4-1968',
]);
const windows1252: Decoder = { decode: (input) => (input ? decodeWindows1252(input) : '') };

const encoder = new TextEncoder();

/** A body that is not valid text in its charset, or a charset motoroute cannot read. */
export class CharsetError extends Error {
  override name = 'CharsetError';
}

/** The charset a Content-Type declares, lower-cased, or `utf-8` when it declares none. */
export function declaredCharset(contentType: string | string[] | undefined): string {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(value ?? '');
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/** Whether the charset is UTF-8 (the default): its bytes are read as they are, once checked. */
function isUtf8Charset(charset: string): boolean {
  return UTF8_LABELS.has(charset);
}

/** A fatal decoder for `charset` (WHATWG labels: `iso-8859-1` and `latin1` read as Windows-1252); `utf-16` follows its BOM. */
function decoderFor(charset: string, firstBytes: Uint8Array): Decoder {
  if (WINDOWS_1252_LABELS.has(charset)) return windows1252;
  let label = charset;
  if (charset === 'utf-16' || charset === 'unicode' || charset === 'ucs-2')
    label = firstBytes[0] === 0xfe && firstBytes[1] === 0xff ? 'utf-16be' : 'utf-16le';
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    throw new CharsetError(`the body declares the charset "${charset.slice(0, 40)}", which motoroute cannot read`);
  }
}

function invalid(charset: string): CharsetError {
  return new CharsetError(
    `the body is not valid ${charset.toUpperCase()} text (it holds bytes that charset cannot have)`,
  );
}

/** The body as text in its declared charset, without a byte-order mark; a CharsetError when it does not decode. */
export function decodeText(body: Uint8Array, contentType: string | string[] | undefined): string {
  const charset = declaredCharset(contentType);
  if (isUtf8Charset(charset)) {
    let text: string;
    try {
      text = strictUtf8.decode(body);
    } catch {
      throw invalid('utf-8');
    }
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
  try {
    return decoderFor(charset, body).decode(body);
  } catch (error) {
    throw error instanceof CharsetError ? error : invalid(charset);
  }
}

/**
 * A streamed body as UTF-8 bytes, for a parser that reads UTF-8 (the listing): UTF-8 is checked and passed
 * on as it is, any other charset decoded and encoded again. A CharsetError where the bytes are invalid.
 */
export async function* utf8Chunks(
  body: AsyncIterable<Uint8Array>,
  contentType: string | string[] | undefined,
): AsyncGenerator<Uint8Array> {
  const charset = declaredCharset(contentType);
  if (isUtf8Charset(charset)) {
    yield* checkedUtf8(body);
    return;
  }
  let decoder: Decoder | undefined;
  try {
    for await (const chunk of body) {
      decoder ??= decoderFor(charset, chunk);
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') yield encoder.encode(text);
    }
    const rest = decoder?.decode() ?? '';
    if (rest !== '') yield encoder.encode(rest);
  } catch (error) {
    throw error instanceof CharsetError || !(error instanceof TypeError) ? error : invalid(charset);
  }
}

/** UTF-8 chunks checked as they pass (a character cut across chunks is checked whole with the next one). */
async function* checkedUtf8(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let carry: Uint8Array | undefined;
  for await (const input of body) {
    const chunk = carry ? concatBytes([carry, input]) : input;
    const cut = completeLength(chunk);
    carry = cut < chunk.length ? chunk.slice(cut) : undefined;
    const whole = chunk.subarray(0, cut);
    if (!isUtf8(whole)) throw invalid('utf-8');
    if (whole.length > 0) yield whole;
  }
  if (carry) throw invalid('utf-8');
}

/** How many bytes of `chunk` end on a character boundary: a multi-byte character begun in its last 3 bytes is left out. */
function completeLength(chunk: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    if (byte < 0x80) return chunk.length; // ASCII: complete
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return back >= needed ? chunk.length : chunk.length - back;
  }
  return chunk.length;
}
