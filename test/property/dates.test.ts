import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate, parseDateInput, franceDate } from '../../src/domain/dates.js';
import { UsageError } from '../../src/errors.js';

/** An independent reference: y-m-d names a real proleptic Gregorian day (years 0-9999). */
function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Dates that look ISO, many of them impossible (month 13, day 31 of a 30-day month, 02-29 of common years). */
const isoLike = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const keyword = fc
  .tuple(
    fc.constantFrom('today', 'tomorrow', 'demain', "aujourd'hui", 'TODAY', 'Tomorrow', 'yesterday', 'now'),
    fc.constantFrom('', ' ', '\t'),
  )
  .map(([word, space]) => `${space}${word}${space}`);
const relative = fc
  .tuple(
    fc.constantFrom('+', '-', '', '++'),
    fc.integer({ min: 0, max: 99_999 }),
    fc.constantFrom('d', 'D', 'w', '', 'days'),
  )
  .map(([sign, n, unit]) => `${sign}${n}${unit}`);
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
);
const dateInput = fc.oneof(
  isoLike,
  keyword,
  relative,
  anyText,
  isoLike.map((iso) => iso.replaceAll('-', '')),
  isoLike.map((iso) => `${iso}T00:00`),
);
/** The clock of the user's machine: any instant from 1970 to 2200. */
const now = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2200-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('parseDateInput (properties)', () => {
  it('returns a real calendar date for every input it accepts, and a UsageError for every other one', () => {
    fc.assert(
      fc.property(dateInput, now, (text, clock) => {
        let parsed: string;
        try {
          parsed = parseDateInput(text, '--date', clock);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).toMatch(/^--date: /);
          expect((error as Error).message).not.toContain('\n');
          return;
        }
        expect(isRealDate(parsed), `${JSON.stringify(text)} gave ${parsed}`).toBe(true);
        expect(isIsoDate(parsed)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts exactly the real calendar dates among YYYY-MM-DD strings, unchanged', () => {
    fc.assert(
      fc.property(isoLike, (text) => {
        expect(isIsoDate(text)).toBe(isRealDate(text));
        if (isRealDate(text)) expect(parseDateInput(text, '--after', new Date())).toBe(text);
        else expect(() => parseDateInput(text, '--after', new Date())).toThrow(UsageError);
      }),
      // Years below 100 once went through Date.UTC, which reads them as 19xx (0000 is a leap year, 1900 is not).
      {
        numRuns: 3000,
        examples: [['0000-02-29'], ['0100-02-29'], ['2000-02-29'], ['2026-02-30'], ['2026-04-31'], ['2026-13-01']],
      },
    );
  });

  it('reads +Nd as N days after the local date of the clock, counted both ways', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), now, (days, clock) => {
        const result = parseDateInput(`+${days}d`, '--before', clock);
        const today = franceDate(clock);
        expect(isRealDate(result)).toBe(true);
        expect(addDays(result, -days)).toBe(today);
      }),
      { numRuns: 1000 },
    );
  });

  it('adds days without leaving the calendar, also for years below 100', () => {
    const realDate = isoLike.filter(isRealDate);
    fc.assert(
      fc.property(realDate, fc.integer({ min: -400, max: 400 }), (date, days) => {
        const later = addDays(date, days);
        if (later < '0000-01-01' || later > '9999-12-31' || !/^\d{4}-/.test(later)) return; // outside four-digit years
        expect(isRealDate(later), `${date} + ${days} gave ${later}`).toBe(true);
        expect(addDays(later, -days)).toBe(date);
      }),
      { numRuns: 2000 },
    );
  });
});
