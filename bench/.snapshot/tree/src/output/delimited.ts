import type { RawValue } from './columns.js';
import { sanitiseText } from './sanitise.js';

/** A machine value as CSV/TSV text: arrays joined with `;`, null as empty, every string sanitised. */
export function rawToText(value: RawValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map((item) => rawToText(item)).join(';');
  return sanitiseText(String(value));
}

/** One RFC 4180 CSV record (without its line break): fields holding a quote, comma or line break are quoted, quotes doubled. */
export function csvLine(fields: readonly string[]): string {
  return fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',');
}

/** One TSV record (without its line break): tabs and line breaks inside values become spaces. */
export function tsvLine(fields: readonly string[]): string {
  return fields.map((field) => field.replace(/[\t\r\n]/g, ' ')).join('\t');
}
