import { UsageError } from '../errors.js';
import { INPUT_WORDS, type InputLang } from './input-words.js';
import { decodeWindows1252 } from './windows-1252.js';

/** The encodings a text file of requests or queries may be read as (`--encoding`). */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;

/** One of TEXT_ENCODINGS. */
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

/** A file's text, the encoding it was read as, and whether that was guessed (to be said once). */
export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** True when the bytes were not UTF-8 and were read as Windows-1252, what French Excel writes. */
  fellBack: boolean;
}

/**
 * Reads a text file's bytes as offices write them: a BOM says UTF-8 or UTF-16 (Excel's "Unicode text" and
 * "CSV UTF-8"), bytes that are valid UTF-8 are UTF-8, and anything else is Windows-1252 (French Excel's
 * "CSV (séparateur : point-virgule)"): never U+FFFD in a customer's name. `forced` (--encoding) overrides, and
 * bytes that are not valid in it are a UsageError naming `source`.
 */
export function decodeFileText(
  bytes: Uint8Array,
  source: string,
  forced?: TextEncodingName,
  lang: InputLang = 'en',
): DecodedText {
  const bom = bomOf(bytes);
  const encoding = forced ?? bom?.encoding;
  if (encoding !== undefined) {
    const skip = bom?.encoding === encoding ? bom.length : 0;
    if (encoding === 'windows-1252')
      return { text: decodeWindows1252(bytes.subarray(skip)), encoding, fellBack: false };
    try {
      return {
        text: new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(skip)),
        encoding,
        fellBack: false,
      };
    } catch {
      throw new UsageError(INPUT_WORDS[lang].notValidText(source, encoding.toUpperCase(), TEXT_ENCODINGS.join(', ')));
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', fellBack: false };
  } catch {
    const text = decodeWindows1252(bytes);
    assertNotMixed(text, source, lang);
    return { text, encoding: 'windows-1252', fellBack: true };
  }
}

// UTF-8's two bytes of é, è, à, ç… read one by one in Windows-1252 (Ã©, Ã¨, Ã , Ã§): French never writes them.
const UTF8_READ_AS_CP1252 =
  /\u00c3[\u00a0-\u00bf\u0080-\u009f\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]/;

/** A file that is not UTF-8 but holds UTF-8 sequences mixes two encodings (rows pasted from elsewhere): refused, not guessed. */
function assertNotMixed(text: string, source: string, lang: InputLang): void {
  const match = UTF8_READ_AS_CP1252.exec(text);
  if (!match) return;
  const line = text.slice(0, match.index).split('\n').length;
  throw new UsageError(INPUT_WORDS[lang].mixedEncodings(source, line));
}

function bomOf(bytes: Uint8Array): { encoding: TextEncodingName; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** Reads an `--encoding` value (`utf8`, `UTF-16LE`, `cp1252`, `latin1` too) or throws a UsageError naming the option. */
export function parseTextEncoding(value: string, option: string, lang: InputLang = 'en'): TextEncodingName {
  const name = value.trim().toLowerCase().replace(/_/g, '-');
  const aliases: Readonly<Record<string, TextEncodingName>> = {
    utf8: 'utf-8',
    'utf-8': 'utf-8',
    'utf-16': 'utf-16le',
    utf16: 'utf-16le',
    'utf-16le': 'utf-16le',
    utf16le: 'utf-16le',
    'utf-16be': 'utf-16be',
    utf16be: 'utf-16be',
    'windows-1252': 'windows-1252',
    cp1252: 'windows-1252',
    latin1: 'windows-1252',
    'latin-1': 'windows-1252',
    'iso-8859-1': 'windows-1252',
    ansi: 'windows-1252',
  };
  const encoding = aliases[name];
  if (encoding === undefined)
    throw new UsageError(INPUT_WORDS[lang].notAnEncoding(option, value, TEXT_ENCODINGS.join(', ')));
  return encoding;
}
