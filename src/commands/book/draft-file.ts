import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../errors.js';
import { errorCode, pathState, replaceFile } from '../../core/booking/new-files.js';
import { FROM_FILE_WORDS } from './words.js';

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
  const exists = () =>
    new UsageError(`--eml: ${file} exists already; give another file name, or add --force to replace it.`);
  try {
    const state = await pathState(file);
    if (state === 'symlink')
      throw new UsageError(`--eml: ${file} is a symbolic link; give the path of a file, not of a link.`);
    if (state === 'other') throw new UsageError(`--eml: ${file} is not a file; give a file name, or - for stdout.`);
    if (state === 'file' && !force) throw exists();
    if (state === 'file') await replaceFile(file, message);
    else await writeFile(file, message, { flag: 'wx' });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (errorCode(error) === 'EEXIST') throw exists();
    throw new UsageError(`--eml: cannot write ${file} (${errorCode(error)}); give a writable path, or - for stdout.`);
  }
  ctx.note(
    `Wrote the draft to ${file}: open it in your mail client (Outlook, Thunderbird, Apple Mail) to check and send it.`,
  );
}

/** Writes the draft into a new folder of the temp directory, for a mail client to open; the file stays for it. */
export async function writeTemporaryDraft(message: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'motoroute-draft-'));
  const file = join(folder, 'booking-request.eml');
  await writeFile(file, message, { flag: 'wx' });
  return file;
}
