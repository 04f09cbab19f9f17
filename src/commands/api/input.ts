import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.js';

/** The bytes of --input: a file, or stdin for `-`. */
export async function readInput(value: unknown, stdin: NodeJS.ReadableStream): Promise<Buffer | undefined> {
  if (value === undefined) return undefined;
  const source = String(value);
  if (source === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks);
  }
  try {
    return await readFile(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--input: cannot read ${source} (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(code ?? error)}).`);
  }
}
