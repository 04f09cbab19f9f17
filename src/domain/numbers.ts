/** The languages numbers are written in. */
export type NumberLang = 'en' | 'fr';

/** How each language writes a number, and where it puts the euro sign. */
const NUMBER_SIGNS = {
  en: { thousands: ',', decimal: '.', euroBefore: true },
  // A plain space in French rather than U+202F: the text ends up in terminals and mail clients of every age.
  fr: { thousands: ' ', decimal: ',', euroBefore: false },
} as const satisfies Record<NumberLang, { thousands: string; decimal: string; euroBefore: boolean }>;

const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

/** How a number is written, besides its language. */
export interface NumberStyle {
  /** Digits after the decimal sign: a fixed count, or `cents` (two when there are some, none for a whole amount). */
  decimals?: number | 'cents';
  /** Thousands grouped (`1 299`, `1,299`), for text to read; columns and grids leave them out. Default: grouped. */
  grouped?: boolean;
  /**
   * `typeset`: typography's spaces, for prose such as an e-mail: in French U+202F between thousands; U+00A0 before a
   * euro sign written after the number (`1\u202f299,50\u00a0€`). Default `plain`: plain spaces.
   */
  spaces?: 'plain' | 'typeset';
}

/** How an amount in euros is written, besides its language. */
export interface EuroStyle extends NumberStyle {
  /** `language`: where the language puts it (`€299`, `299 €`); `after`: after the number in both (table columns). */
  sign?: 'language' | 'after';
}

/**
 * A number as each language writes it: `1,299.50` / `1 299,50`.
 * @example
 * ```ts
 * formatNumber(12.34, 'fr', { decimals: 1, grouped: false }); // '12,3'
 * ```
 */
export function formatNumber(value: number, lang: NumberLang, style: NumberStyle = {}): string {
  const signs = NUMBER_SIGNS[lang];
  const thousands = style.spaces === 'typeset' && lang === 'fr' ? NARROW_NBSP : signs.thousands;
  const decimals = style.decimals ?? 'cents';
  const text =
    decimals === 'cents' ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : value.toFixed(decimals);
  const [whole = '0', fraction] = text.split('.');
  const grouped = style.grouped === false ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return fraction === undefined ? grouped : `${grouped}${signs.decimal}${fraction}`;
}

/**
 * An amount in euros, the one way motoroute writes money: `€1,299.50` / `1 299,50 €`; whole amounts without decimals.
 * @example
 * ```ts
 * formatEuros(299, 'en'); // '€299'
 * formatEuros(299.5, 'en', { grouped: false, sign: 'after' }); // '299.50 €'
 * ```
 */
export function formatEuros(amount: number, lang: NumberLang, style: EuroStyle = {}): string {
  const number = formatNumber(amount, lang, style);
  return euroSignBefore(lang, style) ? `\u20ac${number}` : `${number}${style.spaces === 'typeset' ? NBSP : ' '}\u20ac`;
}

/**
 * A range of euros, `low–high`, one amount when both are equal: a sign written after the numbers is written once
 * (`299–349 €`), a sign before each (`€299–€349`).
 */
export function formatEuroRange(low: number, high: number, lang: NumberLang, style: EuroStyle = {}): string {
  if (low === high) return formatEuros(low, lang, style);
  if (euroSignBefore(lang, style)) return `${formatEuros(low, lang, style)}\u2013${formatEuros(high, lang, style)}`;
  return `${formatNumber(low, lang, style)}\u2013${formatNumber(high, lang, style)} \u20ac`;
}

function euroSignBefore(lang: NumberLang, style: EuroStyle): boolean {
  return style.sign !== 'after' && NUMBER_SIGNS[lang].euroBefore;
}
