import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode, namesIn, writeNewFile } from './new-files.js';

/** What could not be done with a folder of drafts: reading it, creating it, or writing one draft (`path`) into it. */
export interface DraftFolderFailure {
  ok: false;
  verb: 'read' | 'create' | 'write';
  path: string;
  code: string;
}

/**
 * The names already in `folder` (none when it does not exist yet): the drafts of a day take names none of them has
 * (core/booking/draft-day.ts), so a rerun adds drafts, never replaces one. Pass the set to {@link writeDraftsInto}.
 */
export async function takenNamesIn(folder: string): Promise<{ ok: true; taken: Set<string> } | DraftFolderFailure> {
  try {
    return { ok: true, taken: await namesIn(folder) };
  } catch (error) {
    return { ok: false, verb: 'read', path: folder, code: errorCode(error) };
  }
}

/**
 * Writes each draft into `folder` (created when missing) as a new file, created exclusively, under its name or, when
 * another program took that name meanwhile, the next free one. Gives the drafts written under another name.
 */
export async function writeDraftsInto(
  folder: string,
  drafts: readonly { name: string; message: () => Promise<Uint8Array> }[],
  taken: Set<string>,
): Promise<{ ok: true; renamed: { asked: string; written: string }[] } | DraftFolderFailure> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    return { ok: false, verb: 'create', path: folder, code: errorCode(error) };
  }
  const renamed: { asked: string; written: string }[] = [];
  for (const { name, message } of drafts) {
    let written: string;
    try {
      written = await writeNewFile(folder, name, await message(), taken);
    } catch (error) {
      return { ok: false, verb: 'write', path: join(folder, name), code: errorCode(error) };
    }
    if (written !== name) renamed.push({ asked: name, written });
  }
  return { ok: true, renamed };
}
