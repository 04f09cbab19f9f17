/** U+202F, the narrow no-break space French sets before « ; ! ? », inside guillemets and between thousands. */
export const NARROW_NBSP = '\u202f';
/** U+00A0, the no-break space French keeps before « : » and between a number and its unit (« 120 € », « 8 h 30 »). */
export const NBSP = '\u00a0';

// Addresses and links keep every character as typed: a typographic mark inside one would break it.
// A mark that ends the sentence (« écrivez à jean@exemple.fr ! ») is not part of the address.
const UNTOUCHABLE =
  /[^\s<>(),;:]+@[\p{L}\p{N}.-]*[\p{L}\p{N}]|\b(?:[a-z][a-z\d+.-]*:\/\/|www\.)\S*[^\s.,;:!?)\u00bb]/giu;
// A run of high punctuation ending a word (« merci ! », « Nom : », « vraiment ?! »), with the space typed before it or none.
const HIGH_PUNCTUATION = /(^|\S)[ \u00a0\u202f]?([;:!?]+)(?=\s|$|[)\u00bb"\u201d\u2019])/g;
const AMOUNT = /(\d)(?:[ \u00a0\u202f](\d{3}))?(?:[ \u00a0\u202f](\d{3}))?(,\d+)?[ \u00a0\u202f]?\u20ac/g;
const CLOCK = /\b(\d{1,2})[ \u00a0\u202f]h(?:[ \u00a0\u202f](\d{2}))?\b/g;

/**
 * Sets a French text in French typography, the way a careful French reader expects an e-mail to read: a narrow
 * no-break space before « ; ! ? » and inside « guillemets », a no-break space before « : » and in amounts (« 1 234,50 € ») and
 * clock times (« 8 h 30 »), and the typographic apostrophe (« l’aller ») between letters. E-mail addresses and
 * links are left exactly as written. Applying it twice changes nothing.
 * @example
 * ```ts
 * frenchTypography('Top case & sacoches, merci!'); // 'Top case & sacoches, merci\u202f!'
 * frenchTypography("l'aller à 8 h 30 : 120 €"); // 'l’aller à 8\u00a0h\u00a030\u00a0: 120\u00a0€'
 * ```
 */
export function frenchTypography(text: string): string {
  let result = '';
  let start = 0;
  for (const match of text.matchAll(UNTOUCHABLE)) {
    result += setFrench(text.slice(start, match.index)) + match[0];
    start = match.index + match[0].length;
  }
  return result + setFrench(text.slice(start));
}

function setFrench(text: string): string {
  return text
    .replace(/(\p{L})'(?=\p{L})/gu, '$1\u2019')
    .replace(/\u00ab[ \u00a0\u202f]*/g, `«${NARROW_NBSP}`)
    .replace(/[ \u00a0\u202f]*\u00bb/g, `${NARROW_NBSP}»`)
    .replace(HIGH_PUNCTUATION, (_all, before: string, marks: string) =>
      before === '«' ? `${before}${marks}` : `${before}${marks.startsWith(':') ? NBSP : NARROW_NBSP}${marks}`,
    )
    .replace(AMOUNT, (_all, first: string, second?: string, third?: string, cents?: string) => {
      const groups = [second, third].filter((group): group is string => group !== undefined);
      return `${[first, ...groups].join(NARROW_NBSP)}${cents ?? ''}${NBSP}€`;
    })
    .replace(CLOCK, (_all, hours: string, minutes?: string) =>
      minutes === undefined ? `${hours}${NBSP}h` : `${hours}${NBSP}h${NBSP}${minutes}`,
    );
}
