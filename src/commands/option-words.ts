import { frenchQuoted } from '../domain/french-writing.js';
/** The languages an option's error is said in. */
export type OptionLang = 'en' | 'fr';

// The units commands give their number options (in English, as the English sentence says them).
const FRENCH_UNITS: Readonly<Record<string, string>> = {
  euros: 'en euros',
  kilometres: 'en kilomètres',
  seconds: 'en secondes',
};

/** What the option kinds say about a bad value, per language (./options.ts). */
export const OPTION_WORDS = {
  en: {
    givenTwice: (flag: string, values: readonly string[]) =>
      `${flag} was given ${values.length} times (${values.map((value) => `"${value}"`).join(', ')}); give it once.`,
    needsValue: (flag: string) => `${flag} needs a value.`,
    wholeNumber: (flag: string, value: string, min: number, max: number | undefined) =>
      `${flag}: "${value}" must be a whole number ${max === undefined ? `at least ${min}` : `from ${min} to ${max}`}.`,
    number: (flag: string, value: string, unit: string | undefined, min: number, max: number | undefined) =>
      `${flag}: "${value}" must be a number${unit ? ` of ${unit}` : ''}${max === undefined ? `, ${min} or more` : ` from ${min} to ${max}`}.`,
    needsCity: (flag: string) => `${flag} needs a city name.`,
    controlCharacters: (flag: string) => `${flag}: control characters are not allowed in a city name.`,
    needsChoice: (flag: string, choices: readonly string[]) => `${flag} needs a value: ${choices.join(', ')}.`,
    notAChoice: (flag: string, value: string, choices: readonly string[]) =>
      `${flag}: "${value}" must be one of ${choices.join(', ')}.`,
  },
  fr: {
    givenTwice: (flag: string, values: readonly string[]) =>
      `${flag} est donné ${values.length}\u00a0fois (${values.map(frenchQuoted).join(', ')})\u202f; donnez-le une seule fois.`,
    needsValue: (flag: string) => `${flag} attend une valeur.`,
    wholeNumber: (flag: string, value: string, min: number, max: number | undefined) =>
      `${flag}\u00a0: ${frenchQuoted(value)} doit être un nombre entier ${max === undefined ? `d\u2019au moins ${min}` : `de ${min} à ${max}`}.`,
    number: (flag: string, value: string, unit: string | undefined, min: number, max: number | undefined) =>
      `${flag}\u00a0: ${frenchQuoted(value)} doit être un nombre${unit ? ` (${FRENCH_UNITS[unit] ?? unit})` : ''}${max === undefined ? ` de ${min} ou plus` : ` de ${min} à ${max}`}.`,
    needsCity: (flag: string) => `${flag} attend un nom de ville.`,
    controlCharacters: (flag: string) =>
      `${flag}\u00a0: un nom de ville ne peut pas contenir de caractères de contrôle.`,
    needsChoice: (flag: string, choices: readonly string[]) =>
      `${flag} attend une valeur\u00a0: ${choices.join(', ')}.`,
    notAChoice: (flag: string, value: string, choices: readonly string[]) =>
      `${flag}\u00a0: ${frenchQuoted(value)} doit être l\u2019une de ces valeurs\u00a0: ${choices.join(', ')}.`,
  },
} as const satisfies Record<OptionLang, Record<string, unknown>>;
