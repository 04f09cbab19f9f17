import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../errors.js';
import { errorCode, pathState, replaceFile } from '../../core/booking/new-files.js';
import { BOOK_WORDS, FROM_FILE_WORDS } from './words.js';

/** Drafts without the `from` setting have no From: header; most mail clients fill it in, some leave the draft unsendable. */
export function noteMissingSender(ctx: Context): void {
  ctx.note(FROM_FILE_WORDS[ctx.lang].noSender);
}

/**
 * Writes the draft to FILE (`-`: stdout) and says where on stderr. A file that exists already is refused unless
 * `force` (--force) says to replace it; a symbolic link is never written through, forced or not.
 */
export async function writeDraftFile(ctx: Context, message: Buffer, file: string, force = false): Promise<void> {
  if (file === '-') {
    await new Promise<void>((resolve, reject) =>
      ctx.stdout.write(message, (error) => (error ? reject(error) : resolve())),
    );
    return;
  }
  const words = BOOK_WORDS[ctx.lang];
  const exists = () => new UsageError(words.emlExists(file));
  try {
    const state = await pathState(file);
    if (state === 'symlink') throw new UsageError(words.emlSymlink(file));
    if (state === 'other') throw new UsageError(words.emlNotFile(file));
    if (state === 'file' && !force) throw exists();
    if (state === 'file') await replaceFile(file, message);
    else await writeFile(file, message, { flag: 'wx' });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (errorCode(error) === 'EEXIST') throw exists();
    throw new UsageError(words.emlUnwritable(file, errorCode(error)));
  }
  ctx.note(words.emlWritten(file));
}

/** Writes the draft into a new folder of the temp directory, for a mail client to open; the file stays for it. */
export async function writeTemporaryDraft(message: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'motoroute-draft-'));
  const file = join(folder, 'booking-request.eml');
  await writeFile(file, message, { flag: 'wx' });
  return file;
}
