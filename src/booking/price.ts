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
  const low = min ?? undefined;
  const high = max ?? undefined;
  if (low === undefined && high === undefined) return lang === 'fr' ? 'sur devis' : 'on request';
  if (low !== undefined && high !== undefined) {
    if (low === high) return formatEuros(low, lang);
    return lang === 'fr'
      ? `de ${formatEuros(low, lang)} à ${formatEuros(high, lang)}`
      : `${formatEuros(low, lang)} to ${formatEuros(high, lang)}`;
  }
  if (low !== undefined)
    return lang === 'fr' ? `à partir de ${formatEuros(low, lang)}` : `from ${formatEuros(low, lang)}`;
  return lang === 'fr' ? `jusqu’à ${formatEuros(high ?? 0, lang)}` : `up to ${formatEuros(high ?? 0, lang)}`;
}

/**
 * Writes an amount in euros the way each language does: « 1 299,50 € », “€1,299.50”; whole amounts without decimals.
 * @example
 * ```ts
 * formatEuros(1299.5, 'fr'); // '1 299,50 €'
 * formatEuros(299, 'en'); // '€299'
 * ```
 */
export function formatEuros(amount: number, lang: BookingLang): string {
  const [whole = '0', cents] = (Number.isInteger(amount) ? String(amount) : amount.toFixed(2)).split('.');
  // Plain spaces in French rather than U+202F: the text ends up in e-mail clients of every age.
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? ' ' : ',');
  const number = cents === undefined ? grouped : `${grouped}${lang === 'fr' ? ',' : '.'}${cents}`;
  return lang === 'fr' ? `${number} €` : `€${number}`;
}
