import { UsageError } from '../errors.js';
import { DATE_WORDS, type DateLang } from './date-words.js';
import { franceMoment } from './france-time.js';
import { foldName } from './text.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RELATIVE = /^\+(\d{1,4})[dj]$/; // +3d, or +3j (jours) in French

/** True when `text` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Number of days in a month (1-12) of a proleptic Gregorian year. */
export function daysInMonth(year: number, month: number): number {
  return utcDate(year, month, 0).getUTCDate();
}

// Date.UTC reads years 0-99 as 1900-1999; setUTCFullYear takes the year as given.
function utcDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

/** France's calendar date at `now` as `YYYY-MM-DD`: what `today` means to the service, whatever the host's time zone. */
export function franceDate(now: Date): string {
  return franceMoment(now).date;
}

/** Adds whole days to an ISO date. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return utcDate(year, month - 1, day + days)
    .toISOString()
    .slice(0, 10);
}

/**
 * Parses a date the user typed: `YYYY-MM-DD`, `JJ/MM/AAAA` (day first, parseFrenchDate), `today`, `tomorrow` or `+Nd` (N days from
 * today, France's today on `now`, the run's clock).
 * Throws a UsageError naming the option on anything else, including impossible dates, said in `lang`.
 */
export function parseDateInput(text: string, option: string, now: Date, lang: DateLang = 'en'): string {
  const value = text.trim().toLowerCase();
  const today = franceDate(now);
  if (value === 'today' || value === "aujourd'hui" || value === 'aujourd\u2019hui') return today;
  if (value === 'tomorrow' || value === 'demain') return addDays(today, 1);
  const relative = RELATIVE.exec(value);
  if (relative) return addDays(today, Number(relative[1]));
  if (isIsoDate(value)) return value;
  const french = parseFrenchDate(value, option, lang) ?? parseFrenchWrittenDate(value, option, today, lang);
  if (french !== undefined) return french;
  throw new UsageError(DATE_WORDS[lang].notADate(option, echo(text)));
}

const FRENCH_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d+)$/;

/**
 * A date written the French way, `JJ/MM/AAAA` or `J/M/AAAA` (`.` or `-` between the parts too), as `YYYY-MM-DD`:
 * always day, then month, never month first. Undefined when the text is not of that shape; a UsageError naming the
 * option when it is but names no real date, or gives a two-digit year (`07/12/26`: 1926 or 2026 cannot be told).
 */
export function parseFrenchDate(text: string, option: string, lang: DateLang = 'en'): string | undefined {
  const match = FRENCH_DATE.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [match[1] ?? '', match[3] ?? '', match[4] ?? ''];
  if (year.length !== 4) {
    const example = `${day.padStart(2, '0')}/${month.padStart(2, '0')}/20${year.padStart(2, '0').slice(-2)}`;
    throw new UsageError(DATE_WORDS[lang].shortYear(option, echo(text), year.length, example));
  }
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  if (!isIsoDate(iso)) throw new UsageError(DATE_WORDS[lang].notRealDayMonthYear(option, echo(text)));
  return iso;
}

// Month names and the abbreviations French desks use, folded (no accents), each to its number.
const FRENCH_MONTHS: Readonly<Record<string, number>> = {
  janvier: 1,
  janv: 1,
  jan: 1,
  fevrier: 2,
  fevr: 2,
  fev: 2,
  mars: 3,
  mar: 3,
  avril: 4,
  avr: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  juil: 7,
  aout: 8,
  septembre: 9,
  sept: 9,
  sep: 9,
  octobre: 10,
  oct: 10,
  novembre: 11,
  nov: 11,
  decembre: 12,
  dec: 12,
};
const FRENCH_WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const WRITTEN_DATE = /^(?:([a-z]+)\.?,? )?(\d{1,2})(?:er)? ?([a-z]+)\.?(?: (\d+))?$/;

/**
 * A date written out the French way, as desks type it: `7 décembre`, `7 déc.`, `9 janv. 2027`, `1er mai`,
 * `lundi 7 décembre 2026` (case and accents ignored). Without a year, the next time that day comes, `today`
 * included. Undefined when the text is not of that shape; a UsageError naming the option when it is but names no
 * real date, a two-digit year, or a weekday the date does not fall on.
 */
export function parseFrenchWrittenDate(
  text: string,
  option: string,
  today: string,
  lang: DateLang = 'en',
): string | undefined {
  const match = WRITTEN_DATE.exec(
    foldName(text)
      .replace(/\s*\.\s*/g, '. ')
      .trim(),
  );
  if (!match) return undefined;
  const [weekday, dayText, monthName, yearText] = [match[1], match[2] ?? '', match[3] ?? '', match[4]];
  const month = FRENCH_MONTHS[monthName];
  if (month === undefined || (weekday !== undefined && !FRENCH_WEEKDAYS.includes(weekday))) return undefined;
  const day = Number(dayText);
  const iso = (year: number) =>
    `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  let date: string;
  if (yearText !== undefined) {
    if (yearText.length !== 4) {
      const example = `20${yearText.padStart(2, '0').slice(-2)}`;
      throw new UsageError(DATE_WORDS[lang].shortYear(option, echo(text), yearText.length, example));
    }
    date = iso(Number(yearText));
  } else {
    const year = Number(today.slice(0, 4));
    // 29 February without a year: the next year that has one.
    const candidates = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((ahead) => iso(year + ahead));
    date = candidates.find((candidate) => isIsoDate(candidate) && candidate >= today) ?? iso(year);
  }
  if (!isIsoDate(date)) throw new UsageError(DATE_WORDS[lang].notReal(option, echo(text)));
  if (weekday !== undefined) {
    const [year, monthNumber, dayNumber] = date.split('-').map(Number) as [number, number, number];
    const actual = FRENCH_WEEKDAYS[utcDate(year, monthNumber - 1, dayNumber).getUTCDay()];
    if (actual !== weekday)
      throw new UsageError(DATE_WORDS[lang].wrongWeekday(option, echo(text), date, actual ?? '', weekday));
  }
  return date;
}

/** The user's text, safe to repeat in a one-line message: controls shown as `?`, cut to 40 characters. */
function echo(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

/** Checks that an inclusive date range is in order. */
export function assertDateRange(
  from: string | undefined,
  to: string | undefined,
  fromName: string,
  toName: string,
  lang: DateLang = 'en',
): void {
  if (from && to && from > to) throw new UsageError(DATE_WORDS[lang].laterThan(fromName, from, toName, to));
}
