import { UsageError } from '../errors.js';
import { INPUT_WORDS, type InputLang } from './input-words.js';

/** One CSV record: its fields, and the line it starts on (1-based), to name it in errors. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The separators a spreadsheet writes between fields: French Excel uses `;`, "Unicode text" a tab. */
export type CsvSeparator = ',' | ';' | '\t';

/**
 * The separator of a CSV text, sniffed from its header line (the first line that is not blank): the one of `,`, `;`
 * and tab that occurs most often outside quotes; a comma when none does.
 */
export function sniffSeparator(text: string): CsvSeparator {
  const header = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
  }
  const [best] = (Object.entries(counts) as [CsvSeparator, number][]).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * The records of a CSV table as a spreadsheet saves it: the separator sniffed from the header line, or named by the
 * `sep=;` line Excel reads and writes first (that line is then no record).
 */
export function csvTable(text: string, source: string, lang: InputLang = 'en'): CsvRecord[] {
  const hint = /^sep=([,;\t])\r?\n/i.exec(text);
  if (!hint) return csvRecords(text, source, sniffSeparator(text), lang);
  const separator = hint[1] as CsvSeparator;
  // Blank the hint line rather than cut it, so that every record keeps its line number.
  return csvRecords(
    `${' '.repeat(hint[0].trimEnd().length)}${text.slice(hint[0].trimEnd().length)}`,
    source,
    separator,
    lang,
  );
}

/**
 * The records of RFC 4180 CSV text: commas (or `separator`) separate fields, double quotes enclose one (line breaks and
 * commas included), `""` is a quote inside them, and a line break outside quotes ends the record (LF or
 * CRLF; a CRLF inside quotes is read as LF). A quote that does not open a field is kept as it is.
 * Blank lines, and lines of empty fields only (the rows a spreadsheet leaves at the end), are skipped; a quote left
 * open is a UsageError naming the line it opened on.
 */
export function csvRecords(
  text: string,
  source: string,
  separator: CsvSeparator = ',',
  lang: InputLang = 'en',
): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let quotedLine = 0;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((value) => value.trim() !== '')) records.push({ line: start, fields });
    fields = [];
    field = '';
    start = line;
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else if (char === '\r' && text[index + 1] === '\n') continue;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      quotedLine = line;
      field = '';
    } else if (char === '\n') {
      line++;
      endRecord();
    } else if (!(char === '\r' && text[index + 1] === '\n')) field += char;
  }
  if (quoted) throw new UsageError(INPUT_WORDS[lang].quoteNotClosed(INPUT_WORDS[lang].line(source, quotedLine)));
  endRecord();
  return records;
}
