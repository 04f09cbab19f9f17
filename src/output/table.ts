import type { ChalkInstance } from 'chalk';
import { type CellTone, LAST_RESORT_RANK } from './columns.js';
import { displayWidth, truncateMiddle, truncateToWidth } from './text-width.js';

/** A table ready to draw: headers and cells are already plain, sanitised text. */
export interface TableData {
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  align?: readonly ('left' | 'right' | undefined)[];
  /** Where a cell too wide for its column loses text: at its end (default) or in its middle. */
  ellipsis?: readonly ('end' | 'middle' | undefined)[];
  /** Colour per cell (same shape as rows), applied only when `colors` has a level above 0. */
  tones?: readonly (readonly (CellTone | undefined)[])[];
  /** Columns never shrunk below their natural width (see Column.keepWhole). */
  keepWhole?: readonly (boolean | undefined)[];
  /** Columns never shrunk below this width (see Column.minWidth). */
  minWidth?: readonly (number | undefined)[];
  /** Columns dropped first, lowest rank first, when the table cannot fit otherwise (see Column.dropRank). */
  dropRank?: readonly (number | undefined)[];
  /** Widths a column takes whatever its rows (see Column.knownWidth). */
  knownWidth?: readonly (number | undefined)[];
  /** Shorter forms of a column's cells (see Column.narrower), taken with the drops, lowest rank first, while the table cannot fit. */
  narrower?: readonly (readonly NarrowerCells[] | undefined)[];
  /** The names a note gives a column it hid (its header by default). */
  names?: readonly (string | undefined)[];
}

/** One shorter form of a column: its cell for each row, and the rank at which a narrow table takes it. */
export interface NarrowerCells {
  rank: number;
  rows: readonly string[];
  /** What this form leaves out (`stopovers`), told when it changes a row. */
  hides?: string;
}

/** How a table is drawn: the width to fit and the chalk instance for the header and toned cells. */
export interface TableLayout {
  width: number;
  colors: ChalkInstance;
}

const GAP = 2;
/** Columns are not shrunk below this width while another column still can be. */
const COMFORTABLE_MIN = 6;

/**
 * Draws a borderless table, two spaces between columns, fitted to the width: the widest columns are
 * shortened with `…`, except those kept whole; when even that cannot fit, droppable columns go first.
 */
export function renderTable(full: TableData, layout: TableLayout): string {
  const data = applyNarrowing(full, narrowTable(full, layout.width));
  const natural = naturalWidths(data);
  const whole = natural.map((value, index) => (data.keepWhole?.[index] ? value : 1));
  const widths = fitColumnWidths(natural, layout.width, data.align, minimumWidths(data), whole);
  const colour = layout.colors.level > 0;
  const align = widths.map((_, index) => data.align?.[index]);
  const header = widths.map((width, index) => {
    const text = truncateToWidth(data.headers[index] ?? '', width);
    return colour ? layout.colors.bold(text) : text;
  });
  const lines = [tableLine(header, widths, align, layout.width)];
  data.rows.forEach((row, rowIndex) => {
    const cells = widths.map((width, index) => {
      const text = fitCell(row[index] ?? '', width, data.ellipsis?.[index]);
      const tone = data.tones?.[rowIndex]?.[index];
      return colour && tone !== undefined ? layout.colors[tone](text) : text;
    });
    lines.push(tableLine(cells, widths, align, layout.width));
  });
  return lines.join('\n');
}

/** How a table's rows are laid out: the columns kept (indexes into the data's) and the width of each. */
export interface FittedColumns extends Narrowing {
  widths: number[];
}

/** The columns kept, the form of each and their widths for `data` at `width`, exactly as renderTable lays them out. */
export function fitTable(data: TableData, width: number): FittedColumns {
  const narrowing = narrowTable(data, width);
  const narrowed = applyNarrowing(data, narrowing);
  const natural = naturalWidths(narrowed);
  const whole = natural.map((value, index) => (narrowed.keepWhole?.[index] ? value : 1));
  return { ...narrowing, widths: fitColumnWidths(natural, width, narrowed.align, minimumWidths(narrowed), whole) };
}

/** One cell cut to its column's width, at its end or in its middle. */
export function fitCell(cell: string, width: number, ellipsis: 'end' | 'middle' | undefined): string {
  return ellipsis === 'middle' ? shortenMiddle(cell, width) : truncateToWidth(cell, width);
}

/** A table line as renderTable draws it: cells padded to their widths, two spaces apart, no trailing blanks, cut at the width. */
export function tableLine(
  cells: readonly string[],
  widths: readonly number[],
  align: readonly ('left' | 'right' | undefined)[],
  width: number,
): string {
  let line = '';
  for (let index = 0; index < widths.length; index++) {
    const cell = cells[index] ?? '';
    const pad = ' '.repeat(Math.max(0, (widths[index] ?? 0) - displayWidth(cell)));
    line += (index > 0 ? ' '.repeat(GAP) : '') + (align[index] === 'right' ? pad + cell : cell + pad);
  }
  return hardLimit(line.trimEnd(), width);
}

/** How a narrow table is made to fit: the form of each column (0 its full one), the columns kept, what was hidden. */
export interface Narrowing {
  /** Per column of the data: 0 for its full cells, n for its n-th narrower form. */
  forms: number[];
  /** The indexes of the columns kept. */
  kept: number[];
  /** The names of the columns dropped and what narrower forms left out, in the order they went. */
  hidden: string[];
}

/**
 * The rule of a narrow table: while the columns' minimum widths do not fit, the next step is taken, lowest rank
 * first: a column takes its next narrower form (a shorter date, a shorter route) or a droppable column goes.
 * Columns with neither (the id, and the price down to 40 columns) stay; the route is then cut, never them.
 */
export function narrowTable(data: TableData, width: number): Narrowing {
  const forms = data.headers.map(() => 0);
  let kept = data.headers.map((_, index) => index);
  const hidden: string[] = [];
  type Step = { rank: number; column: number; form?: number };
  const steps: Step[] = [];
  data.headers.forEach((_, column) => {
    data.narrower?.[column]?.forEach((form, index) => {
      steps.push({ rank: form.rank, column, form: index + 1 });
    });
    const dropRank = data.dropRank?.[column];
    if (dropRank !== undefined) steps.push({ rank: dropRank, column });
  });
  steps.sort((a, b) => a.rank - b.rank);
  // A last-resort drop (the price) waits until even the cuttable columns at their comfortable minimum do not fit.
  const fits = (lastResort: boolean) => {
    const mins = minimumWidths(withForms(data, forms)).map((min, index) =>
      lastResort && !data.keepWhole?.[index] ? Math.min(min, COMFORTABLE_MIN) : min,
    );
    return kept.reduce((sum, index) => sum + (mins[index] ?? 1), 0) + GAP * Math.max(0, kept.length - 1) <= width;
  };
  for (const step of steps) {
    if (fits(step.rank >= LAST_RESORT_RANK)) break;
    if (!kept.includes(step.column)) continue;
    if (step.form === undefined) {
      kept = kept.filter((index) => index !== step.column);
      hidden.push(data.names?.[step.column] ?? data.headers[step.column] ?? '');
      continue;
    }
    const before = cellsOfForm(data, step.column, forms[step.column] ?? 0);
    forms[step.column] = step.form;
    const after = cellsOfForm(data, step.column, step.form);
    const hides = data.narrower?.[step.column]?.[step.form - 1]?.hides;
    if (hides !== undefined && after.some((cell, row) => cell !== before[row])) hidden.push(hides);
  }
  return { forms, kept, hidden };
}

/** The cells of one column in one of its forms (0 the full one). */
function cellsOfForm(data: TableData, column: number, form: number): readonly string[] {
  if (form > 0) return data.narrower?.[column]?.[form - 1]?.rows ?? [];
  return data.rows.map((row) => row[column] ?? '');
}

/** The table with each column's chosen form in its rows. */
function withForms(data: TableData, forms: readonly number[]): TableData {
  if (forms.every((form) => form === 0)) return data;
  const columns = forms.map((form, column) => (form > 0 ? cellsOfForm(data, column, form) : undefined));
  return {
    ...data,
    rows: data.rows.map((row, rowIndex) => row.map((cell, column) => columns[column]?.[rowIndex] ?? cell)),
  };
}

/** The table as a narrowing lays it out: the chosen forms, only the columns kept. */
export function applyNarrowing(full: TableData, narrowing: Narrowing): TableData {
  const data = withForms(full, narrowing.forms);
  const { kept } = narrowing;
  if (kept.length === data.headers.length) return data;
  const pick = <T>(list: readonly T[] | undefined) => (list ? kept.map((index) => list[index] as T) : undefined);
  return {
    headers: pick(data.headers) ?? [],
    rows: data.rows.map((row) => kept.map((index) => row[index] ?? '')),
    ...(data.align && { align: pick(data.align) }),
    ...(data.ellipsis && { ellipsis: pick(data.ellipsis) }),
    ...(data.tones && { tones: data.tones.map((row) => kept.map((index) => row[index])) }),
    ...(data.keepWhole && { keepWhole: pick(data.keepWhole) }),
    ...(data.minWidth && { minWidth: pick(data.minWidth) }),
    ...(data.knownWidth && { knownWidth: pick(data.knownWidth) }),
  };
}

/** How narrow each column may get: its natural width when kept whole, its own minimum, else a comfortable minimum. */
function minimumWidths(data: TableData): number[] {
  const natural = naturalWidths(data);
  return data.headers.map((_, index) =>
    Math.min(
      natural[index] ?? 1,
      data.keepWhole?.[index] ? (natural[index] ?? 1) : (data.minWidth?.[index] ?? COMFORTABLE_MIN),
    ),
  );
}

/** A route-like cell (`A → B → C → D`) shortened in the middle by whole stops (`A → … → D`), else by characters. */
function shortenMiddle(cell: string, width: number): string {
  if (displayWidth(cell) <= width) return cell;
  const parts = cell.split(' → ');
  while (parts.length > 2) {
    parts.splice(Math.floor(parts.length / 2), 1);
    const candidate = [
      ...parts.slice(0, Math.ceil(parts.length / 2)),
      '…',
      ...parts.slice(Math.ceil(parts.length / 2)),
    ].join(' → ');
    if (displayWidth(candidate) <= width) return candidate;
  }
  // Two ends a cell too wide (`Paris → Mars.`): the arrow's spaces go before any letter does.
  const tight = parts.join('→');
  if (parts.length === 2 && displayWidth(tight) <= width) return tight;
  return truncateMiddle(cell, width);
}

/** The widths each column would like: its widest cell or header, or its known width when wider. */
function naturalWidths(data: TableData): number[] {
  return data.headers.map((header, index) =>
    data.rows.reduce(
      (widest, row) => Math.max(widest, displayWidth(row[index] ?? '')),
      Math.max(1, displayWidth(header), data.knownWidth?.[index] ?? 0),
    ),
  );
}

/**
 * Shrinks the widest columns one cell at a time until the row fits: left-aligned (text) columns
 * first down to a comfortable minimum, then every column down to one cell.
 */
export function fitColumnWidths(
  natural: readonly number[],
  width: number,
  align?: readonly ('left' | 'right' | undefined)[],
  preferred: readonly number[] = [],
  required: readonly number[] = [],
): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((sum, value) => sum + value, 0) + GAP * Math.max(0, widths.length - 1);
  const shrinkWidest = (canShrink: (index: number) => boolean): boolean => {
    let widest = -1;
    widths.forEach((value, index) => {
      if (canShrink(index) && (widest < 0 || value > (widths[widest] ?? 0))) widest = index;
    });
    if (widest < 0) return false;
    widths[widest] = (widths[widest] ?? 1) - 1;
    return true;
  };
  const isText = (index: number) => (align?.[index] ?? 'left') === 'left';
  // Preferred minimums (a route's two ends) hold until the last pass; required ones (a date kept whole) always.
  const floor = (index: number) => Math.max(COMFORTABLE_MIN, preferred[index] ?? 0, required[index] ?? 0);
  while (total() > width && shrinkWidest((index) => isText(index) && (widths[index] ?? 0) > floor(index)));
  while (total() > width && shrinkWidest((index) => (widths[index] ?? 0) > floor(index)));
  while (total() > width && shrinkWidest((index) => (widths[index] ?? 0) > Math.max(1, required[index] ?? 0)));
  return widths;
}

/** Last resort when even one-cell columns do not fit: cut the line itself. */
function hardLimit(line: string, width: number): string {
  return displayWidth(line) <= width ? line : truncateToWidth(line, width);
}
