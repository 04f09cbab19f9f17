import { isIsoDate } from '../domain/dates.js';
import { UsageError } from '../errors.js';
import type { BookingLang } from './lang.js';

// Own tables rather than Intl: the wording must not depend on how much ICU data this Node carries.
const WEEKDAYS: Readonly<Record<BookingLang, readonly string[]>> = {
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};

/** A day of the month as written in a date: French writes the first `1er`. */
const DAY_NUMBER: Readonly<Record<BookingLang, (day: number) => string>> = {
  fr: (day) => (day === 1 ? '1er' : String(day)),
  en: (day) => String(day),
};

/** The months' names, January first, per language (lower case in French, as French writes them). */
export const MONTH_NAMES: Readonly<Record<BookingLang, readonly string[]>> = {
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/**
 * Writes an ISO date out in full: « samedi 5 décembre 2026 », « mardi 1er décembre 2026 », “Saturday 5 December 2026”.
 * @throws UsageError when `iso` is not a real `YYYY-MM-DD` date.
 * @example
 * ```ts
 * formatLongDate('2026-12-05', 'fr'); // 'samedi 5 décembre 2026'
 * formatLongDate('2026-12-05', 'en'); // 'Saturday 5 December 2026'
 * ```
 */
export function formatLongDate(iso: string, lang: BookingLang): string {
  if (!isIsoDate(iso)) throw new UsageError(`"${iso}" is not a date; use YYYY-MM-DD (a real calendar date).`);
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const dayText = DAY_NUMBER[lang](day);
  return `${WEEKDAYS[lang][weekday]} ${dayText} ${MONTH_NAMES[lang][month - 1]} ${year}`;
}
