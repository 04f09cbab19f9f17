import type { Context } from '../../cli/context.js';
import { UsageError } from '../../errors.js';
import { writeDraftFileSafely } from '../../core/booking/new-files.js';
import { BOOK_WORDS, FROM_FILE_WORDS } from './words.js';

/** Drafts without the `from` setting have no From: header; most mail clients fill it in, some leave the draft unsendable. */
export function noteMissingSender(ctx: Context, drafts = 1): void {
  ctx.note(FROM_FILE_WORDS[ctx.lang].noSender(drafts));
}

/**
 * Writes the draft to FILE (`-`: stdout) and says where on stderr; the core's rule says what it may write over
 * (`writeDraftFileSafely`: an existing file only with --force, never through a symbolic link).
 */
export async function writeDraftFile(ctx: Context, message: Buffer, file: string, force = false): Promise<void> {
  if (file === '-') {
    await new Promise<void>((resolve, reject) =>
      ctx.stdout.write(message, (error) => (error ? reject(error) : resolve())),
    );
    return;
  }
  const words = BOOK_WORDS[ctx.lang];
  const refused = await writeDraftFileSafely(file, message, force);
  if (refused !== undefined) {
    const { kind } = refused;
    throw new UsageError(
      kind === 'unwritable'
        ? words.emlUnwritable(file, refused.code)
        : { exists: words.emlExists, symlink: words.emlSymlink, 'not-file': words.emlNotFile }[kind](file),
    );
  }
  ctx.note(words.emlWritten(file));
}
