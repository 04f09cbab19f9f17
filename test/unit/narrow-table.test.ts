import { describe, expect, it } from 'vitest';
import type { Trip } from '../../src/domain/types.js';
import type { Column } from '../../src/output/columns.js';
import { fitTable, narrowTable, renderTable, type TableData } from '../../src/output/table.js';
import { displayWidth } from '../../src/output/text-width.js';
import {
  abbreviateCity,
  formatShortTripDate,
  TRIP_TABLE_KEYS,
  type TableLang,
  tripColumns,
} from '../../src/output/trip-columns.js';
import { Chalk } from 'chalk';

const plain = new Chalk({ level: 0 });

const trips: Trip[] = [
  {
    id: '100367',
    date: '2026-12-05',
    depart: 'Paris',
    arrival: 'Marseille',
    layovers: ['Lyon'],
    price_min: 379,
    price_max: 629,
    slots: [3, 2],
    times: ['05:00', '09:30'],
  },
  {
    id: '1000421',
    date: '2026-12-12',
    depart: 'Paris',
    arrival: 'Marseille',
    layovers: [],
    price_min: 339,
    price_max: 339,
    slots: [4],
    times: ['08:00'],
  },
];

/** A trip table's data as the streamed table builds it: the default columns, each narrower form's cells. */
function tripTable(lang: TableLang = 'en'): TableData {
  const set = tripColumns(lang);
  const columns = TRIP_TABLE_KEYS.map((key) => set.columns.find((column) => column.key === key)) as Column<Trip>[];
  return {
    headers: columns.map((column) => column.header),
    rows: trips.map((trip) => columns.map((column) => column.table(trip))),
    align: columns.map((column) => column.align),
    ellipsis: columns.map((column) => column.ellipsis),
    keepWhole: columns.map((column) => column.keepWhole),
    minWidth: columns.map((column) => column.minWidth),
    knownWidth: columns.map((column) => column.knownWidth),
    dropRank: columns.map((column) => column.dropRank),
    names: columns.map((column) => column.hiddenName),
    narrower: columns.map((column) =>
      column.narrower?.map((form) => ({
        rank: form.rank,
        rows: trips.map((trip) => form.table(trip)),
        ...(form.hides !== undefined && { hides: form.hides }),
      })),
    ),
  };
}

describe('the narrow table rule (date shortened, route abbreviated, then stopovers, places, time hidden)', () => {
  it('at 120 columns changes nothing and hides nothing', () => {
    const narrowing = narrowTable(tripTable(), 120);
    expect(narrowing).toEqual({ forms: [0, 0, 0, 0, 0, 0], kept: [0, 1, 2, 3, 4, 5], hidden: [] });
  });

  it('at 80 columns still shows every column whole', () => {
    expect(narrowTable(tripTable(), 80)).toEqual({ forms: [0, 0, 0, 0, 0, 0], kept: [0, 1, 2, 3, 4, 5], hidden: [] });
    const lines = renderTable(tripTable(), { width: 80, colors: plain }).split('\n');
    expect(lines[1]).toMatch(/^Sat 05 Dec 2026 +05:00 +Paris → Lyon → Marseille +379–629 € +3·2 +100367$/);
  });

  it('two columns short of the full table (68) shortens the date first, and only the date', () => {
    const wide = tripTable();
    // Two cells too many at 70 with the full date: its short form is the first step.
    const narrowing = narrowTable(wide, 68);
    expect(narrowing).toEqual({ forms: [1, 0, 0, 0, 0, 0], kept: [0, 1, 2, 3, 4, 5], hidden: [] });
  });

  it('at 60 columns shows the route’s two ends abbreviated (stopovers hidden) and keeps every column', () => {
    const narrowing = narrowTable(tripTable(), 60);
    expect(narrowing).toEqual({ forms: [1, 0, 2, 0, 0, 0], kept: [0, 1, 2, 3, 4, 5], hidden: ['stopovers'] });
    const lines = renderTable(tripTable(), { width: 60, colors: plain }).split('\n');
    expect(lines[1]).toMatch(/^Dec 5 +05:00 +Paris → Mars\. +379–629 € +3·2 +100367$/);
  });

  it('at 40 columns hides stopovers, places and time in that order, and keeps every price and id whole', () => {
    const narrowing = narrowTable(tripTable(), 40);
    expect(narrowing.forms).toEqual([1, 0, 2, 0, 0, 0]);
    expect(narrowing.kept).toEqual([0, 2, 3, 5]);
    expect(narrowing.hidden).toEqual(['stopovers', 'places', 'time']);
    const lines = renderTable(tripTable(), { width: 40, colors: plain }).split('\n');
    expect(lines[0]).toMatch(/^Date +Route +Price +ID$/);
    expect(lines[1]).toMatch(/ 379–629 € +100367$/);
    expect(lines[2]).toMatch(/ 339 € +1000421$/);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    const fitted = fitTable(tripTable(), 40);
    expect(fitted.kept).toEqual(narrowing.kept);
  });

  it('names what it hides in the table’s language', () => {
    expect(narrowTable(tripTable('fr'), 40).hidden).toEqual(['étapes', 'places', 'heure']);
  });

  it('says stopovers were hidden only when a route had some', () => {
    const direct = tripTable();
    const withoutStopovers: TableData = { ...direct, rows: direct.rows.slice(1) };
    const narrower = direct.narrower?.map((forms) => forms?.map((form) => ({ ...form, rows: form.rows.slice(1) })));
    expect(narrowTable({ ...withoutStopovers, ...(narrower && { narrower }) }, 40).hidden).toEqual(['places', 'time']);
  });

  it('shortens dates and city names as stated', () => {
    expect(formatShortTripDate('2026-12-05', 'en')).toBe('Dec 5');
    expect(formatShortTripDate('2026-12-05', 'fr')).toBe('05/12');
    expect(abbreviateCity('Marseille')).toBe('Mars.');
    expect(abbreviateCity('Paris')).toBe('Paris');
  });
});
