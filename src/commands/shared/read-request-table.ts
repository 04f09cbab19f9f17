import { readRequestFile, readRequestRecords, type RequestRow } from '../../booking/request-file.js';
import { franceDate } from '../../domain/dates.js';
import type { TextEncodingName } from '../../domain/file-text.js';
import { readTableFile, type TableFileRun } from './read-table-file.js';

/**
 * A day's file of requests as `book --from-file` and the desk read it: the file read as offices save it
 * (`readTableFile`), then each row read on the run's clock `now`. `source` names the file in the rows' problems
 * (the path read, unless told).
 */
export async function readRequestTable(
  ctx: TableFileRun,
  file: string,
  option: string,
  now: Date,
  { encoding, source }: { encoding?: TextEncodingName | undefined; source?: string } = {},
): Promise<{ source: string; rows: RequestRow[] }> {
  const table = await readTableFile(ctx, file, option, encoding);
  const named = source ?? table.source;
  const reading = { today: franceDate(now), now, lang: ctx.lang, note: (text: string) => ctx.note(text) };
  const rows =
    table.kind === 'text'
      ? readRequestFile(table.text, named, reading)
      : readRequestRecords(table.records, named, reading);
  return { source: named, rows };
}
