import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/booking/long-date.js';
import { UsageError } from '../../src/errors.js';

describe('formatLongDate', () => {
  it.each([
    ['2026-12-05', 'samedi 5 décembre 2026', 'Saturday 5 December 2026'],
    ['2026-12-01', 'mardi 1er décembre 2026', 'Tuesday 1 December 2026'],
    ['2027-01-01', 'vendredi 1er janvier 2027', 'Friday 1 January 2027'],
    ['2026-08-15', 'samedi 15 août 2026', 'Saturday 15 August 2026'],
    ['2028-02-29', 'mardi 29 février 2028', 'Tuesday 29 February 2028'],
    ['2026-03-29', 'dimanche 29 mars 2026', 'Sunday 29 March 2026'],
    ['2026-10-25', 'dimanche 25 octobre 2026', 'Sunday 25 October 2026'],
    ['2026-06-22', 'lundi 22 juin 2026', 'Monday 22 June 2026'],
    ['2026-07-21', 'mardi 21 juillet 2026', 'Tuesday 21 July 2026'],
  ])('writes %s out in full', (iso, fr, en) => {
    expect(formatLongDate(iso, 'fr')).toBe(fr);
    expect(formatLongDate(iso, 'en')).toBe(en);
  });

  it('agrees with full ICU on the weekday of every day of two years', () => {
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
    for (let day = 0; day < 731; day++) {
      const date = new Date(Date.UTC(2026, 0, 1 + day));
      const iso = date.toISOString().slice(0, 10);
      expect(formatLongDate(iso, 'en').split(' ')[0]).toBe(weekday.format(date));
    }
  });

  it('refuses what is not a real calendar date', () => {
    expect(() => formatLongDate('2026-02-30', 'fr')).toThrow(UsageError);
    expect(() => formatLongDate('5/12/2026', 'en')).toThrow(UsageError);
  });
});
