import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { UsageError } from '../../errors.js';

/** The bytes of --input: a file, or stdin for `-`. */
export async function readInput(value: unknown, stdin: Readable): Promise<Buffer | undefined> {
  if (value === undefined) return undefined;
  const source = String(value);
  if (source === '-') return buffer(stdin);
  try {
    return await readFile(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `--input: cannot read ${source} (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(code ?? error)}).`,
    );
  }
}
