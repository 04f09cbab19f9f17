import { isEmailAddress, isPhoneNumber } from '../../booking/contact.js';
import type { BookingLang } from '../../booking/lang.js';
import { franceDate, parseDateInput } from '../../domain/dates.js';
import { PROMPT_PROBLEMS } from './prompt-problems.js';

/**
 * A date typed at a prompt, read like `--date` (`aujourd'hui`, `demain`, `+3j` too) on the run's clock `now`: not
 * past, not after the return date; or the problem in the prompt's language.
 */
export function promptDate(
  text: string,
  returnDate: string | undefined,
  now: Date,
  lang: BookingLang,
): { date: string; problem?: string } {
  const words = PROMPT_PROBLEMS[lang];
  const today = franceDate(now);
  let date: string;
  try {
    date = parseDateInput(text, '--date', now, lang);
  } catch {
    const shortYear = /^\d{1,2}([/.-])\d{1,2}\1\d{1,2}$/.test(text.trim());
    return { date: '', problem: shortYear ? words.shortYear(text.trim()) : words.notDate(text.trim()) };
  }
  if (date < today) return { date, problem: words.past(today) };
  if (returnDate !== undefined && returnDate < date) return { date, problem: words.afterReturn(returnDate) };
  return { date };
}

/** A return date typed at a prompt: read as {@link promptDate}, and not before the departure `date` when known. */
export function promptReturnDate(
  text: string,
  date: string | undefined,
  now: Date,
  lang: BookingLang,
): { date: string; problem?: string } {
  const read = promptDate(text, undefined, now, lang);
  if (read.problem === undefined && date !== undefined && read.date < date)
    return { date: read.date, problem: PROMPT_PROBLEMS[lang].beforeDeparture(date) };
  return read;
}

/** A whole number typed at a prompt, from `min` to `max`, or the problem in the prompt's language. */
export function promptCount(
  text: string,
  min: number,
  max: number,
  lang: BookingLang,
): { count: number; problem?: string } {
  const trimmed = text.trim();
  const count = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || count < min || count > max)
    return { count: min, problem: PROMPT_PROBLEMS[lang].count(min, max) };
  return { count };
}

/** The problem with an e-mail address typed at a prompt, if any. */
export function promptEmail(text: string, lang: BookingLang): string | undefined {
  return isEmailAddress(text) ? undefined : PROMPT_PROBLEMS[lang].notEmail;
}

/** The problem with a phone number typed at a prompt, if any. */
export function promptPhone(text: string, lang: BookingLang): string | undefined {
  return isPhoneNumber(text) ? undefined : PROMPT_PROBLEMS[lang].notPhone;
}
