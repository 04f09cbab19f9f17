import { UsageError } from '../errors.js';
import { OUTPUT_WORDS, type OutputLang } from './output-words.js';
import type { OutputFormat } from './settings.js';

/** A single machine-readable value. */
export type RawScalar = string | number | boolean | null;

/** The machine form of a cell: JSON keeps arrays and nulls; CSV/TSV join arrays with `;` and write null as empty. */
export type RawValue = RawScalar | readonly RawScalar[];

/** Drop ranks from this one up are a last resort: taken only when cutting the route to a few cells cannot fit. */
export const LAST_RESORT_RANK = 100;

/** A colour hint for a table cell, applied only when colour is on. */
export type CellTone = 'dim' | 'bold' | 'green' | 'yellow' | 'red' | 'cyan';

/** One output column: how a row reads in a table and what it is in JSON/CSV/TSV. */
export interface Column<Row> {
  /** Stable machine name: the `--fields` name, the JSON key and the CSV header. */
  key: string;
  /** Human header shown in tables (may be translated). */
  header: string;
  /** Human form for tables. */
  table(row: Row): string;
  /** Machine form for json, ndjson, csv and tsv. */
  raw(row: Row): RawValue;
  /** Form for a Markdown table pasted into an e-mail, when it differs from the table's (prices in euros). */
  markdown?(row: Row): string;
  align?: 'left' | 'right';
  /** Where a table cell too wide for the terminal loses text; 'middle' keeps both ends (routes, whole stops first). */
  ellipsis?: 'end' | 'middle';
  /** A narrow table never shrinks this column below its natural width: it is read whole or not at all (dates). */
  keepWhole?: boolean;
  /** Or below this width (a route needs room for its two ends); other columns may shrink to a few cells. */
  minWidth?: number;
  /**
   * The width a column takes whatever the rows seen (a time is HH:MM, an id of the service 7 digits), so that a
   * table fitted to its first rows still holds the later ones whole; a wider cell still widens it.
   */
  knownWidth?: number;
  /** When a table cannot fit even so, columns with a drop rank go first, lowest rank first; the others stay. */
  dropRank?: number;
  /**
   * Shorter forms of the cell for a narrow terminal (a date without its weekday and year), taken in one order with
   * the drops of every column, lowest rank first, while the table cannot fit (output/table.ts, narrowTable).
   */
  narrower?: readonly NarrowerForm<Row>[];
  /** The name a note gives this column when a narrow table hides it (its header by default). */
  hiddenName?: string;
  /** Optional colour for a table cell. */
  tone?(row: Row): CellTone | undefined;
}

/** A shorter form of a column's cell, and what it leaves out when that is worth telling (`stopovers`). */
export interface NarrowerForm<Row> {
  rank: number;
  table(row: Row): string;
  hides?: string;
}

/** Every column a kind of row can be printed with, and the default picks of tables and of machine formats. */
export interface ColumnSet<Row> {
  columns: readonly Column<Row>[];
  /** Keys shown in a table (and a Markdown table) when no `--fields` is given, in order. */
  tableKeys: readonly string[];
  /** Keys printed by json, ndjson, csv and tsv when no `--fields` is given, in order. */
  machineKeys: readonly string[];
}

/**
 * The columns to print: the ones named in `fields`, in that order, or else the set's defaults
 * for the format (table or machine). Throws a UsageError listing the valid names when a field is unknown.
 */
export function selectColumns<Row>(
  set: ColumnSet<Row>,
  fields: readonly string[] | undefined,
  format: OutputFormat,
  lang: OutputLang = 'en',
): Column<Row>[] {
  const byKey = new Map(set.columns.map((column) => [column.key, column]));
  const wanted =
    fields !== undefined && fields.length > 0
      ? fields
      : format === 'table' || format === 'markdown'
        ? set.tableKeys
        : set.machineKeys;
  const unknown = wanted.filter((field) => !byKey.has(field));
  if (unknown.length > 0)
    throw new UsageError(
      OUTPUT_WORDS[lang].unknownFields(
        unknown,
        set.columns.map((column) => column.key),
      ),
    );
  return wanted.map((field) => byKey.get(field)).filter((column): column is Column<Row> => column !== undefined);
}
