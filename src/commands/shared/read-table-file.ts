import { basename } from 'node:path';
import type { Notices, ProcessIO } from '../../cli/notices.js';
import type { CsvRecord } from '../../domain/csv-records.js';
import { sniffFileKind } from '../../domain/file-kind.js';
import { decodeFileText, type TextEncodingName } from '../../domain/file-text.js';
import { UsageError } from '../../errors.js';
import { readBoundedFile, readBoundedStream } from './bounded-file.js';
import { type FileLang, TABLE_FILE_WORDS } from './file-words.js';

/** A file of rows as read: its text (CSV, tab-separated or NDJSON), or a spreadsheet's rows already split. */
export type TableFile =
  | { kind: 'text'; text: string; source: string }
  | { kind: 'spreadsheet'; records: CsvRecord[]; source: string };

/** What reading a table file needs of the run: its language, where its notes go, and stdin (for `-`). */
export type TableFileRun = Pick<Notices, 'lang' | 'note'> & { io: Pick<ProcessIO, 'stdin'> };

/**
 * Reads FILE (`-` for stdin) as offices save it, within bounds (a regular file of at most 10 MiB, a workbook that
 * unpacks to at most 16 MiB, checked before it is opened; a lock file `~$…` named as such): a spreadsheet is opened, text is decoded (UTF-8 with or without BOM,
 * UTF-16 with a BOM, else Windows-1252, said once on stderr; `encoding` overrides), and anything else (a PDF, a Word
 * document, an image) is refused in one line naming what it looks like, never printing its bytes. `option` names the
 * flag in errors. `spreadsheets` false refuses spreadsheets too (for files that are not tables).
 */
export async function readTableFile(
  ctx: TableFileRun,
  file: string,
  option: string,
  encoding?: TextEncodingName,
  spreadsheets = true,
): Promise<TableFile> {
  const source = file === '-' ? 'stdin' : file;
  const lang = ctx.lang;
  const words = TABLE_FILE_WORDS[lang];
  const bytes = await readBytes(ctx, file, option, lang);
  const kind = sniffFileKind(bytes, encoding === 'utf-16le' || encoding === 'utf-16be');
  // Excel keeps `~$name.xlsx` (its name's first letters may be cut) and LibreOffice `.~lock.name.xlsx#` beside an open workbook.
  if (/^~\$.|^\.~lock\..+#$/.test(basename(file)) && kind.kind !== 'spreadsheet')
    throw new UsageError(words.lockFile(words.where(option, source)));
  // A zip cut short has lost the directory that says it is a workbook: named as such rather than "a zip archive".
  if (kind.kind === 'other' && kind.looksLike === 'a zip archive') {
    const { isCutShortZip, cutShortError } = await import('./zip-bounds.js');
    if (isCutShortZip(bytes)) throw cutShortError(words.where(option, source), lang);
  }
  if (kind.kind === 'other')
    throw new UsageError(
      words.looksLike(words.where(option, source), kind.looksLike, spreadsheets ? words.accepted : words.textFile),
    );
  if (kind.kind === 'spreadsheet') {
    if (!spreadsheets) throw new UsageError(words.spreadsheetNotText(words.where(option, source), kind.format));
    const { checkWorkbookSize } = await import('./zip-bounds.js');
    checkWorkbookSize(bytes, source, undefined, lang);
    const { readSpreadsheetRecords } = await import('./spreadsheet-records.js');
    const sheet = await readSpreadsheetRecords(bytes, source, lang);
    if (sheet.sheets > 1) ctx.note(words.firstSheet(source, sheet.sheet, sheet.sheets));
    return { kind: 'spreadsheet', records: sheet.records, source };
  }
  const decoded = decodeFileText(bytes, source, encoding, lang);
  if (decoded.fellBack) ctx.note(words.windows1252(source));
  return { kind: 'text', text: decoded.text, source };
}

async function readBytes(ctx: TableFileRun, file: string, option: string, lang: FileLang): Promise<Buffer> {
  const words = TABLE_FILE_WORDS[lang];
  try {
    return file === '-'
      ? await readBoundedStream(ctx.io.stdin, option, undefined, lang)
      : await readBoundedFile(file, option, undefined, lang);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    const reason =
      code === 'ENOENT'
        ? words.noSuchFile
        : code === 'EISDIR'
          ? words.directory
          : code === 'EACCES'
            ? words.denied
            : code;
    throw new UsageError(words.cannotRead(option, file, reason));
  }
}
