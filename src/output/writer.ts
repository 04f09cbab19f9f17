import { UsageError } from '../errors.js';
import { OUTPUT_WORDS, type OutputLang } from './output-words.js';
import { selectColumns, type Column, type ColumnSet, type RawValue } from './columns.js';
import { csvLine, rawToText, tsvLine, writesHeader } from './delimited.js';
import { markdownRow, markdownRule } from './markdown.js';
import { trackOpenWriter } from './open-writers.js';
import { jsonSafeStringify } from './sanitise.js';
import type { OutputSettings } from './settings.js';
import { streamingTableFormatter } from './streaming-table.js';
import { writeSafely, type OutputStream } from './stdout.js';

/** The settings a writer needs. */
export type WriterSettings = Pick<
  OutputSettings,
  'format' | 'fields' | 'width' | 'color' | 'colorLevel' | 'stdoutIsTTY' | 'signal' | 'note'
> &
  Partial<Pick<OutputSettings, 'formatChosen' | 'header' | 'lang'>>;

/** Prints rows one at a time in the format chosen for the run. */
export interface RowWriter<Row> {
  /** Prints (or, for tables, keeps) one row; the promise settles when stdout can take more. */
  write(row: Row): Promise<void>;
  /** Finishes the output (closes the JSON array, draws the table); safe to call twice. */
  end(): Promise<void>;
  /** Rows written so far. */
  readonly count: number;
}

/**
 * A streaming row writer: ndjson, csv and tsv rows go out at once, json streams a valid array
 * `[` … `]`, a table is fitted to the width from its first rows and then streamed (output/streaming-table.ts). The columns are
 * narrowed by `--fields` (settings.fields) here; a plain array's default is all of its columns.
 * Throws a UsageError on an unknown field before anything is printed.
 */
export function createRowWriter<Row>(
  settings: WriterSettings,
  columns: readonly Column<Row>[] | ColumnSet<Row>,
  stdout: OutputStream,
): RowWriter<Row> {
  const set = isColumnSet(columns) ? columns : { columns, tableKeys: keysOf(columns), machineKeys: keysOf(columns) };
  const selected = selectColumns(set, settings.fields, settings.format, settings.lang);
  const output = coalescingEmitter(stdout);
  return writerAround(formatters[settings.format](settings, selected, output.emit), output.flush, stdout);
}

/**
 * Writes arbitrary JSON values untouched by any column model (e.g. `list --raw`): a streamed
 * array for json, one line each for ndjson. Other formats are a UsageError.
 */
export function createJsonValueWriter(
  settings: Pick<OutputSettings, 'format' | 'stdoutIsTTY' | 'lang'>,
  stdout: OutputStream,
): RowWriter<unknown> {
  const { emit, flush } = coalescingEmitter(stdout);
  if (settings.format === 'json')
    return writerAround(
      jsonArrayFormatter(settings.stdoutIsTTY, (value: unknown) => value, emit),
      flush,
      stdout,
    );
  if (settings.format === 'ndjson')
    return writerAround(
      { row: (value: unknown) => emit(`${jsonSafeStringify(value)}\n`), end: () => done },
      flush,
      stdout,
    );
  throw new UsageError(OUTPUT_WORDS[settings.lang ?? 'en'].untouchedOnlyJson(settings.format));
}

function isColumnSet<Row>(columns: readonly Column<Row>[] | ColumnSet<Row>): columns is ColumnSet<Row> {
  return !Array.isArray(columns);
}

function keysOf<Row>(columns: readonly Column<Row>[]): string[] {
  return columns.map((column) => column.key);
}

/** Rows buffered past this many characters are written at once, without waiting for the timer. */
const COALESCE_LIMIT = 64 * 1024;
/** How long rows after a written one may wait to be written together: too short for a person to notice. */
const COALESCE_MS = 15;

/**
 * An emit that writes a row at once, then gathers the rows that follow within COALESCE_MS into one
 * write. Why: stdout on a pipe is synchronous on Linux, one syscall per write; `list` printing 70,000
 * rows spent 1.2 s of 8 s in those syscalls. Buffered rows still feel stdout's backpressure (lastWrite).
 */
function coalescingEmitter(stdout: OutputStream): { emit: Emit; flush: () => Promise<void> } {
  let buffered = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWrite: Promise<void> = done;
  const writeBuffered = (): Promise<void> => {
    if (buffered === '') return lastWrite;
    const text = buffered;
    buffered = '';
    return (lastWrite = writeSafely(stdout, text));
  };
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    return writeBuffered();
  };
  const emit: Emit = (text) => {
    if (timer === undefined) {
      timer = setTimeout(flush, COALESCE_MS);
      return (lastWrite = writeSafely(stdout, text));
    }
    buffered += text;
    return buffered.length >= COALESCE_LIMIT ? writeBuffered() : lastWrite;
  };
  return { emit, flush };
}

function writerAround<Row>(format: Formatter<Row>, flush: () => Promise<void>, stdout: OutputStream): RowWriter<Row> {
  let count = 0;
  let ended = false;
  // Until end(), a failure of the run ends the output well formed (output/open-writers.ts).
  const forget = trackOpenWriter(stdout, {
    async abort() {
      if (ended) return;
      ended = true;
      await format.abort?.(count);
      await flush();
    },
  });
  return {
    get count() {
      return count;
    },
    write(row) {
      if (ended) throw new Error('createRowWriter: write() after end()');
      count += 1;
      return format.row(row, count);
    },
    async end() {
      if (ended) return;
      ended = true;
      forget();
      await format.end(count);
      await flush();
    },
  };
}

/** The JSON records of rows, as the json format writes them (columns by --fields, else the machine defaults). */
export function jsonRecords<Row>(
  set: ColumnSet<Row>,
  fields: readonly string[] | undefined,
  rows: readonly Row[],
  lang: OutputLang = 'en',
): Record<string, RawValue>[] {
  const columns = selectColumns(set, fields, 'json', lang);
  return rows.map((row) => rawRecord(columns, row));
}

/** Prints one JSON document: pretty on a TTY, compact when piped, with one trailing newline. */
export function printJson(
  value: unknown,
  settings: Pick<OutputSettings, 'stdoutIsTTY'>,
  stdout: OutputStream,
): Promise<void> {
  return writeSafely(stdout, `${jsonSafeStringify(value, settings.stdoutIsTTY ? 2 : undefined)}\n`);
}

interface Formatter<Row> {
  row(row: Row, position: number): Promise<void>;
  end(count: number): Promise<void>;
  /** After a failure mid-stream: what keeps the output well formed (lines are whole already; a JSON array is closed). */
  abort?(count: number): Promise<void>;
}

type Emit = (text: string) => Promise<void>;
type FormatterFactory = <Row>(settings: WriterSettings, columns: readonly Column<Row>[], emit: Emit) => Formatter<Row>;

const done = Promise.resolve();

function rawRecord<Row>(columns: readonly Column<Row>[], row: Row): Record<string, RawValue> {
  // Assigned in a loop rather than Object.fromEntries: the objects share one shape, which JSON.stringify
  // walks about twice as fast (it runs for every row of a listing).
  const record: Record<string, RawValue> = {};
  for (const column of columns) record[column.key] = column.raw(row);
  return record;
}

/** A JSON array streamed element by element: pretty (indented) on a TTY, one element a line when piped. */
function jsonArrayFormatter<Row>(pretty: boolean, toValue: (row: Row) => unknown, emit: Emit): Formatter<Row> {
  return {
    row: (row, position) => {
      const text = jsonSafeStringify(toValue(row), pretty ? 2 : undefined);
      const element = pretty ? `  ${text.replace(/\n/g, '\n  ')}` : text;
      return emit(`${position === 1 ? '[\n' : ',\n'}${element}`);
    },
    end: (count) => emit(count === 0 ? '[]\n' : '\n]\n'),
    // An array begun is closed; none begun stays unprinted: `[]` would claim an empty answer.
    abort: (count) => (count === 0 ? done : emit('\n]\n')),
  };
}

const formatters: Record<OutputSettings['format'], FormatterFactory> = {
  json: (settings, columns, emit) => jsonArrayFormatter(settings.stdoutIsTTY, (row) => rawRecord(columns, row), emit),
  ndjson: (_settings, columns, emit) => ({
    row: (row) => emit(`${jsonSafeStringify(rawRecord(columns, row))}\n`),
    end: () => done,
  }),
  csv: (settings, columns, emit) => {
    const header = writesHeader('csv', settings) ? `${csvLine(columns.map((column) => column.key))}\n` : '';
    return {
      row: (row, position) =>
        emit(`${position === 1 ? header : ''}${csvLine(columns.map((column) => rawToText(column.raw(row))))}\n`),
      end: (count) => (count === 0 && header !== '' ? emit(header) : done),
    };
  },
  tsv: (settings, columns, emit) => {
    const header = writesHeader('tsv', settings) ? `${tsvLine(columns.map((column) => column.key))}\n` : '';
    return {
      row: (row, position) =>
        emit(`${position === 1 ? header : ''}${tsvLine(columns.map((column) => rawToText(column.raw(row))))}\n`),
      end: (count) => (count === 0 && header !== '' ? emit(header) : done),
    };
  },
  markdown: (_settings, columns, emit) => {
    const header = `${markdownRow(columns.map((column) => column.header))}\n${markdownRule(columns.map((column) => column.align))}\n`;
    return {
      row: (row, position) =>
        emit(
          `${position === 1 ? header : ''}${markdownRow(columns.map((column) => (column.markdown ?? column.table)(row)))}\n`,
        ),
      end: () => done,
    };
  },
  table: (settings, columns, emit) => streamingTableFormatter(settings, columns, emit),
};
