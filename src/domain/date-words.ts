import { frenchNumericDate, frenchQuoted } from './french-writing.js';

/** The languages a date's problem is said in. */
export type DateLang = 'en' | 'fr';

/** What is wrong with a date the user typed, per language (./dates.ts); `text` is already made safe to echo. */
export const DATE_WORDS = {
  en: {
    notADate: (option: string, text: string) =>
      `${option}: "${text}" is not a date; use JJ/MM/AAAA or YYYY-MM-DD (a real calendar date), today, tomorrow or +Nd.`,
    shortYear: (option: string, text: string, digits: number, example: string) =>
      `${option}: "${text}" has a ${digits}-digit year; write it in full, like ${example}.`,
    notRealDayMonthYear: (option: string, text: string) =>
      `${option}: "${text}" is not a real calendar date (read as day/month/year: JJ/MM/AAAA).`,
    notReal: (option: string, text: string) => `${option}: "${text}" is not a real calendar date.`,
    wrongWeekday: (option: string, text: string, date: string, actual: string, written: string) =>
      `${option}: "${text}": ${date} is a ${actual}, not a ${written}; check the day.`,
    laterThan: (fromName: string, from: string, toName: string, to: string) =>
      `${fromName} (${from}) is later than ${toName} (${to}).`,
  },
  fr: {
    notADate: (option: string, text: string) =>
      `${option}\u00a0: ${frenchQuoted(text)} n\u2019est pas une date\u202f; écrivez JJ/MM/AAAA ou AAAA-MM-JJ (une date qui existe), aujourd\u2019hui, demain ou +Nj.`,
    shortYear: (option: string, text: string, digits: number, example: string) =>
      `${option}\u00a0: ${frenchQuoted(text)} a une année de ${digits}\u00a0chiffre${digits === 1 ? '' : 's'}\u202f; écrivez-la en entier, comme ${example}.`,
    notRealDayMonthYear: (option: string, text: string) =>
      `${option}\u00a0: ${frenchQuoted(text)} n\u2019est pas une date qui existe (lue jour/mois/année\u00a0: JJ/MM/AAAA).`,
    notReal: (option: string, text: string) =>
      `${option}\u00a0: ${frenchQuoted(text)} n\u2019est pas une date qui existe.`,
    wrongWeekday: (option: string, text: string, date: string, actual: string, written: string) =>
      `${option}\u00a0: ${frenchQuoted(text)}\u00a0: le ${frenchNumericDate(date)} est un ${actual}, pas un ${written}\u202f; vérifiez le jour.`,
    laterThan: (fromName: string, from: string, toName: string, to: string) =>
      `${fromName} (${from}) est après ${toName} (${to}).`,
  },
} as const satisfies Record<DateLang, Record<string, unknown>>;
