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
  /** Added to a prompt that Enter skips. */
  skip: string;
  /** The explicit choice of a city the service does not serve. */
  quoteAnyway: (city: string) => string;
  emptyCity: string;
  notDate: (text: string) => string;
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
    date: 'Date (YYYY-MM-DD, today, tomorrow or +3d)',
    formula: 'Formula',
    motorcycles: 'Number of motorcycles',
    model: (index, count) => (count === 1 ? 'Make and model of the motorcycle' : `Make and model of motorcycle ${index} of ${count}`),
    riders: 'Number of riders travelling',
    name: 'Your name',
    email: 'Your e-mail address',
    phone: 'Your phone number',
    skip: '(Enter to skip)',
    quoteAnyway: (city) => `Ask for a quote for \u201c${city}\u201d anyway (not among the cities served right now)`,
    emptyCity: 'Type a city name.',
    notDate: (text) => `\u201c${text}\u201d is not a date: type YYYY-MM-DD, today, tomorrow or +3d.`,
    past: (today) => `That date has passed; choose ${today} or later.`,
    afterReturn: (returnDate) => `That is after the return (${returnDate}); choose ${returnDate} or earlier.`,
    count: (min, max) => `Type a whole number from ${min} to ${max}.`,
    notEmail: 'That is not an e-mail address; type it like name@example.com, or leave it empty.',
    notPhone: 'That is not a phone number; type it like 06 12 34 56 78 or +33 6 12 34 56 78, or leave it empty.',
  },
  fr: {
    from: 'Ville de départ',
    to: 'Ville d\u2019arrivée',
    date: 'Date (AAAA-MM-JJ, aujourd\u2019hui, demain ou +3j)',
    formula: 'Formule',
    motorcycles: 'Nombre de motos',
    model: (index, count) => (count === 1 ? 'Marque et modèle de la moto' : `Marque et modèle de la moto ${index} sur ${count}`),
    riders: 'Nombre de pilotes du voyage',
    name: 'Votre nom',
    email: 'Votre adresse e-mail',
    phone: 'Votre numéro de téléphone',
    skip: '(Entrée pour passer)',
    quoteAnyway: (city) => `Demander quand même un devis pour \u00ab\u00a0${city}\u00a0\u00bb (ville non desservie en ce moment)`,
    emptyCity: 'Tapez un nom de ville.',
    notDate: (text) => `\u00ab\u00a0${text}\u00a0\u00bb n\u2019est pas une date : tapez AAAA-MM-JJ, aujourd\u2019hui, demain ou +3j.`,
    past: (today) => `Cette date est passée ; choisissez le ${today} ou une date ultérieure.`,
    afterReturn: (returnDate) => `C\u2019est après le retour (${returnDate}) ; choisissez le ${returnDate} ou avant.`,
    count: (min, max) => `Tapez un nombre entier de ${min} à ${max}.`,
    notEmail: 'Ce n\u2019est pas une adresse e-mail ; tapez-la comme nom@exemple.fr, ou laissez vide.',
    notPhone: 'Ce n\u2019est pas un numéro de téléphone ; tapez-le comme 06 12 34 56 78 ou +33 6 12 34 56 78, ou laissez vide.',
  },
};
