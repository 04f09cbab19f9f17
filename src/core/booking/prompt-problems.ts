import type { BookingLang } from '../../booking/lang.js';

/** What is wrong with a value typed at a booking prompt, per language (the prompts ask in the e-mail's language). */
export const PROMPT_PROBLEMS = {
  en: {
    notDate: (text: string) =>
      `\u201c${text}\u201d is not a date: type DD/MM/YYYY (day first), YYYY-MM-DD, today, tomorrow or +3d.`,
    shortYear: (text: string) => `\u201c${text}\u201d has a short year: type it in full, like 07/12/2026.`,
    past: (today: string) => `That date has passed; choose ${today} or later.`,
    afterReturn: (returnDate: string) => `That is after the return (${returnDate}); choose ${returnDate} or earlier.`,
    count: (min: number, max: number) => `Type a whole number from ${min} to ${max}.`,
    notEmail: 'That is not an e-mail address; type it like name@example.com, or leave it empty.',
    notPhone: 'That is not a phone number; type it like 06 12 34 56 78 or +33 6 12 34 56 78, or leave it empty.',
    beforeDeparture: (date: string) => `That is before the departure (${date}); choose ${date} or later.`,
  },
  fr: {
    notDate: (text: string) =>
      `\u00ab\u202f${text}\u202f\u00bb n\u2019est pas une date\u00a0: tapez JJ/MM/AAAA (le jour d\u2019abord), aujourd\u2019hui, demain ou +3j.`,
    shortYear: (text: string) =>
      `\u00ab\u202f${text}\u202f\u00bb\u00a0: l\u2019année doit être écrite en entier, comme 07/12/2026.`,
    past: (today: string) => `Cette date est passée\u202f; choisissez le ${today} ou une date ultérieure.`,
    afterReturn: (returnDate: string) =>
      `C\u2019est après le retour (${returnDate})\u202f; choisissez le ${returnDate} ou avant.`,
    count: (min: number, max: number) => `Tapez un nombre entier de ${min} à ${max}.`,
    notEmail: 'Ce n\u2019est pas une adresse e-mail\u202f; tapez-la comme nom@exemple.fr, ou laissez vide.',
    notPhone:
      'Ce n\u2019est pas un numéro de téléphone\u202f; tapez-le comme 06 12 34 56 78 ou +33 6 12 34 56 78, ou laissez vide.',
    beforeDeparture: (date: string) =>
      `C\u2019est avant le départ (${date})\u202f; choisissez le ${date} ou une date ultérieure.`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;
