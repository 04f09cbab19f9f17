import { formatEuros as formatAmount } from '../domain/numbers.js';
import type { BookingLang } from './lang.js';

/**
 * Writes the listed price range of a trip: « de 299 € à 349 € », “€299 to €349”; a missing price reads “on request”.
 * @example
 * ```ts
 * formatPriceRange(299, 399, 'en'); // '€299 to €399'
 * formatPriceRange(null, null, 'fr'); // 'sur devis'
 * ```
 */
export function formatPriceRange(
  min: number | null | undefined,
  max: number | null | undefined,
  lang: BookingLang,
): string {
  const words = PRICE_WORDS[lang];
  const low = min ?? undefined;
  const high = max ?? undefined;
  if (low === undefined && high === undefined) return words.onRequest;
  if (low !== undefined && high !== undefined)
    return low === high ? formatEuros(low, lang) : words.range(formatEuros(low, lang), formatEuros(high, lang));
  if (low !== undefined) return words.from(formatEuros(low, lang));
  return words.upTo(formatEuros(high ?? 0, lang));
}

/**
 * Writes an amount in euros as the e-mail does (domain/numbers.ts's one formatter, French typography's spaces):
 * « 1 299,50 € » (U+202F between thousands, U+00A0 before the sign), “€1,299.50”; whole amounts without decimals.
 * @example
 * ```ts
 * formatEuros(1299.5, 'fr'); // '1\u202f299,50\u00a0€'
 * formatEuros(299, 'en'); // '€299'
 * ```
 */
export function formatEuros(amount: number, lang: BookingLang): string {
  return formatAmount(amount, lang, { spaces: 'typeset' });
}

/** A price's words, per language. */
const PRICE_WORDS = {
  en: {
    onRequest: 'on request',
    range: (low: string, high: string) => `${low} to ${high}`,
    from: (low: string) => `from ${low}`,
    upTo: (high: string) => `up to ${high}`,
  },
  fr: {
    onRequest: 'sur devis',
    range: (low: string, high: string) => `de ${low} à ${high}`,
    from: (low: string) => `à partir de ${low}`,
    upTo: (high: string) => `jusqu’à ${high}`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;
