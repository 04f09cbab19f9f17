import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBatchFile } from '../../src/domain/batch-file.js';
import { parseQuerySpec } from '../../src/domain/batch-query.js';
import { isIsoDate } from '../../src/domain/dates.js';
import type { SearchQuery } from '../../src/domain/types.js';
import { UsageError } from '../../src/errors.js';

const NOW = new Date('2026-03-10T12:00:00');
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A city a user may write: no controls, not blank, at most 100 characters, no surrounding spaces. */
const city = fc
  .oneof(
    fc.constantFrom('Paris', 'Marseille', 'Saint-Étienne', "L'Haÿ-les-Roses", 'a,b', '"quoted"', 'x:y'),
    fc.string({ minLength: 1, maxLength: 100 }),
  )
  .map((text) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim())
  .filter((text) => text !== '');
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const query: fc.Arbitrary<SearchQuery> = fc
  .record({ depart: city, arrival: city, date_from: isoDate, date_to: isoDate }, { requiredKeys: [] })
  .map((q) =>
    q.date_from && q.date_to && q.date_from > q.date_to ? { ...q, date_from: q.date_to, date_to: q.date_from } : q,
  );
const queries = fc.array(query, { minLength: 1, maxLength: 12 });

const FIELDS = ['depart', 'arrival', 'date_from', 'date_to'] as const;
const csvCell = (value: string | undefined) =>
  value === undefined ? '' : /[",]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
const writers: Record<string, (list: SearchQuery[]) => string> = {
  'json-array': (list) => JSON.stringify(list, null, 2),
  'json-queries': (list) => JSON.stringify({ queries: list }),
  ndjson: (list) => `${list.map((q) => JSON.stringify(q)).join('\n')}\n`,
  csv: (list) =>
    [FIELDS.join(','), ...list.map((q) => FIELDS.map((field) => csvCell(q[field])).join(','))].join('\r\n'),
};

/** Calls `parse`; passes when it returns or throws a one-line UsageError, fails on any other exception. */
function expectOnlyUsageErrors<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(UsageError);
    expect((error as Error).message).not.toMatch(/[\n\r]/);
    return undefined;
  }
}

function expectValidQueries(list: SearchQuery[]): void {
  expect(list.length).toBeGreaterThan(0);
  for (const q of list) {
    for (const key of Object.keys(q)) expect(FIELDS).toContain(key);
    for (const name of [q.depart, q.arrival])
      if (name !== undefined) expect(name.length > 0 && name.length <= 100 && !CONTROL.test(name)).toBe(true);
    for (const date of [q.date_from, q.date_to]) if (date !== undefined) expect(isIsoDate(date)).toBe(true);
    if (q.date_from && q.date_to) expect(q.date_from <= q.date_to).toBe(true);
  }
}

describe('parseBatchFile (properties)', () => {
  it.each(Object.keys(writers))('gives back exactly the queries written as %s', (format) => {
    fc.assert(
      fc.property(queries, (all) => {
        // A CSV row of empty cells is an empty row, as spreadsheets leave them: it is skipped, not read as a query of no fields.
        const list = format === 'csv' ? all.filter((q) => Object.keys(q).length > 0) : all;
        fc.pre(list.length > 0);
        const parsed = parseBatchFile(writers[format]!(list), 'queries', NOW);
        expect(parsed.format).toBe(format);
        expect(parsed.queries).toEqual(list);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws anything but a UsageError on arbitrary text, and whatever it accepts is a valid query list', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 })
        .map((items) => items.map((item) => JSON.stringify(item)).join('\n')),
      fc
        .array(fc.string({ maxLength: 20 }), { maxLength: 5 })
        .map((cells) => `depart,arrival,date_from,date_to\n${cells.join(',')}`),
    );
    fc.assert(
      fc.property(text, (input) => {
        const parsed = expectOnlyUsageErrors(() => parseBatchFile(input, 'queries.txt', NOW));
        if (parsed) expectValidQueries(parsed.queries);
      }),
      { numRuns: 3000 },
    );
  });

  it('survives every way of damaging a valid file: cut short, a character changed, lines swapped', () => {
    const damaged = fc
      .tuple(
        queries,
        fc.constantFrom(...Object.keys(writers)),
        fc.nat(),
        fc.string({ unit: 'binary', maxLength: 3 }),
        fc.boolean(),
      )
      .map(([list, format, at, insert, cut]) => {
        const text = writers[format]!(list);
        const position = at % (text.length + 1);
        return cut ? text.slice(0, position) : text.slice(0, position) + insert + text.slice(position + 1);
      });
    fc.assert(
      fc.property(damaged, (input) => {
        const parsed = expectOnlyUsageErrors(() => parseBatchFile(input, 'queries.json', NOW));
        if (parsed) expectValidQueries(parsed.queries);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('parseQuerySpec (properties)', () => {
  it('never throws anything but a UsageError, and reads FROM:TO:AFTER:BEFORE back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.integer({ min: 1, max: 20 }), (spec, position) => {
        const parsed = expectOnlyUsageErrors(() => parseQuerySpec(spec, position, NOW));
        if (parsed) expectValidQueries([parsed]);
      }),
      { numRuns: 2000 },
    );
    const colonFree = city.filter((name) => !name.includes(':'));
    fc.assert(
      fc.property(colonFree, colonFree, isoDate, (from, to, date) => {
        expect(parseQuerySpec(`${from}:${to}:${date}:${date}`, 1, NOW)).toEqual({
          depart: from,
          arrival: to,
          date_from: date,
          date_to: date,
        });
      }),
      { numRuns: 300 },
    );
  });
});
