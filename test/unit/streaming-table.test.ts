import { Chalk } from 'chalk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Column } from '../../src/output/columns.js';
import { streamingTableFormatter } from '../../src/output/streaming-table.js';
import { renderTable } from '../../src/output/table.js';
import { displayWidth } from '../../src/output/text-width.js';

type Row = readonly string[];

const SHAPES: Omit<Column<Row>, 'key' | 'header' | 'table' | 'raw'>[] = [
  { keepWhole: true },
  { dropRank: 2 },
  { ellipsis: 'middle', minWidth: 12 },
  { align: 'right', keepWhole: true },
  { align: 'right', dropRank: 1 },
];

function columnsOf(headers: readonly string[]): Column<Row>[] {
  return headers.map((header, index) => ({
    key: `c${index}`,
    header,
    table: (row: Row) => row[index] ?? '',
    raw: (row: Row) => row[index] ?? '',
    ...SHAPES[index % SHAPES.length],
  }));
}

async function streamed(
  rows: readonly Row[],
  columns: Column<Row>[],
  width: number,
  signal?: AbortSignal,
): Promise<string> {
  let out = '';
  const table = streamingTableFormatter(
    { width, color: false, colorLevel: 0, stdoutIsTTY: false, ...(signal && { signal }) },
    columns,
    async (text) => {
      out += text;
    },
  );
  let position = 0;
  for (const row of rows) await table.row(row, ++position);
  await table.end(position);
  return out;
}

const cell = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('Paris → Lyon → Avignon → Marseille', 'Besançon', '東京 → 大阪', '299 €', ''),
);

describe('the streamed table', () => {
  it('draws a table that fits in its sample exactly as renderTable draws it whole (its snapshots were made with cli-table3)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 20, max: 120 }),
        fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 20 }),
        async (count, width, rows) => {
          const headers = ['Date', 'Time', 'Route', 'Price', 'Places'].slice(0, count);
          const columns = columnsOf(headers);
          const cut = rows.map((row) =>
            row.slice(0, count).map((text) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')),
          );
          const expected = renderTable(
            {
              headers,
              rows: cut,
              align: columns.map((column) => column.align),
              ellipsis: columns.map((column) => column.ellipsis),
              keepWhole: columns.map((column) => column.keepWhole),
              minWidth: columns.map((column) => column.minWidth),
              dropRank: columns.map((column) => column.dropRank),
            },
            { width, colors: new Chalk({ level: 0 }) },
          );
          expect(await streamed(cut, columns, width)).toBe(`${expected}\n`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cuts rows after the sample to the widths the sample chose, one line each', async () => {
    const columns = columnsOf(['Date', 'Time', 'Route']);
    const rows: Row[] = Array.from({ length: 1200 }, (_, index) => [
      'Sat 05 Dec',
      '08:30',
      index < 600 ? 'Paris → Lyon' : `Paris → ${'Lyon'.repeat(30)} → Marseille`,
    ]);
    const lines = (await streamed(rows, columns, 80)).trimEnd().split('\n');
    expect(lines).toHaveLength(1201);
    expect(new Set(lines.slice(1).map((line) => displayWidth(line))).size).toBe(1);
    expect(lines[1100]).toContain('…');
  });

  it('does not stall on a 100 KB cell', async () => {
    const columns = columnsOf(['Date', 'Time', 'Route']);
    // A stall would outlast the test's timeout; how fast it goes is no test's to say (a busy machine decides).
    const text = await streamed([['Sat 05 Dec', '08:30', `Paris → ${'é'.repeat(100_000)} → Marseille`]], columns, 80);
    expect(displayWidth(text.split('\n')[1] ?? '')).toBeLessThanOrEqual(80);
    expect(text).toContain('Marseille');
  });

  it('stops between rows once the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const rows: Row[] = Array.from({ length: 1000 }, () => ['a', 'b', 'c']);
    await expect(streamed(rows, columnsOf(['A', 'B', 'C']), 80, controller.signal)).rejects.toThrow('Interrupted');
  });
});

describe('the streamed table, rows coming slowly', () => {
  it('prints the rows it has after half a second, without waiting for more', async () => {
    let out = '';
    const table = streamingTableFormatter(
      { width: 80, color: false, colorLevel: 0, stdoutIsTTY: false },
      columnsOf(['A', 'B']),
      async (text) => {
        out += text;
      },
    );
    await table.row(['first', 'row'], 1);
    expect(out).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(out).toBe('A      B\nfirst  row\n');
    await table.row(['second', 'row'], 2);
    await table.end(2);
    // A column never cut (keepWhole) widens for a wider cell after the sample: the row shifts, whole.
    expect(out).toBe('A      B\nfirst  row\nsecond  row\n');
  });
});

describe('the streamed table, when later rows are wider than its sample', () => {
  it('never cuts an id, a time or a price: their column widens for the row that needs it', async () => {
    const columns: Column<Row>[] = [
      {
        key: 'time',
        header: 'Time',
        table: (row) => row[0] ?? '',
        raw: (row) => row[0] ?? '',
        keepWhole: true,
        knownWidth: 5,
      },
      {
        key: 'route',
        header: 'Route',
        table: (row) => row[1] ?? '',
        raw: (row) => row[1] ?? '',
        ellipsis: 'middle',
        minWidth: 12,
      },
      {
        key: 'price',
        header: 'Price',
        table: (row) => row[2] ?? '',
        raw: (row) => row[2] ?? '',
        align: 'right',
        keepWhole: true,
      },
      { key: 'id', header: 'ID', table: (row) => row[3] ?? '', raw: (row) => row[3] ?? '', keepWhole: true },
    ];
    // 500 rows fit the columns (6-digit ids, no time, short prices); then 7-digit ids, times and wider prices come.
    const first = Array.from(
      { length: 500 },
      (_, index): Row => ['', 'Paris → Marseille', '99 €', String(100_000 + index)],
    );
    const later: Row[] = [
      ['08:45', 'Paris → Dijon → Lyon → Avignon → Marseille', '1 299–1 499 €', '1000000'],
      ['23:05', 'Brest → Le Mans → Paris', '299 €', '1234567890'],
    ];
    const out = await streamed([...first, ...later], columns, 60);
    const lines = out.trimEnd().split('\n');
    for (const [index, row] of later.entries()) {
      const line = lines[lines.length - later.length + index] ?? '';
      expect(displayWidth(line)).toBeLessThanOrEqual(60);
      expect(line).toContain(row[0]);
      expect(line).toContain(row[2]);
      expect(line).toMatch(new RegExp(`${row[3]}$`));
    }
  });
});
