import { Chalk } from 'chalk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitColumnWidths, renderTable, type TableData } from '../../src/output/table.js';
import { displayWidth, truncateToWidth } from '../../src/output/text-width.js';

const plain = new Chalk({ level: 0 });

const trips: TableData = {
  headers: ['Date', 'Route', 'Price', 'ID'],
  rows: [
    ['Sat 05 Dec 2026', 'Paris → Lyon → Avignon → Aix-en-Provence → Marseille', '299 €', 'route-000123'],
    ['Sun 06 Dec 2026', 'Lille → Paris', 'on quote', 'route-000124'],
  ],
  align: ['left', 'left', 'right', 'left'],
};

describe('renderTable', () => {
  it('fits a narrow terminal by shortening the widest text column with …', () => {
    expect(renderTable(trips, { width: 60, colors: plain })).toMatchInlineSnapshot(`
      "Date             Route                   Price  ID
      Sat 05 Dec 2026  Paris → Lyon → Avi…     299 €  route-000123
      Sun 06 Dec 2026  Lille → Paris        on quote  route-000124"
    `);
  });

  it('on a narrow terminal keeps whole columns whole, drops the droppable ones first and shortens routes by whole stops', () => {
    const full: TableData = {
      headers: ['Date', 'Time', 'Route', 'Price', 'Places', 'ID'],
      rows: [
        [
          'Sat 05 Dec 2026',
          '08:30',
          'Paris → Lyon → Avignon → Aix-en-Provence → Marseille',
          '299–349 €',
          '1·2·1·3',
          '100123',
        ],
        ['Sun 06 Dec 2026', '13:00', 'Lille → Paris', 'on quote', '4', '100124'],
      ],
      align: ['left', 'left', 'left', 'right', 'right', 'left'],
      ellipsis: [undefined, undefined, 'middle', undefined, undefined, undefined],
      keepWhole: [true, true, undefined, true, true, true],
      minWidth: [undefined, undefined, 18, undefined, undefined, undefined],
      dropRank: [undefined, 2, undefined, 3, 1, undefined],
    };
    expect(renderTable(full, { width: 64, colors: plain })).toMatchInlineSnapshot(`
      "Date             Time   Route                      Price  ID
      Sat 05 Dec 2026  08:30  Paris → … → Marseille  299–349 €  100123
      Sun 06 Dec 2026  13:00  Lille → Paris           on quote  100124"
    `);
    for (const width of [30, 40, 50, 64, 80]) {
      const lines = renderTable(full, { width, colors: plain }).split('\n');
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(lines[1]).toMatch(/^Sat 05 Dec 2026 .* 100123$/);
    }
  });

  it('leaves a table that fits alone, with no borders and no trailing spaces', () => {
    const text = renderTable(trips, { width: 200, colors: plain });
    expect(text).toContain('Paris → Lyon → Avignon → Aix-en-Provence → Marseille');
    expect(text).not.toMatch(/[│─┌┐└┘]/);
    expect(text.split('\n').every((line) => line === line.trimEnd())).toBe(true);
  });

  it('counts East Asian wide characters as two cells', () => {
    const text = renderTable(
      { headers: ['City', 'N'], rows: [['東京東京東京東京', '1']] },
      { width: 12, colors: plain },
    );
    for (const line of text.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(12);
    expect(text).toContain('東京東京…');
  });

  it('never prints a line wider than the width (property)', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('東京都', 'Besançon', '🏍️ moto', 'é'.normalize('NFD')),
    );
    const table = fc.integer({ min: 1, max: 6 }).chain((columns) =>
      fc.record({
        headers: fc.array(fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' }), {
          minLength: columns,
          maxLength: columns,
        }),
        rows: fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { maxLength: 5 }),
        align: fc.array(fc.constantFrom<'left' | 'right'>('left', 'right'), { minLength: columns, maxLength: columns }),
      }),
    );
    fc.assert(
      fc.property(table, fc.integer({ min: 1, max: 120 }), fc.boolean(), (data, width, colour) => {
        const clean = {
          ...data,
          rows: data.rows.map((row) => row.map((value) => value.replace(/[\x00-\x1f\x7f-\x9f]/g, ''))),
        };
        const text = renderTable(clean, { width, colors: new Chalk({ level: colour ? 1 : 0 }) });
        for (const line of text.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      }),
      { numRuns: 300 },
    );
  });
});

describe('fitColumnWidths', () => {
  it('shrinks text columns before right-aligned ones', () => {
    expect(fitColumnWidths([10, 30, 8], 40, ['left', 'left', 'right'])).toEqual([10, 18, 8]);
  });

  it('shrinks the widest first and stops at the width', () => {
    const widths = fitColumnWidths([20, 20, 5], 35);
    expect(widths.reduce((a, b) => a + b, 0) + 4).toBe(35);
    expect(widths).toEqual([13, 13, 5]);
  });

  it('leaves widths that already fit', () => {
    expect(fitColumnWidths([3, 4], 80)).toEqual([3, 4]);
  });
});

describe('displayWidth and truncateToWidth', () => {
  it('measure wide characters, emoji, combining marks and colour codes', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('東京')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('🏍️')).toBe(2);
    expect(displayWidth('\x1b[1mbold\x1b[22m')).toBe(4);
  });

  it('cut at a grapheme boundary and add …', () => {
    expect(truncateToWidth('Marseille', 5)).toBe('Mars…');
    expect(truncateToWidth('Marseille', 9)).toBe('Marseille');
    expect(truncateToWidth('東京東京', 4)).toBe('東…');
    expect(truncateToWidth('abc', 1)).toBe('…');
    expect(truncateToWidth('abc', 0)).toBe('');
  });
});
