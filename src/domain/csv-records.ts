import { UsageError } from '../errors.js';

/** One CSV record: its fields, and the line it starts on (1-based), to name it in errors. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * The records of RFC 4180 CSV text: commas separate fields, double quotes enclose one (line breaks and
 * commas included), `""` is a quote inside them, and a line break outside quotes ends the record (LF or
 * CRLF; a CRLF inside quotes is read as LF). A quote that does not open a field is kept as it is.
 * Blank lines are skipped; a quote left open is a UsageError naming the line it opened on.
 */
export function csvRecords(text: string, source: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let quotedLine = 0;
  let sawQuote = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    if (sawQuote || fields.length > 1 || fields[0]?.trim() !== '') records.push({ line: start, fields });
    fields = [];
    field = '';
    sawQuote = false;
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
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      quotedLine = line;
      sawQuote = true;
      field = '';
    } else if (char === '\n') {
      line++;
      endRecord();
    } else if (!(char === '\r' && text[index + 1] === '\n')) field += char;
  }
  if (quoted) throw new UsageError(`${source} line ${quotedLine}: a quoted value is not closed.`);
  endRecord();
  return records;
}
