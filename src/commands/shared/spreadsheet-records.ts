import type { CellObject } from '@e965/xlsx';
import type { CsvRecord } from '../../domain/csv-records.js';
import { UsageError } from '../../errors.js';
import { type FileLang, TABLE_FILE_WORDS } from './file-words.js';

/** The most rows a sheet of requests may have, its header included. */
const MAX_SHEET_ROWS = 10_000;

/** The rows of a spreadsheet's first sheet, and how many sheets it has (the others are not read). */
export interface SpreadsheetRecords {
  records: CsvRecord[];
  sheet: string;
  sheets: number;
}

/**
 * The rows of an .xlsx or .ods file's first sheet as text records, each named by its row number: a date cell as
 * `YYYY-MM-DD` (its calendar day, whatever the time zone), a number as its digits (a phone that lost its 0 is mended
 * by the row check), a cell's line breaks kept; empty rows are left out. Read by SheetJS, loaded on first use (a vendor
 * bundle of its own), so that no other command pays for it.
 */
export async function readSpreadsheetRecords(
  bytes: Uint8Array,
  source: string,
  lang: FileLang = 'en',
): Promise<SpreadsheetRecords> {
  const words = TABLE_FILE_WORDS[lang];
  const { read } = await import('@e965/xlsx');
  let book: ReturnType<typeof read>;
  try {
    // Dates stay serial numbers with their format: SheetJS's own dates blank a header cell in a date-formatted column.
    // sheetRows: a sparse sheet claiming a million rows is not walked past the rows a file of requests may have.
    book = read(bytes, { type: 'buffer', dense: true, cellNF: true, cellDates: false, sheetRows: MAX_SHEET_ROWS + 1 });
  } catch {
    throw new UsageError(words.cannotOpen(source));
  }
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (name === undefined || sheet === undefined) throw new UsageError(words.noSheet(source));
  if ((sheet['!data']?.length ?? 0) > MAX_SHEET_ROWS) throw new UsageError(words.tooManyRows(source, MAX_SHEET_ROWS));
  const epoch = book.Workbook?.WBProps?.date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const records: CsvRecord[] = [];
  (sheet['!data'] ?? []).forEach((row, index) => {
    const fields = Array.from(row ?? [], (cell) => cellText(cell, epoch));
    if (fields.some((field) => field.trim() !== '')) records.push({ line: index + 1, fields });
  });
  return { records, sheet: name, sheets: book.SheetNames.length };
}

function cellText(cell: CellObject | undefined, epoch: number): string {
  if (cell === undefined) return '';
  const { t: type, v: value } = cell;
  if (type === 'n' && typeof value === 'number' && isDateFormat(cell.z))
    return new Date(epoch + Math.floor(value) * 86_400_000).toISOString().slice(0, 10);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (type === 'e' || value === undefined || value === null) return '';
  return String(value).replace(/\r\n?/g, '\n');
}

// A number format shows a date when it names days or years (quoted text and [colour] or [$-locale] parts aside).
function isDateFormat(format: string | number | undefined): boolean {
  if (typeof format !== 'string') return false;
  const bare = format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dy]/i.test(bare) && !/general/i.test(bare);
}
