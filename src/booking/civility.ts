import { foldName } from '../domain/text.js';
import type { BookingLang } from './lang.js';

/** How the customer is addressed when the desk (or the customer) says so: « Mme » or « M. »; nothing is guessed from a name. */
export const CIVILITIES = ['Mme', 'M.'] as const;

/** One of CIVILITIES. */
export type Civility = (typeof CIVILITIES)[number];

// Folded spellings (case, accents and a final dot ignored). « Mlle » reads as « Mme »: French administration dropped
// « Mademoiselle » in 2012, and a desk's e-mail should not bring it back.
const SPELLINGS: Readonly<Record<string, Civility>> = {
  mme: 'Mme',
  madame: 'Mme',
  mlle: 'Mme',
  mademoiselle: 'Mme',
  mrs: 'Mme',
  ms: 'Mme',
  miss: 'Mme',
  m: 'M.',
  monsieur: 'M.',
  mr: 'M.',
};

/**
 * The civility a desk typed (`Mme`, `Madame`, `Mlle`, `M.`, `M`, `Monsieur`, `Mr`, `Mrs`, `Ms`, any case, with or
 * without accents or a final dot), or undefined for a value that is none of them.
 * @example
 * ```ts
 * parseCivility(' MADAME '); // 'Mme'
 * parseCivility('mr.'); // 'M.'
 * parseCivility('Dr'); // undefined
 * ```
 */
export function parseCivility(text: string): Civility | undefined {
  return SPELLINGS[foldName(text).replace(/\.$/, '').trim()];
}

/** Whether a value is one of CIVILITIES, as a typed request carries it. */
export function isCivility(value: unknown): value is Civility {
  return CIVILITIES.some((civility) => civility === value);
}

const TITLES: Readonly<Record<BookingLang, Readonly<Record<Civility, string>>>> = {
  fr: { Mme: 'Mme', 'M.': 'M.' },
  en: { Mme: 'Ms', 'M.': 'Mr' },
};
// French keeps the title on the name's line.
const BEFORE_NAME: Readonly<Record<BookingLang, string>> = { fr: '\u00a0', en: ' ' };

/**
 * The title of a civility in the e-mail's language: « Mme », « M. »; “Ms”, “Mr”.
 * @example
 * ```ts
 * civilityTitle('Mme', 'en'); // 'Ms'
 * ```
 */
export function civilityTitle(civility: Civility, lang: BookingLang): string {
  return TITLES[lang][civility];
}

/**
 * The customer as the e-mail names them: the title before the name when a civility is given (French keeps it on the
 * name's line with a no-break space), the name alone otherwise.
 * @example
 * ```ts
 * namedCustomer('Hélène Lefèvre', 'Mme', 'en'); // 'Ms Hélène Lefèvre'
 * namedCustomer('Jean Martin', undefined, 'fr'); // 'Jean Martin'
 * ```
 */
export function namedCustomer(name: string, civility: Civility | undefined, lang: BookingLang): string {
  if (civility === undefined) return name;
  return `${civilityTitle(civility, lang)}${BEFORE_NAME[lang]}${name}`;
}
