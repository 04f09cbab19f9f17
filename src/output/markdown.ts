import { sanitiseText } from './sanitise.js';

/** One cell of a Markdown table: control characters removed, `|` and `\` escaped, line breaks as spaces. */
export function markdownCell(text: string): string {
  return sanitiseText(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .trim();
}

/** A Markdown table row: `| a | b |`. */
export function markdownRow(cells: readonly string[]): string {
  return `| ${cells.map(markdownCell).join(' | ')} |`;
}

/** The line under the header, `|---|---:|`, right-aligned columns marked. */
export function markdownRule(align: readonly ('left' | 'right' | undefined)[]): string {
  return `|${align.map((side) => (side === 'right' ? '---:' : '---')).join('|')}|`;
}
