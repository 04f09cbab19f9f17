import { freeName } from './draft-file-name.js';
import { lstat, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** A file's error code (`EEXIST`, `ENOENT`…), or the error itself as text. */
export function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : String(error);
}

/** The names already in `folder` (none when it does not exist yet). */
export async function namesIn(folder: string): Promise<Set<string>> {
  try {
    return new Set(await readdir(folder));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return new Set();
    throw error;
  }
}

/**
 * Writes `data` as a new file of `folder` named `name` (or the next free name when another run took it meanwhile):
 * created exclusively (`wx`), so nothing in the folder, not even a symbolic link put there, is ever written over.
 * Gives the name written.
 */
export async function writeNewFile(
  folder: string,
  name: string,
  data: Uint8Array,
  taken: Set<string>,
): Promise<string> {
  let chosen = name;
  for (;;) {
    try {
      await writeFile(join(folder, chosen), data, { flag: 'wx' });
      return chosen;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      taken.add(chosen);
      chosen = freeName(name, taken);
    }
  }
}

/** What a path is before a draft is written to it. */
export type PathState = 'absent' | 'file' | 'symlink' | 'other';

export async function pathState(file: string): Promise<PathState> {
  try {
    const stats = await lstat(file);
    return stats.isSymbolicLink() ? 'symlink' : stats.isFile() ? 'file' : 'other';
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'absent';
    throw error;
  }
}

/**
 * Replaces the file at `file` without following a link: the data goes to a new file beside it, which is then renamed
 * over the name (a rename replaces the directory entry, never what a link points to).
 */
export async function replaceFile(file: string, data: Uint8Array): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    await writeFile(temporary, data, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Why a draft was not written to the file asked for; `unwritable` with the system's code. */
export type DraftFileRefusal = { kind: 'exists' | 'symlink' | 'not-file' } | { kind: 'unwritable'; code: string };

/**
 * Writes a draft to `file`, never losing what is there: a file that exists already is refused unless `force` says
 * to replace it (replaced by a rename, never written into), a symbolic link or anything but a file always is; a new
 * file is created exclusively. Gives the refusal, or undefined once written.
 */
export async function writeDraftFileSafely(
  file: string,
  data: Uint8Array,
  force: boolean,
): Promise<DraftFileRefusal | undefined> {
  try {
    const state = await pathState(file);
    if (state === 'symlink') return { kind: 'symlink' };
    if (state === 'other') return { kind: 'not-file' };
    if (state === 'file' && !force) return { kind: 'exists' };
    if (state === 'file') await replaceFile(file, data);
    else await writeFile(file, data, { flag: 'wx' });
    return undefined;
  } catch (error) {
    return errorCode(error) === 'EEXIST' ? { kind: 'exists' } : { kind: 'unwritable', code: errorCode(error) };
  }
}

/**
 * Writes a draft into a new folder of the temp directory (`folderIn`: the system's by default), for a mail client to
 * open; the file stays for it. Nothing there can be written over: the folder is new, the file created exclusively.
 */
export async function writeTemporaryDraft(message: Uint8Array, folderIn = tmpdir()): Promise<string> {
  const folder = await mkdtemp(join(folderIn, 'motoroute-draft-'));
  const file = join(folder, 'booking-request.eml');
  await writeFile(file, message, { flag: 'wx' });
  return file;
}
