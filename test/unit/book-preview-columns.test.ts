import { describe, expect, it } from 'vitest';
import { columns } from '../../src/commands/book/from-file-preview.js';
import { displayWidth } from '../../src/output/text-width.js';

describe('the table shown before a day’s drafts are written', () => {
  it('lines up wide characters by the cells they take on a terminal', () => {
    const lines = columns([
      ['line', 'customer', 'draft'],
      ['2', '山田太郎', 'a.eml'],
      ['3', 'Zoé Roux', 'b.eml'],
    ]);
    const draftColumn = lines.map((line) => displayWidth(line.slice(0, line.lastIndexOf(' ') + 1)));
    expect(new Set(draftColumn).size).toBe(1);
    expect(lines[1]).toBe('  2     山田太郎  a.eml');
  });

  it('measures a cell once it is safe: an escape sequence neither shows nor shifts the columns', () => {
    const lines = columns([
      ['customer', 'draft'],
      ['\u001b[31mRed\u001b[0m', 'a.eml'],
      ['Blue', 'b.eml'],
    ]);
    expect(lines.join('\n')).not.toContain('\u001b');
    const draftAt = lines.map((line) => displayWidth(line.slice(0, line.lastIndexOf(' ') + 1)));
    expect(new Set(draftAt).size).toBe(1);
  });

  it('cuts a long cell to 32 cells, but never the draft’s file name', () => {
    const name = 'x'.repeat(40);
    const [, row] = columns([
      ['customer', 'draft'],
      [name, `${name}.eml`],
    ]);
    expect(row).toContain(`${name}.eml`);
    expect(displayWidth(row?.split('  ')[1] ?? '')).toBe(32);
  });
});
