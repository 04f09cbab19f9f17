import type { RawValue } from './columns.js';
import { sanitiseText } from './sanitise.js';

/**
 * A machine value as CSV/TSV text: arrays joined with `;`, null as empty, every string sanitised and
 * neutralised against spreadsheet formulas ({@link neutraliseFormula}); numbers are written as they are.
 */
export function rawToText(value: RawValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return neutraliseFormula(value.map((item) => rawToText(item)).join(';'));
  if (typeof value === 'number') return String(value);
  const text = sanitiseText(String(value));
  // Checked before sanitising too: a leading tab or carriage return becomes a space there.
  return startsLikeFormula(String(value)) || startsLikeFormula(text) ? `'${text}` : text;
}

/** A cell a spreadsheet would read as a formula (OWASP's CSV injection characters). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number keeps its sign: `-12.5` is data, not a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/**
 * OWASP's advice for CSV injection: a cell starting with `=`, `+`, `-`, `@`, tab or carriage return gets a
 * leading apostrophe, so Excel, LibreOffice and Sheets show it as text instead of running it; numbers are kept.
 */
export function neutraliseFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/** One RFC 4180 CSV record (without its line break): fields holding a quote, comma or line break are quoted, quotes doubled. */
export function csvLine(fields: readonly string[]): string {
  return fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',');
}

/** One TSV record (without its line break): tabs and line breaks inside values become spaces. */
export function tsvLine(fields: readonly string[]): string {
  return fields.map((field) => field.replace(/[\t\r\n]/g, ' ')).join('\t');
}

/**
 * Whether a CSV or TSV output starts with its header line: CSV always, TSV when the format was asked for
 * (`--format tsv`, config `format`): piped by default it stays rows only, like gh, for `cut` and `while read`.
 * `--no-header` leaves it out of both.
 */
export function writesHeader(format: 'csv' | 'tsv', settings: { formatChosen?: boolean; header?: boolean }): boolean {
  if (settings.header === false) return false;
  return format === 'csv' || settings.formatChosen === true;
}
