import { BATCH_QUERY_FIELDS, isBatchQueryField, printable, toBatchQuery, type BatchQueryField } from './batch-query.js';
import type { SearchQuery } from './types.js';
import { UsageError } from '../errors.js';
import { csvTable, type CsvRecord } from './csv-records.js';

/** The input formats a file of batch queries may use. */
export type BatchFileFormat = 'json-array' | 'json-queries' | 'ndjson' | 'csv';

/** The queries of a file, in input order, and the format they were read as. */
export interface BatchFile {
  format: BatchFileFormat;
  queries: SearchQuery[];
}

const FORMATS_HELP = `a JSON array, {"queries": [...]}, NDJSON (one object a line), or CSV (, ; or tab) or a spreadsheet with the header ${BATCH_QUERY_FIELDS.join(',')}`;

/**
 * Reads batch queries from text: a JSON array, `{queries:[…]}`, NDJSON or CSV (recognised by its
 * header line). Every query is checked; the first bad one is a UsageError naming `source` and its
 * line (or array index for JSON), so nothing is sent.
 */
export function parseBatchFile(text: string, source: string, now: Date): BatchFile {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.trimStart()[0];
  if (first === undefined) throw new UsageError(`${source} holds no queries; give ${FORMATS_HELP}.`);
  const batch =
    first === '['
      ? readJsonArray(body, source, now)
      : first === '{'
        ? readJsonObjectOrLines(body, source, now)
        : readCsv(body, source, now);
  if (batch.queries.length === 0) throw new UsageError(`${source} holds no queries; give ${FORMATS_HELP}.`);
  return batch;
}

function readJsonArray(body: string, source: string, now: Date): BatchFile {
  const items = parseJson(body, source);
  if (!Array.isArray(items)) throw new UsageError(`${source}: expected ${FORMATS_HELP}.`);
  return { format: 'json-array', queries: items.map((item, index) => toBatchQuery(item, `${source} [${index}]`, now)) };
}

/** `{queries:[…]}` when the whole text is one such object, NDJSON otherwise (a one-line NDJSON file is one query). */
function readJsonObjectOrLines(body: string, source: string, now: Date): BatchFile {
  const whole = tryParse(body);
  if (whole.ok && typeof whole.value === 'object' && whole.value !== null && 'queries' in whole.value) {
    const { queries, ...others } = whole.value as { queries: unknown };
    const extra = Object.keys(others)[0];
    if (extra !== undefined)
      throw new UsageError(`${source}: unknown field "${printable(extra)}"; the object holds only "queries".`);
    if (!Array.isArray(queries)) throw new UsageError(`${source}: "queries" must be an array of query objects.`);
    return {
      format: 'json-queries',
      queries: queries.map((item, index) => toBatchQuery(item, `${source} queries[${index}]`, now)),
    };
  }
  const queries: SearchQuery[] = [];
  body.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${source} line ${index + 1}`;
    const parsed = tryParse(line);
    if (!parsed.ok)
      throw new UsageError(`${where}: not valid JSON (${parsed.reason}); NDJSON has one query object a line.`);
    queries.push(toBatchQuery(parsed.value, where, now));
  });
  return { format: 'ndjson', queries };
}

function readCsv(body: string, source: string, now: Date): BatchFile {
  return readBatchRecords(csvTable(body, source), source, now);
}

/**
 * Batch queries from a table whose first record is the header (CSV with `,` `;` or tab, or a spreadsheet's first
 * sheet); the first bad row is a UsageError naming its line. Empty cells after the last column are ignored.
 */
export function readBatchRecords(records: readonly CsvRecord[], source: string, now: Date): BatchFile {
  const [headerRecord, ...rows] = records;
  const headerLine = headerRecord?.line ?? 1;
  const names = [...(headerRecord?.fields ?? [])];
  while (names.length > 0 && names.at(-1)?.trim() === '') names.pop();
  const header = names.map((name) => name.trim().toLowerCase());
  const unknown = header.find((name) => !isBatchQueryField(name));
  if (unknown !== undefined) {
    throw new UsageError(
      `${source} line ${headerLine}: "${printable(unknown)}" is not a query column; expected ${FORMATS_HELP}.`,
    );
  }
  const duplicate = header.find((name, index) => header.indexOf(name) !== index);
  if (duplicate !== undefined)
    throw new UsageError(`${source} line ${headerLine}: the column ${duplicate} appears twice.`);
  const columns = header as BatchQueryField[];
  const queries: SearchQuery[] = [];
  for (const { line, fields } of rows) {
    const where = `${source} line ${line}`;
    const cells = [...fields];
    while (cells.length > columns.length && cells.at(-1)?.trim() === '') cells.pop();
    if (cells.length !== columns.length) {
      throw new UsageError(
        `${where}: ${cells.length} value${cells.length === 1 ? '' : 's'} for ${columns.length} columns (${columns.join(',')}).`,
      );
    }
    const record: Partial<Record<BatchQueryField, string>> = {};
    for (const [position, column] of columns.entries()) record[column] = cells[position] ?? '';
    queries.push(toBatchQuery(record, where, now));
  }
  return { format: 'csv', queries };
}

/** The fields of one RFC 4180 CSV line: commas separate, double quotes enclose, `""` is a quote. */
export function splitCsvLine(line: string, where: string): string[] {
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
  if (quoted) throw new UsageError(`${where}: a quoted value is not closed.`);
  fields.push(field);
  return fields;
}

function parseJson(body: string, source: string): unknown {
  const parsed = tryParse(body);
  if (!parsed.ok) {
    const line = parsed.position === undefined ? '' : ` line ${lineAt(body, parsed.position)}`;
    throw new UsageError(`${source}${line}: not valid JSON (${parsed.reason}).`);
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
