import { readFile } from 'node:fs/promises';
import { readBody } from '../../client/read-body.js';
import type { Context } from '../../cli/context.js';
import { parseBatchFile } from '../../domain/batch-file.js';
import { parseQuerySpec } from '../../domain/batch-query.js';
import type { SearchQuery } from '../../domain/types.js';
import { UsageError } from '../../errors.js';

/**
 * The queries of a batch run, checked, in input order: from repeated `--query`, from FILE, or from
 * stdin (`-`, or no FILE while stdin is not a terminal). Any problem is a UsageError before anything is sent.
 */
export async function readBatchQueries(file: string | undefined, specs: readonly string[], ctx: Context): Promise<SearchQuery[]> {
  const now = new Date();
  if (specs.length > 0) {
    if (file !== undefined) throw new UsageError('Give the queries either in FILE (or stdin) or with --query, not both.');
    return specs.map((spec, index) => parseQuerySpec(spec, index + 1, now));
  }
  if (file === '-' || (file === undefined && !ctx.io.stdin.isTTY)) {
    return parseBatchFile((await readBody(ctx.io.stdin)).toString('utf8'), 'stdin', now).queries;
  }
  if (file === undefined) {
    throw new UsageError('batch needs queries: a FILE (JSON, NDJSON or CSV), - to read stdin, or --query FROM:TO[:AFTER[:BEFORE]].');
  }
  return parseBatchFile(await readTextFile(file), file, now).queries;
}

async function readTextFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
    throw new UsageError(`Cannot read ${file}: ${reason}.`);
  }
}
