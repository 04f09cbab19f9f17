import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import {
  addMonths,
  cheapestDates,
  monthWeeks,
  parseMonth,
  summariseMonth,
  tripFreePlaces,
  type CalendarDay,
} from '../../src/domain/calendar.js';
import { colourStyle, GRID_WIDTH, renderMonthGrid } from '../../src/commands/calendar/grid.js';
import { formatEuros } from '../../src/domain/numbers.js';
import type { Trip } from '../../src/domain/types.js';

const trip = (date: string, price: number | null, slots: number[], id = date): Trip => ({
  id,
  date,
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: [],
  price_min: price,
  price_max: price === null ? null : price + 50,
  slots,
  times: ['08:00'],
});

describe('month layout', () => {
  it('starts weeks on Monday and pads with empty cells', () => {
    // 1 December 2026 is a Tuesday; 31 December a Thursday.
    const weeks = monthWeeks({ year: 2026, month: 12 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, 1, 2, 3, 4, 5, 6]);
    expect(weeks[4]).toEqual([28, 29, 30, 31, null, null, null]);
    expect(weeks.flat().filter((day) => day !== null)).toHaveLength(31);
  });

  it('gives six weeks to a month that needs them and four to a February starting on Monday', () => {
    expect(monthWeeks({ year: 2026, month: 8 })).toHaveLength(6); // 1 Aug 2026 is a Saturday, 31 days
    const february = monthWeeks({ year: 2027, month: 2 }); // 1 Feb 2027 is a Monday, 28 days
    expect(february).toHaveLength(4);
    expect(february[0]![0]).toBe(1);
  });

  it('parses YYYY-MM and rolls months over the year end', () => {
    expect(parseMonth('2026-12', '--month')).toEqual({ year: 2026, month: 12 });
    expect(() => parseMonth('2026-13', '--month')).toThrow(/--month: "2026-13" is not a month/);
    expect(() => parseMonth('12/2026', '--month')).toThrow(/YYYY-MM/);
    expect(addMonths({ year: 2026, month: 12 }, 2)).toEqual({ year: 2027, month: 2 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
  });
});

describe('day summaries', () => {
  const month = { year: 2026, month: 12 };

  it('keeps the lowest price, the highest price and the most free places per day', () => {
    const days = summariseMonth(month, [
      trip('2026-12-05', 349, [3, 1], 'a'),
      trip('2026-12-05', 299, [2], 'b'),
      trip('2026-12-05', null, [4, 5], 'c'),
      trip('2026-11-30', 10, [9], 'outside'),
    ]);
    expect(days).toHaveLength(31);
    expect(days[4]).toEqual({ date: '2026-12-05', trips: 3, price_min: 299, price_max: 399, slots_max: 4 });
    expect(days[0]).toEqual({ date: '2026-12-01', trips: 0, price_min: null, price_max: null, slots_max: null });
  });

  it('counts free places end to end: the fewest on any leg', () => {
    expect(tripFreePlaces({ slots: [3, 0, 2] })).toBe(0);
    expect(tripFreePlaces({ slots: [3, 2] })).toBe(2);
    expect(tripFreePlaces({ slots: [] })).toBe(0);
  });

  it('finds every cheapest day, and none when nothing is priced', () => {
    const days = summariseMonth(month, [
      trip('2026-12-02', 250, [1]),
      trip('2026-12-09', 250, [1]),
      trip('2026-12-03', 260, [1]),
    ]);
    expect([...cheapestDates(days)].sort()).toEqual(['2026-12-02', '2026-12-09']);
    expect(cheapestDates(summariseMonth(month, [trip('2026-12-02', null, [1])])).size).toBe(0);
  });
});

describe('grid', () => {
  const month = { year: 2026, month: 12 };
  const days: CalendarDay[] = summariseMonth(month, [
    trip('2026-12-01', 299, [2]),
    trip('2026-12-02', 249, [1, 3]),
    trip('2026-12-03', null, [4]),
  ]);

  it('draws a plain, aligned grid with every day number, markers and a legend', () => {
    const text = renderMonthGrid(month, days, { lang: 'en', subject: 'Paris → Marseille' });
    const lines = text.split('\n');
    expect(lines[0]!.trim()).toBe('December 2026 · Paris → Marseille');
    expect(lines[1]).toBe('       Mon        Tue        Wed        Thu        Fri        Sat        Sun');
    // First week: Tuesday 1 to Sunday 6, then the price and places lines in the same columns.
    const cells = (...texts: string[]) =>
      texts
        .map((text) => text.padStart(10))
        .join(' ')
        .trimEnd();
    expect(lines[3]).toBe(cells('', '1', '2', '3', '4', '5', '6'));
    expect(lines[4]).toBe(cells('', '299 €', '*249 €', 'on quote', '-', '-', '-'));
    expect(lines[5]).toBe(cells('', '2 free', '1 free', '4 free'));
    expect(lines[3]).toBe(
      `${' '.repeat(20)}1${' '.repeat(10)}2${' '.repeat(10)}3${' '.repeat(10)}4${' '.repeat(10)}5${' '.repeat(10)}6`,
    );
    for (let day = 1; day <= 31; day++) expect(text).toMatch(new RegExp(`(^|\\s)${day}(\\s|$)`, 'm'));
    expect(text).toContain('* cheapest day');
    expect(text).not.toMatch(/\x1b/);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(GRID_WIDTH);
      expect(line).toBe(line.trimEnd());
    }
  });

  it('keeps every column in place: each day number ends where its weekday name ends', () => {
    const lines = renderMonthGrid(month, days, { lang: 'en' }).split('\n');
    const header = lines[1]!;
    const lastWeek = lines.find((line) => /^\s+28\s+29\s+30\s+31$/.test(line))!;
    expect(lastWeek.indexOf('31') + 2).toBe(header.indexOf('Thu') + 3);
  });

  it('writes month and day names in French', () => {
    const text = renderMonthGrid(month, days, { lang: 'fr' });
    expect(text.split('\n')[0]!.trim()).toBe('décembre 2026');
    expect(text).toContain('lun        mar');
    expect(text).toContain('sur devis');
    expect(text).toContain('1 libre');
    expect(text).toContain('4 libres');
  });

  it('colours only the text of a cell when colour is on', () => {
    const chalk = new Chalk({ level: 1 });
    const text = renderMonthGrid(month, days, { lang: 'en', style: colourStyle(chalk), today: '2026-12-02' });
    expect(text).toContain(`     ${chalk.bold.green('*249 €')}`);
    expect(text).toContain(chalk.yellow('on quote'));
    expect(text).toContain(chalk.inverse('2'));
    expect(text).toContain(chalk.dim('-'));
    const plainWidths = text
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.length);
    expect(Math.max(...plainWidths)).toBeLessThanOrEqual(80);
  });

  it('writes prices with decimals only when needed', () => {
    expect(formatEuros(299, 'en', { grouped: false, sign: 'after' })).toBe('299 €');
    expect(formatEuros(299.5, 'en', { grouped: false, sign: 'after' })).toBe('299.50 €');
    expect(formatEuros(299.5, 'fr', { grouped: false, sign: 'after' })).toBe('299,50 €');
  });
});
