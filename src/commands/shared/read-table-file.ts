import { basename } from 'node:path';
import type { Context } from '../../cli/context.js';
import type { CsvRecord } from '../../domain/csv-records.js';
import { sniffFileKind } from '../../domain/file-kind.js';
import { decodeFileText, type TextEncodingName } from '../../domain/file-text.js';
import { UsageError } from '../../errors.js';
import { readBoundedFile, readBoundedStream } from './bounded-file.js';

/** A file of rows as read: its text (CSV, tab-separated or NDJSON), or a spreadsheet's rows already split. */
export type TableFile =
  | { kind: 'text'; text: string; source: string }
  | { kind: 'spreadsheet'; records: CsvRecord[]; source: string };

/** What a file may be, for the one-line refusal of anything else. */
const ACCEPTED = 'a CSV or text file (, ; or tab between values), NDJSON, an .xlsx or .ods spreadsheet';

/**
 * Reads FILE (`-` for stdin) as offices save it, within bounds (a regular file of at most 10 MiB, a workbook that
 * unpacks to at most 16 MiB, checked before it is opened; a lock file `~$…` named as such): a spreadsheet is opened, text is decoded (UTF-8 with or without BOM,
 * UTF-16 with a BOM, else Windows-1252, said once on stderr; `encoding` overrides), and anything else (a PDF, a Word
 * document, an image) is refused in one line naming what it looks like, never printing its bytes. `option` names the
 * flag in errors. `spreadsheets` false refuses spreadsheets too (for files that are not tables).
 */
export async function readTableFile(
  ctx: Context,
  file: string,
  option: string,
  encoding?: TextEncodingName,
  spreadsheets = true,
): Promise<TableFile> {
  const source = file === '-' ? 'stdin' : file;
  const bytes = await readBytes(ctx, file, option);
  const kind = sniffFileKind(bytes, encoding === 'utf-16le' || encoding === 'utf-16be');
  // Excel keeps `~$name.xlsx` (its name's first letters may be cut) and LibreOffice `.~lock.name.xlsx#` beside an open workbook.
  if (/^~\$.|^\.~lock\..+#$/.test(basename(file)) && kind.kind !== 'spreadsheet')
    throw new UsageError(
      `${option}: ${source} is the lock file a spreadsheet program keeps while a workbook is open, not the workbook; give the workbook itself (its name without ~$ or .~lock.).`,
    );
  // A zip cut short has lost the directory that says it is a workbook: named as such rather than "a zip archive".
  if (kind.kind === 'other' && kind.looksLike === 'a zip archive') {
    const { isCutShortZip, cutShortError } = await import('./zip-bounds.js');
    if (isCutShortZip(bytes)) throw cutShortError(`${option}: ${source}`);
  }
  if (kind.kind === 'other')
    throw new UsageError(
      `${option}: ${source} looks like ${kind.looksLike}; give ${spreadsheets ? ACCEPTED : 'a text file'}.`,
    );
  if (kind.kind === 'spreadsheet') {
    if (!spreadsheets)
      throw new UsageError(`${option}: ${source} is a spreadsheet (.${kind.format}); save it as CSV first.`);
    const { checkWorkbookSize } = await import('./zip-bounds.js');
    checkWorkbookSize(bytes, source);
    const { readSpreadsheetRecords } = await import('./spreadsheet-records.js');
    const sheet = await readSpreadsheetRecords(bytes, source);
    if (sheet.sheets > 1) ctx.note(`${source}: read the first sheet, \u201c${sheet.sheet}\u201d, of ${sheet.sheets}.`);
    return { kind: 'spreadsheet', records: sheet.records, source };
  }
  const decoded = decodeFileText(bytes, source, encoding);
  if (decoded.fellBack)
    ctx.note(`${source}: read as Windows-1252 (it is not UTF-8); if accents look wrong, give --encoding.`);
  return { kind: 'text', text: decoded.text, source };
}

async function readBytes(ctx: Context, file: string, option: string): Promise<Buffer> {
  try {
    return file === '-' ? await readBoundedStream(ctx.io.stdin, option) : await readBoundedFile(file, option);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : code;
    throw new UsageError(`${option}: cannot read ${file} (${reason}).`);
  }
}
