import type { BookingLang } from '../../booking/lang.js';

/** The prompts of `book` and their errors, in the e-mail's language. */
export interface PromptWording {
  from: string;
  to: string;
  date: string;
  formula: string;
  motorcycles: string;
  model: (index: number, count: number) => string;
  riders: string;
  name: string;
  email: string;
  phone: string;
  /** The same three asked by a support desk (voice desk): the customer's. */
  customer: { name: string; email: string; phone: string };
  /** Added to a prompt that Enter skips. */
  skip: string;
  /** The explicit choice of a city the service does not serve. */
  quoteAnyway: (city: string) => string;
  emptyCity: string;
  notDate: (text: string) => string;
  /** A date typed with a two-digit year, which could be either century. */
  shortYear: (text: string) => string;
  past: (today: string) => string;
  afterReturn: (returnDate: string) => string;
  count: (min: number, max: number) => string;
  notEmail: string;
  notPhone: string;
}

/** The wording of the prompts, per language. */
export const PROMPT_WORDING: Readonly<Record<BookingLang, PromptWording>> = {
  en: {
    from: 'Departure city',
    to: 'Arrival city',
    date: 'Date (DD/MM/YYYY or YYYY-MM-DD, today, tomorrow or +3d)',
    formula: 'Formula',
    motorcycles: 'Number of motorcycles',
    model: (index, count) =>
      count === 1 ? 'Make and model of the motorcycle' : `Make and model of motorcycle ${index} of ${count}`,
    riders: 'Number of riders travelling',
    name: 'Your name',
    email: 'Your e-mail address',
    phone: 'Your phone number',
    customer: {
      name: 'Customer\u2019s name',
      email: 'Customer\u2019s e-mail address',
      phone: 'Customer\u2019s phone number',
    },
    skip: '(Enter to skip)',
    quoteAnyway: (city) => `Ask for a quote for \u201c${city}\u201d anyway (not among the cities served right now)`,
    emptyCity: 'Type a city name.',
    notDate: (text) =>
      `\u201c${text}\u201d is not a date: type DD/MM/YYYY (day first), YYYY-MM-DD, today, tomorrow or +3d.`,
    shortYear: (text) => `\u201c${text}\u201d has a short year: type it in full, like 07/12/2026.`,
    past: (today) => `That date has passed; choose ${today} or later.`,
    afterReturn: (returnDate) => `That is after the return (${returnDate}); choose ${returnDate} or earlier.`,
    count: (min, max) => `Type a whole number from ${min} to ${max}.`,
    notEmail: 'That is not an e-mail address; type it like name@example.com, or leave it empty.',
    notPhone: 'That is not a phone number; type it like 06 12 34 56 78 or +33 6 12 34 56 78, or leave it empty.',
  },
  fr: {
    from: 'Ville de départ',
    to: 'Ville d\u2019arrivée',
    date: 'Date (JJ/MM/AAAA, aujourd\u2019hui, demain ou +3j)',
    formula: 'Formule',
    motorcycles: 'Nombre de motos',
    model: (index, count) =>
      count === 1 ? 'Marque et modèle de la moto' : `Marque et modèle de la moto ${index} sur ${count}`,
    riders: 'Nombre de pilotes du voyage',
    name: 'Votre nom',
    email: 'Votre adresse e-mail',
    phone: 'Votre numéro de téléphone',
    customer: { name: 'Nom du client', email: 'Adresse e-mail du client', phone: 'Numéro de téléphone du client' },
    skip: '(Entrée pour passer)',
    quoteAnyway: (city) =>
      `Demander quand même un devis pour \u00ab\u202f${city}\u202f\u00bb (ville non desservie en ce moment)`,
    emptyCity: 'Tapez un nom de ville.',
    notDate: (text) =>
      `\u00ab\u202f${text}\u202f\u00bb n\u2019est pas une date\u202f: tapez JJ/MM/AAAA (le jour d\u2019abord), aujourd\u2019hui, demain ou +3j.`,
    shortYear: (text) =>
      `\u00ab\u202f${text}\u202f\u00bb\u202f: l\u2019année doit être écrite en entier, comme 07/12/2026.`,
    past: (today) => `Cette date est passée\u202f; choisissez le ${today} ou une date ultérieure.`,
    afterReturn: (returnDate) =>
      `C\u2019est après le retour (${returnDate})\u202f; choisissez le ${returnDate} ou avant.`,
    count: (min, max) => `Tapez un nombre entier de ${min} à ${max}.`,
    notEmail: 'Ce n\u2019est pas une adresse e-mail\u202f; tapez-la comme nom@exemple.fr, ou laissez vide.',
    notPhone:
      'Ce n\u2019est pas un numéro de téléphone\u202f; tapez-le comme 06 12 34 56 78 ou +33 6 12 34 56 78, ou laissez vide.',
  },
};
