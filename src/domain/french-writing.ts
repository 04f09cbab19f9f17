/**
 * `2026-12-07` as French writes a date in running text and tables: `07/12/2026`.
 * @example
 * ```ts
 * frenchNumericDate('2026-12-07'); // '07/12/2026'
 * ```
 */
export function frenchNumericDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return year && month && day ? `${day}/${month}/${year}` : iso;
}

/**
 * A text quoted as French quotes it: « text », the guillemets held to it by narrow no-break spaces (U+202F).
 * @example
 * ```ts
 * frenchQuoted('abc'); // '\u00ab\u202fabc\u202f\u00bb'
 * ```
 */
export function frenchQuoted(text: string): string {
  return `\u00ab\u202f${text}\u202f\u00bb`;
}

/**
 * `08:30` as French writes a time: `8 h 30`, `13 h`, held together by no-break spaces (U+00A0).
 * @example
 * ```ts
 * frenchClock('08:30'); // '8\u00a0h\u00a030'
 * ```
 */
export function frenchClock(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  return minutes === '00' ? `${Number(hours)}\u00a0h` : `${Number(hours)}\u00a0h\u00a0${minutes}`;
}

// A vowel, accented or not, or an h (Hélène, Henri: French names' h is mostly mute). Escaped: the bundle is ASCII.
const ELIDING =
  /^[aeiouh\u00e0\u00e2\u00e4\u00e9\u00e8\u00ea\u00eb\u00ee\u00ef\u00f4\u00f6\u00f9\u00fb\u00fc\u0153\u00e6]/i;

/**
 * « de » before a name, elided before a vowel or a mute h: « de Camille », « d’Hélène », « d’Orléans ».
 * @example
 * ```ts
 * frenchOf('Hélène Lefèvre'); // 'd’Hélène Lefèvre'
 * ```
 */
export function frenchOf(name: string): string {
  return ELIDING.test(name) ? `d\u2019${name}` : `de ${name}`;
}
