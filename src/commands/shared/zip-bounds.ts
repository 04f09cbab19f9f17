import { inflateRawSync } from 'node:zlib';
import { UsageError } from '../../errors.js';
import { sizeText } from './bounded-file.js';
import { type FileLang, TABLE_FILE_WORDS } from './file-words.js';

/** What a workbook may expand to: a desk's day is a few megabytes of XML once unpacked. */
export const MAX_WORKBOOK_EXPANDED_BYTES = 16 * 1024 * 1024;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
// The end record is 22 bytes and may be followed by a comment of up to 65,535 bytes.
const END_SEARCH = 22 + 0xffff;
const ZIP64_MARK = 0xffffffff;

/**
 * Checks a workbook (.xlsx and .ods are zip files) before it is opened: its central directory must be whole (else
 * the file was cut short: a copy or a download that stopped), and the sizes its entries declare once unpacked must
 * stay within `limit` in all. Each entry is then unpacked with that declared size as its ceiling, so an entry that
 * lies about its size is refused as soon as it passes it, never expanded in full.
 */
export function checkWorkbookSize(
  bytes: Buffer,
  source: string,
  limit = MAX_WORKBOOK_EXPANDED_BYTES,
  lang: FileLang = 'en',
): void {
  const truncated = () => cutShortError(source, lang);
  const end = findEndOfDirectory(bytes);
  if (end < 0) throw truncated();
  const entries = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  let position = directoryOffset;
  let declared = 0;
  const found: { method: number; compressed: number; expanded: number; local: number; name: string }[] = [];
  for (let index = 0; index < entries; index++) {
    if (position + 46 > bytes.length || bytes.readUInt32LE(position) !== DIRECTORY_ENTRY) throw truncated();
    const method = bytes.readUInt16LE(position + 10);
    const compressed = bytes.readUInt32LE(position + 20);
    const expanded = bytes.readUInt32LE(position + 24);
    const nameLength = bytes.readUInt16LE(position + 28);
    const extraLength = bytes.readUInt16LE(position + 30);
    const commentLength = bytes.readUInt16LE(position + 32);
    const local = bytes.readUInt32LE(position + 42);
    const name = bytes.toString('latin1', position + 46, position + 46 + nameLength);
    // A size of 0xFFFFFFFF defers to a 64-bit one: 4 GiB and more, far past any bound.
    declared += expanded === ZIP64_MARK || compressed === ZIP64_MARK ? Number.POSITIVE_INFINITY : expanded;
    found.push({ method, compressed, expanded, local, name });
    position += 46 + nameLength + extraLength + commentLength;
  }
  if (declared > limit) throw tooLarge(source, declared, limit, lang);
  for (const entry of found) {
    if (entry.method !== 8) continue;
    if (entry.local + 30 > bytes.length || bytes.readUInt32LE(entry.local) !== LOCAL_HEADER) throw truncated();
    const start = entry.local + 30 + bytes.readUInt16LE(entry.local + 26) + bytes.readUInt16LE(entry.local + 28);
    if (start + entry.compressed > bytes.length) throw truncated();
    try {
      inflateRawSync(bytes.subarray(start, start + entry.compressed), { maxOutputLength: Math.max(1, entry.expanded) });
    } catch (error) {
      if (
        error instanceof RangeError ||
        (error instanceof Error && 'code' in error && error.code === 'ERR_BUFFER_TOO_LARGE')
      )
        throw new UsageError(
          TABLE_FILE_WORDS[lang].lyingPart(source, entry.name.slice(0, 60), sizeText(entry.expanded, lang)),
        );
      // A damaged entry is for the spreadsheet reader to name.
    }
  }
}

/** The refusal of a workbook cut short. */
export function cutShortError(source: string, lang: FileLang = 'en'): UsageError {
  return new UsageError(TABLE_FILE_WORDS[lang].cutShort(source));
}

function tooLarge(source: string, declared: number, limit: number, lang: FileLang): UsageError {
  const words = TABLE_FILE_WORDS[lang];
  const size = Number.isFinite(declared) ? sizeText(declared, lang) : words.over4GiB;
  return new UsageError(words.unpacksTo(source, size, sizeText(limit, lang)));
}

/** True for a zip whose end record is missing: a file cut short (a copy or a download that stopped). */
export function isCutShortZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER && findEndOfDirectory(bytes) < 0;
}

function findEndOfDirectory(bytes: Buffer): number {
  for (let position = bytes.length - 22; position >= Math.max(0, bytes.length - END_SEARCH); position--)
    if (bytes.readUInt32LE(position) === END_OF_DIRECTORY) return position;
  return -1;
}
