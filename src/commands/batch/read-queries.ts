import type { Context } from '../../cli/context.js';
import { parseBatchFile, readBatchRecords } from '../../domain/batch-file.js';
import { parseQuerySpec } from '../../domain/batch-query.js';
import type { SearchQuery } from '../../domain/types.js';
import { UsageError } from '../../errors.js';
import { readTableFile } from '../shared/read-table-file.js';

/**
 * The queries of a batch run, checked, in input order: from repeated `--query`, from FILE, or from
 * stdin (`-`, or no FILE while stdin is not a terminal). Any problem is a UsageError before anything is sent.
 */
export async function readBatchQueries(
  file: string | undefined,
  specs: readonly string[],
  ctx: Context,
): Promise<SearchQuery[]> {
  const now = ctx.clock.now();
  if (specs.length > 0) {
    if (file !== undefined)
      throw new UsageError('Give the queries either in FILE (or stdin) or with --query, not both.');
    return specs.map((spec, index) => parseQuerySpec(spec, index + 1, now));
  }
  if (file === undefined && ctx.io.stdin.isTTY) {
    throw new UsageError(
      'batch needs queries: a FILE (JSON, NDJSON, CSV or a spreadsheet), - to read stdin, or --query FROM:TO[:AFTER[:BEFORE]].',
    );
  }
  // Read as offices save files: any usual encoding, , ; or tab, or an .xlsx or .ods sheet.
  const table = await readTableFile(ctx, file ?? '-', 'batch');
  const batch =
    table.kind === 'text'
      ? parseBatchFile(table.text, table.source, now)
      : readBatchRecords(table.records, table.source, now);
  if (batch.queries.length === 0) throw new UsageError(`${table.source} holds no queries.`);
  return batch.queries;
}
