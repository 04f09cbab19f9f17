import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import type { CellTone } from './columns.js';
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
}

/** How a table is drawn: the width to fit and the chalk instance for the header and toned cells. */
export interface TableLayout {
  width: number;
  colors: ChalkInstance;
}

const GAP = 2;
/** Columns are not shrunk below this width while another column still can be. */
const COMFORTABLE_MIN = 6;
const NO_BORDER = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
  bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '',
  middle: ' '.repeat(GAP),
};

/** Draws a borderless table, two spaces between columns, fitted to the width by shortening the widest columns with `…`. */
export function renderTable(data: TableData, layout: TableLayout): string {
  const widths = fitColumnWidths(naturalWidths(data), layout.width, data.align);
  const colour = layout.colors.level > 0;
  const table = new Table({
    head: data.headers.map((header, index) => {
      const text = truncateToWidth(header, widths[index] ?? 0);
      return colour ? layout.colors.bold(text) : text;
    }),
    colWidths: widths,
    colAligns: widths.map((_, index) => data.align?.[index] ?? 'left'),
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    truncate: '…',
    wordWrap: false,
  });
  data.rows.forEach((row, rowIndex) => {
    table.push(
      widths.map((width, index) => {
        const cell = row[index] ?? '';
        const text = data.ellipsis?.[index] === 'middle' ? truncateMiddle(cell, width) : truncateToWidth(cell, width);
        const tone = data.tones?.[rowIndex]?.[index];
        return colour && tone !== undefined ? layout.colors[tone](text) : text;
      }),
    );
  });
  return table
    .toString()
    .split('\n')
    .map((line) => hardLimit(line.trimEnd(), layout.width))
    .join('\n');
}

/** The widths each column would like: its widest cell or header. */
function naturalWidths(data: TableData): number[] {
  return data.headers.map((header, index) =>
    Math.max(1, displayWidth(header), ...data.rows.map((row) => displayWidth(row[index] ?? ''))),
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
  while (total() > width && shrinkWidest((index) => isText(index) && (widths[index] ?? 0) > COMFORTABLE_MIN));
  while (total() > width && shrinkWidest((index) => (widths[index] ?? 0) > COMFORTABLE_MIN));
  while (total() > width && shrinkWidest((index) => (widths[index] ?? 0) > 1));
  return widths;
}

/** Last resort when even one-cell columns do not fit: cut the line itself. */
function hardLimit(line: string, width: number): string {
  return displayWidth(line) <= width ? line : truncateToWidth(line, width);
}
