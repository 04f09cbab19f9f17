import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BookingRequest } from '../../booking/fields.js';
import { draftFileName, freeName } from './draft-file-name.js';
import { errorCode, namesIn, writeNewFile } from './new-files.js';

/** What could not be done with a folder of drafts: reading it, creating it, or writing one draft (`path`) into it. */
export interface DraftFolderFailure {
  ok: false;
  verb: 'read' | 'create' | 'write';
  path: string;
  code: string;
}

/**
 * Each draft with a name (`rowOf` gives its request and line) that no file of `folder` has, nor another draft of the
 * list (`-2`, `-3`): a rerun adds drafts, never replaces one. `taken` holds the folder's names and those given, for {@link writeDraftsInto}.
 */
export async function draftNamesIn<T>(
  folder: string,
  drafts: readonly T[],
  rowOf: (draft: T) => { request: BookingRequest; line: number },
): Promise<{ ok: true; named: (T & { name: string })[]; taken: Set<string> } | DraftFolderFailure> {
  let taken: Set<string>;
  try {
    taken = await namesIn(folder);
  } catch (error) {
    return { ok: false, verb: 'read', path: folder, code: errorCode(error) };
  }
  const named = drafts.map((draft) => {
    const { request, line } = rowOf(draft);
    return { ...draft, name: freeName(draftFileName(request, line), taken) };
  });
  return { ok: true, named, taken };
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
