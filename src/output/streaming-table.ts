import { InterruptedError } from '../errors.js';
import type { CellTone, Column } from './columns.js';
import { sanitiseText } from './sanitise.js';
import type { OutputSettings } from './settings.js';
import type { FittedColumns, Narrowing, TableData } from './table.js';
import { TABLE_WORDS, type TableWordsLang } from './table-words.js';

/** What the streamed table needs of the run's settings. */
export type StreamingTableSettings = Pick<
  OutputSettings,
  'width' | 'color' | 'colorLevel' | 'stdoutIsTTY' | 'signal' | 'note' | 'lang'
>;

/** Rows read before the columns are fitted (a bounded sample: every later row is cut to these widths). */
const SAMPLE_ROWS = 500;
/** …or less, when the rows come slowly: the first ones show within this time. */
const SAMPLE_MS = 500;
/** Every this many rows the table lets the event loop run, so that Ctrl-C is heard at once. */
const YIELD_EVERY = 256;
/** A terminal table this long says once how to page it or print it to a file. */
const LARGE_TABLE_ROWS = 5_000;
/** Cells are cut to this many characters before being measured: no terminal is wider, and a 100 KB name must not stall a row. */
const CELL_CHARACTERS = 2_048;

type Emit = (text: string) => Promise<void>;

interface Layout<Row> {
  fitted: FittedColumns;
  /** A row's cells, each column in the form the layout chose ('' for a column hidden). */
  cells: (row: Row) => string[];
  /** The widths the columns were fitted for (the widest cell or header of each, in the data's order). */
  natural: number[];
  /** Whether a row has a cell of a column never cut (id, time, price…) wider than its column. */
  overflows: (cells: readonly string[]) => boolean;
  line: (cells: readonly string[], tones: readonly (CellTone | undefined)[], header?: boolean) => string;
}

/**
 * A table printed as its rows arrive: the first rows (a screenful's worth, or what came in half a second)
 * fit the columns as a whole table would, then every row is cut to those widths and printed at once.
 * Linear in rows; Ctrl-C stops it between rows (InterruptedError).
 */
export function streamingTableFormatter<Row>(
  settings: StreamingTableSettings,
  columns: readonly Column<Row>[],
  emit: Emit,
) {
  const sample: Row[] = [];
  let layout: Layout<Row> | undefined;
  /** The sample being printed (once): rows arriving meanwhile wait for it. */
  let printing: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let toldLarge = false;

  const tonesOf = (row: Row) => columns.map((column) => column.tone?.(row));

  const printSample = async (): Promise<void> => {
    clearTimeout(timer);
    const fitted = await fitLayout(settings, columns, sample);
    const lines = [
      fitted.line(
        columns.map((column) => sanitiseText(column.header)),
        [],
        true,
      ),
    ];
    for (const row of sample) lines.push(fitted.line(fitted.cells(row), tonesOf(row)));
    sample.length = 0;
    layout = fitted;
    await emit(`${lines.join('\n')}\n`);
    // Said to a person at a terminal only, under the rows it is about: a table piped on (--format table) gets no hint.
    if (settings.stdoutIsTTY && fitted.fitted.hidden.length > 0)
      settings.note?.(hiddenNote(fitted.fitted.hidden, settings.width, settings.lang));
  };
  const flushSample = (): Promise<void> => {
    if (!printing) {
      printing = printSample();
      // A failure (stdout closed) is thrown to the next row or to end(), not left unhandled.
      printing.catch(() => undefined);
    }
    return printing;
  };

  return {
    async row(row: Row, position: number): Promise<void> {
      if (position % YIELD_EVERY === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (settings.signal?.aborted) throw new InterruptedError('Interrupted.');
      }
      if (settings.stdoutIsTTY && position === LARGE_TABLE_ROWS && !toldLarge) {
        toldLarge = true;
        const lang = settings.lang ?? 'en';
        settings.note?.(TABLE_WORDS[lang].largeTable(LARGE_TABLE_ROWS.toLocaleString(lang)));
      }
      if (printing) await printing;
      if (layout) {
        const cells = layout.cells(row);
        // A row whose id, time or price is wider than the sample's (ids growing from 6 to 7 digits) widens its
        // column: the rows below shift, but what a user needs to `show` or `book` is never cut.
        if (layout.overflows(cells)) layout = await widenFor(settings, columns, layout, cells);
        return emit(`${layout.line(cells, tonesOf(row))}\n`);
      }
      sample.push(row);
      if (sample.length >= SAMPLE_ROWS) return flushSample();
      // Rows that come slowly are not kept waiting for the rest of the sample.
      if (sample.length === 1) timer = setTimeout(() => void flushSample(), SAMPLE_MS);
    },
    async end(count: number): Promise<void> {
      clearTimeout(timer);
      if (count > 0) await flushSample();
    },
  };
}

/** The layout refitted so that every column never cut holds this row's cell whole; the forms and columns chosen stay. */
async function widenFor<Row>(
  settings: StreamingTableSettings,
  columns: readonly Column<Row>[],
  layout: Layout<Row>,
  cells: readonly string[],
): Promise<Layout<Row>> {
  const { displayWidth } = await import('./text-width.js');
  const natural = layout.natural.map((width, index) => Math.max(width, displayWidth(cells[index] ?? '')));
  const { forms, kept, hidden } = layout.fitted;
  return fitLayout(settings, columns, [], { forms, kept, hidden }, natural);
}

/** The one line a narrow table says on stderr: what it hid and how to see it. */
export function hiddenNote(hidden: readonly string[], width: number, lang: TableWordsLang = 'en'): string {
  return TABLE_WORDS[lang].hidden(width, hidden.join(', '));
}

// Tables pull in chalk and Unicode width tables: loaded only when a table is drawn.
async function fitLayout<Row>(
  settings: StreamingTableSettings,
  columns: readonly Column<Row>[],
  sample: readonly Row[],
  chosen?: Narrowing,
  widths?: readonly number[],
): Promise<Layout<Row>> {
  const [{ fitTable, fitCell, tableLine }, { createColors }, { displayWidth }] = await Promise.all([
    import('./table.js'),
    import('./colors.js'),
    import('./text-width.js'),
  ]);
  const cellOf = (column: Column<Row> | undefined, form: number, row: Row) => {
    const table = form > 0 ? column?.narrower?.[form - 1]?.table : column?.table;
    return table ? capCell(sanitiseText(table(row)), column?.ellipsis) : '';
  };
  const rows = widths
    ? [widths.map((width) => 'x'.repeat(width))]
    : sample.map((row) => columns.map((column) => cellOf(column, 0, row)));
  const data: TableData = {
    headers: columns.map((column) => sanitiseText(column.header)),
    rows,
    align: columns.map((column) => column.align),
    ellipsis: columns.map((column) => column.ellipsis),
    keepWhole: columns.map((column) => column.keepWhole),
    minWidth: columns.map((column) => column.minWidth),
    knownWidth: columns.map((column) => column.knownWidth),
    names: columns.map((column) => column.hiddenName),
    ...(chosen === undefined && {
      dropRank: columns.map((column) => column.dropRank),
      narrower: columns.map((column) =>
        column.narrower?.map((form) => ({
          rank: form.rank,
          rows: sample.map((row) => capCell(sanitiseText(form.table(row)), column.ellipsis)),
          ...(form.hides !== undefined && { hides: form.hides }),
        })),
      ),
    }),
  };
  const narrowed = chosen === undefined ? data : keepOnly(data, chosen);
  const fitted =
    chosen === undefined
      ? fitTable(narrowed, settings.width)
      : { ...chosen, widths: fitTable(narrowed, settings.width).widths };
  const cells = (row: Row): string[] => {
    const shown = new Array<string>(columns.length).fill('');
    for (const index of fitted.kept) shown[index] = cellOf(columns[index], fitted.forms[index] ?? 0, row);
    return shown;
  };
  const formRows = sample.map(cells);
  const natural = data.headers.map((header, index) =>
    widths
      ? (widths[index] ?? 0)
      : formRows.reduce((widest, row) => Math.max(widest, displayWidth(row[index] ?? '')), displayWidth(header)),
  );
  const colors = createColors(settings);
  const colour = colors.level > 0;
  const align = fitted.kept.map((index) => columns[index]?.align);
  return {
    fitted,
    cells,
    natural,
    overflows: (cells) =>
      fitted.kept.some(
        (index, position) =>
          columns[index]?.keepWhole === true && displayWidth(cells[index] ?? '') > (fitted.widths[position] ?? 0),
      ),
    line(cells: readonly string[], tones: readonly (CellTone | undefined)[], header = false): string {
      const shown = fitted.kept.map((index, position) => {
        const width = fitted.widths[position] ?? 0;
        const text = header
          ? fitCell(cells[index] ?? '', width, 'end')
          : fitCell(cells[index] ?? '', width, columns[index]?.ellipsis);
        const tone = tones[index];
        if (!colour) return text;
        if (header) return colors.bold(text);
        return tone !== undefined ? colors[tone](text) : text;
      });
      return tableLine(shown, fitted.widths, align, settings.width);
    },
  };
}

/** The data with only the columns of a narrowing already chosen (refitting widths keeps the columns and forms). */
function keepOnly(data: TableData, chosen: Narrowing): TableData {
  const pick = <T>(list: readonly T[] | undefined) => (list ? chosen.kept.map((index) => list[index] as T) : undefined);
  return {
    headers: pick(data.headers) ?? [],
    rows: data.rows.map((row) => chosen.kept.map((index) => row[index] ?? '')),
    ...(data.align && { align: pick(data.align) }),
    ...(data.ellipsis && { ellipsis: pick(data.ellipsis) }),
    ...(data.keepWhole && { keepWhole: pick(data.keepWhole) }),
    ...(data.minWidth && { minWidth: pick(data.minWidth) }),
    ...(data.knownWidth && { knownWidth: pick(data.knownWidth) }),
  };
}

/** A cell longer than any terminal is cut before it is measured, keeping both ends of a route shortened in its middle. */
function capCell(cell: string, ellipsis: 'end' | 'middle' | undefined): string {
  if (cell.length <= CELL_CHARACTERS) return cell;
  const half = CELL_CHARACTERS / 2;
  return ellipsis === 'middle'
    ? `${wholeHead(cell, half)}…${cell.slice(-half)}`
    : `${wholeHead(cell, CELL_CHARACTERS)}…`;
}

/** The first `length` UTF-16 units, without splitting a surrogate pair. */
function wholeHead(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
