import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { UsageError } from '../../errors.js';
import { API_WORDS, type ApiLang } from './words.js';

/** The bytes of --input: a file, or stdin for `-`; a file that cannot be read is refused in `lang`. */
export async function readInput(value: unknown, stdin: Readable, lang: ApiLang = 'en'): Promise<Buffer | undefined> {
  if (value === undefined) return undefined;
  const source = String(value);
  if (source === '-') return buffer(stdin);
  try {
    return await readFile(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const words = API_WORDS[lang];
    const reason = code === 'ENOENT' ? words.noSuchFile : code === 'EISDIR' ? words.aDirectory : String(code ?? error);
    throw new UsageError(words.unreadableInput(source, reason));
  }
}
