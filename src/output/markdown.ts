import { markdownCell } from '../domain/markdown-text.js';

export { markdownCell };

/** A Markdown table row: `| a | b |`. */
export function markdownRow(cells: readonly string[]): string {
  return `| ${cells.map(markdownCell).join(' | ')} |`;
}

/** The line under the header, `|---|---:|`, right-aligned columns marked. */
export function markdownRule(align: readonly ('left' | 'right' | undefined)[]): string {
  return `|${align.map((side) => (side === 'right' ? '---:' : '---')).join('|')}|`;
}
