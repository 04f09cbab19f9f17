import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../../errors.js';
import { type FileLang, TABLE_FILE_WORDS } from './file-words.js';

/** The most a file of requests or queries may hold: a desk's day is a few hundred kilobytes; 10 MiB is a year of them. */
export const MAX_TABLE_FILE_BYTES = 10 * 1024 * 1024;

/** A size as people read it: `12.5 MiB`, `830 KiB` (in French `12,5 Mio`, `830 Kio`). */
export function sizeText(bytes: number, lang: FileLang = 'en'): string {
  const words = TABLE_FILE_WORDS[lang];
  if (bytes >= 1024 * 1024) return words.mebibytes((bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, ''));
  return words.kibibytes(Math.ceil(bytes / 1024));
}

/**
 * The bytes of FILE, refused before they are read when it is not a regular file (a FIFO, a device such as
 * /dev/zero, a socket: each would keep the run waiting or fill its memory) or holds more than `limit` bytes. Opened
 * without blocking, so that a FIFO nobody writes to is refused at once rather than waited on.
 */
export async function readBoundedFile(
  file: string,
  option: string,
  limit = MAX_TABLE_FILE_BYTES,
  lang: FileLang = 'en',
): Promise<Buffer> {
  const words = TABLE_FILE_WORDS[lang];
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    if (!stats.isFile()) {
      const what = stats.isFIFO()
        ? words.fifo
        : stats.isCharacterDevice() || stats.isBlockDevice()
          ? words.device
          : stats.isSocket()
            ? words.socket
            : words.irregular;
      throw new UsageError(words.notRegular(option, file, what));
    }
    // The file may grow while it is read: never more than the limit and one byte.
    return await readWithin(handle.createReadStream({ autoClose: false }), option, file, limit, lang, stats.size);
  } finally {
    await handle.close();
  }
}

/** Standard input read up to `limit` bytes: past it, the read stops and the file is refused. */
export async function readBoundedStream(
  stream: Readable,
  option: string,
  limit = MAX_TABLE_FILE_BYTES,
  lang: FileLang = 'en',
): Promise<Buffer> {
  return readWithin(stream, option, 'stdin', limit, lang);
}

/**
 * The bytes of `stream`, refused as too large (and the stream stopped) past `limit`: at once when its size is known
 * beforehand (`size`, a file's own, then said as it is), else as soon as the bytes read go over it.
 */
async function readWithin(
  stream: Readable,
  option: string,
  source: string,
  limit: number,
  lang: FileLang,
  size?: number,
): Promise<Buffer> {
  const words = TABLE_FILE_WORDS[lang];
  const tooLarge = (sizeSaid: string) =>
    new UsageError(words.tooLarge(option, source, sizeSaid, sizeText(limit, lang)));
  if (size !== undefined && size > limit) throw tooLarge(sizeText(size, lang));
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    length += bytes.length;
    if (length > limit) {
      stream.destroy();
      throw tooLarge(words.moreThan(sizeText(limit, lang)));
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length);
}
