import type { Context } from '../../cli/context.js';
import { parseBatchFile, readBatchRecords } from '../../domain/batch-file.js';
import { parseQuerySpec } from '../../domain/batch-query.js';
import type { SearchQuery } from '../../domain/types.js';
import { UsageError } from '../../errors.js';
import { readTableFile } from '../shared/read-table-file.js';
import { BATCH_WORDS } from './words.js';

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
  const { lang } = ctx;
  const words = BATCH_WORDS[lang];
  if (specs.length > 0) {
    if (file !== undefined) throw new UsageError(words.fileOrQuery);
    return specs.map((spec, index) => parseQuerySpec(spec, index + 1, now, lang));
  }
  if (file === undefined && ctx.io.stdin.isTTY) throw new UsageError(words.needsQueries);
  // Read as offices save files: any usual encoding, , ; or tab, or an .xlsx or .ods sheet.
  const table = await readTableFile(ctx, file ?? '-', 'batch');
  const batch =
    table.kind === 'text'
      ? parseBatchFile(table.text, table.source, now, lang)
      : readBatchRecords(table.records, table.source, now, lang);
  if (batch.queries.length === 0) throw new UsageError(words.noQueries(table.source));
  return batch.queries;
}
