import type { BookingLang } from '../booking/lang.js';

/** What is wrong with a desk form's shape (a field of the wrong JSON type), per language; `key` as the page posts it. */
export const DESK_FORM_WORDS: Readonly<
  Record<BookingLang, { notAForm: string; text: (key: string) => string; wholeNumber: (key: string) => string }>
> = {
  en: {
    notAForm: 'The request is not a booking form.',
    text: (key) => `${key}: text is expected.`,
    wholeNumber: (key) => `${key}: a whole number is expected.`,
  },
  fr: {
    notAForm: 'La requête n\u2019est pas un formulaire de demande.',
    text: (key) => `${key}\u00a0: un texte est attendu.`,
    wholeNumber: (key) => `${key}\u00a0: un nombre entier est attendu.`,
  },
};
