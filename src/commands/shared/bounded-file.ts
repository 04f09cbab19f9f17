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

function tooLarge(option: string, source: string, size: string, lang: FileLang): UsageError {
  return new UsageError(TABLE_FILE_WORDS[lang].tooLarge(option, source, size, sizeText(MAX_TABLE_FILE_BYTES, lang)));
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
    if (stats.size > limit) throw tooLarge(option, file, sizeText(stats.size, lang), lang);
    // The file may grow while it is read: never more than the limit and one byte.
    const buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > limit) throw tooLarge(option, file, words.moreThan(sizeText(limit, lang)), lang);
      if (length === buffer.length) break;
    }
    return buffer.subarray(0, length);
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
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    length += bytes.length;
    if (length > limit) {
      stream.destroy();
      throw tooLarge(option, 'stdin', TABLE_FILE_WORDS[lang].moreThan(sizeText(limit, lang)), lang);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length);
}
