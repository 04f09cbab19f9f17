import { BATCH_QUERY_FIELDS, isBatchQueryField, printable, toBatchQuery, type BatchQueryField } from './batch-query.js';
import type { SearchQuery } from './types.js';
import { UsageError } from '../errors.js';
import { csvTable, type CsvRecord } from './csv-records.js';
import { INPUT_WORDS, type InputLang } from './input-words.js';

/** The input formats a file of batch queries may use. */
export type BatchFileFormat = 'json-array' | 'json-queries' | 'ndjson' | 'csv';

/** The queries of a file, in input order, and the format they were read as. */
export interface BatchFile {
  format: BatchFileFormat;
  queries: SearchQuery[];
}

const formatsHelp = (lang: InputLang) => INPUT_WORDS[lang].formats(BATCH_QUERY_FIELDS.join(','));

/**
 * Reads batch queries from text: a JSON array, `{queries:[…]}`, NDJSON or CSV (recognised by its
 * header line). Every query is checked; the first bad one is a UsageError naming `source` and its
 * line (or array index for JSON), in `lang`, so nothing is sent.
 */
export function parseBatchFile(text: string, source: string, now: Date, lang: InputLang = 'en'): BatchFile {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.trimStart()[0];
  if (first === undefined) throw new UsageError(INPUT_WORDS[lang].noQueries(source, formatsHelp(lang)));
  const batch =
    first === '['
      ? readJsonArray(body, source, now, lang)
      : first === '{'
        ? readJsonObjectOrLines(body, source, now, lang)
        : readCsv(body, source, now, lang);
  if (batch.queries.length === 0) throw new UsageError(INPUT_WORDS[lang].noQueries(source, formatsHelp(lang)));
  return batch;
}

function readJsonArray(body: string, source: string, now: Date, lang: InputLang): BatchFile {
  const items = parseJson(body, source, lang);
  if (!Array.isArray(items)) throw new UsageError(INPUT_WORDS[lang].expected(source, formatsHelp(lang)));
  return {
    format: 'json-array',
    queries: items.map((item, index) => toBatchQuery(item, `${source} [${index}]`, now, lang)),
  };
}

/** `{queries:[…]}` when the whole text is one such object, NDJSON otherwise (a one-line NDJSON file is one query). */
function readJsonObjectOrLines(body: string, source: string, now: Date, lang: InputLang): BatchFile {
  const words = INPUT_WORDS[lang];
  const whole = tryParse(body);
  if (whole.ok && typeof whole.value === 'object' && whole.value !== null && 'queries' in whole.value) {
    const { queries, ...others } = whole.value as { queries: unknown };
    const extra = Object.keys(others)[0];
    if (extra !== undefined) throw new UsageError(words.onlyQueries(source, printable(extra)));
    if (!Array.isArray(queries)) throw new UsageError(words.queriesNotArray(source));
    return {
      format: 'json-queries',
      queries: queries.map((item, index) => toBatchQuery(item, `${source} queries[${index}]`, now, lang)),
    };
  }
  const queries: SearchQuery[] = [];
  body.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const where = words.line(source, index + 1);
    const parsed = tryParse(line);
    if (!parsed.ok) throw new UsageError(words.ndjsonLine(where, parsed.reason));
    queries.push(toBatchQuery(parsed.value, where, now, lang));
  });
  return { format: 'ndjson', queries };
}

function readCsv(body: string, source: string, now: Date, lang: InputLang): BatchFile {
  return readBatchRecords(csvTable(body, source, lang), source, now, lang);
}

/**
 * Batch queries from a table whose first record is the header (CSV with `,` `;` or tab, or a spreadsheet's first
 * sheet); the first bad row is a UsageError naming its line, in `lang`. Empty cells after the last column are ignored.
 */
export function readBatchRecords(
  records: readonly CsvRecord[],
  source: string,
  now: Date,
  lang: InputLang = 'en',
): BatchFile {
  const words = INPUT_WORDS[lang];
  const [headerRecord, ...rows] = records;
  const headerLine = headerRecord?.line ?? 1;
  const names = [...(headerRecord?.fields ?? [])];
  while (names.length > 0 && names.at(-1)?.trim() === '') names.pop();
  const header = names.map((name) => name.trim().toLowerCase());
  const unknown = header.find((name) => !isBatchQueryField(name));
  if (unknown !== undefined) {
    throw new UsageError(words.notAColumn(words.line(source, headerLine), printable(unknown), formatsHelp(lang)));
  }
  const duplicate = header.find((name, index) => header.indexOf(name) !== index);
  if (duplicate !== undefined) throw new UsageError(words.columnTwice(words.line(source, headerLine), duplicate));
  const columns = header as BatchQueryField[];
  const queries: SearchQuery[] = [];
  for (const { line, fields } of rows) {
    const where = words.line(source, line);
    const cells = [...fields];
    while (cells.length > columns.length && cells.at(-1)?.trim() === '') cells.pop();
    if (cells.length !== columns.length) {
      throw new UsageError(words.cellCount(where, cells.length, columns));
    }
    const record: Partial<Record<BatchQueryField, string>> = {};
    for (const [position, column] of columns.entries()) record[column] = cells[position] ?? '';
    queries.push(toBatchQuery(record, where, now, lang));
  }
  return { format: 'csv', queries };
}

/** The fields of one RFC 4180 CSV line: commas separate, double quotes enclose, `""` is a quote. */
export function splitCsvLine(line: string, where: string, lang: InputLang = 'en'): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let atFieldStart = true;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (quoted) {
      if (char !== '"') field += char;
      else if (line[index + 1] === '"') {
        field += '"';
        index++;
      } else quoted = false;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      atFieldStart = true;
      continue;
    } else if (char === '"' && atFieldStart && field.trim() === '') {
      quoted = true;
      field = '';
    } else field += char;
    atFieldStart = false;
  }
  if (quoted) throw new UsageError(INPUT_WORDS[lang].quoteNotClosed(where));
  fields.push(field);
  return fields;
}

function parseJson(body: string, source: string, lang: InputLang): unknown {
  const parsed = tryParse(body);
  if (!parsed.ok) {
    const words = INPUT_WORDS[lang];
    const where = parsed.position === undefined ? source : words.line(source, lineAt(body, parsed.position));
    throw new UsageError(words.notJson(where, parsed.reason));
  }
  return parsed.value;
}

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string; position: number | undefined };

function tryParse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = / at position (\d+)/.exec(message)?.[1];
    // V8 either names a position or quotes the text; the quoted text is dropped (it may be long or hold controls).
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/, ".*" is not valid JSON$/s, '');
    return {
      ok: false,
      reason: reason.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 120),
      position: position === undefined ? undefined : Number(position),
    };
  }
}

function lineAt(text: string, position: number): number {
  let line = 1;
  for (let index = 0; index < position && index < text.length; index++) if (text.charCodeAt(index) === 10) line++;
  return line;
}
