// Terminal cell widths: East Asian wide characters and emoji take two cells, marks and controls none.

const SGR = /\x1b\[[0-9;]*m/g;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
/** Emoji drawn as pictures (two cells): by default, or asked for with the VS16 selector. */
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\uFE0F/u;
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]/u;
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f2ff],
  [0x20000, 0x3fffd],
];

// Creating a segmenter loads ICU break data (~10 ms): done on first need, and plain ASCII never needs it.
let segmenter: Intl.Segmenter | undefined;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// One cell per UTF-16 unit, no segmenting needed: Latin letters with their accents precomposed (French city
// names), general punctuation, currency signs and arrows (→). Soft hyphen and U+2060… (format characters) are not.
const ONE_CELL_EACH = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u20a0-\u20bf\u2190-\u21ff]*$/;

function graphemes(text: string): Iterable<{ segment: string }> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(text);
}

/** The number of terminal cells `text` takes (colour codes ignored). */
export function displayWidth(text: string): number {
  const plain = text.replace(SGR, '');
  if (PRINTABLE_ASCII.test(plain) || ONE_CELL_EACH.test(plain)) return plain.length;
  let width = 0;
  for (const { segment } of graphemes(plain)) width += graphemeWidth(segment);
  return width;
}

/** Cuts `text` to at most `maxWidth` cells, ending it with `…` when something was cut. */
export function truncateToWidth(text: string, maxWidth: number): string {
  if (displayWidth(text) <= maxWidth) return text;
  if (maxWidth <= 0) return '';
  let kept = '';
  let width = 0;
  for (const { segment } of graphemes(text.replace(SGR, ''))) {
    const next = graphemeWidth(segment);
    if (width + next > maxWidth - 1) break;
    kept += segment;
    width += next;
  }
  return `${kept}…`;
}

function graphemeWidth(grapheme: string): number {
  if (EMOJI.test(grapheme)) return EMOJI_PRESENTATION.test(grapheme) ? 2 : 1;
  if (ZERO_WIDTH.test(grapheme)) return 0;
  const codePoint = grapheme.codePointAt(0) ?? 0;
  return WIDE_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high) ? 2 : 1;
}

/** Cuts `text` to at most `maxWidth` cells by dropping its middle (`Paris → Ly…→ Marseille`), keeping both ends readable. */
export function truncateMiddle(text: string, maxWidth: number): string {
  const plain = text.replace(SGR, '');
  if (displayWidth(plain) <= maxWidth) return plain;
  if (maxWidth <= 1) return truncateToWidth(plain, maxWidth);
  const parts = Array.from(graphemes(plain), ({ segment }) => segment);
  const tailBudget = Math.floor((maxWidth - 1) / 2);
  let tail = '';
  let tailWidth = 0;
  for (let index = parts.length - 1; index >= 0; index--) {
    const next = graphemeWidth(parts[index]!);
    if (tailWidth + next > tailBudget) break;
    tail = parts[index] + tail;
    tailWidth += next;
  }
  return `${truncateToWidth(plain, maxWidth - tailWidth).slice(0, -1)}…${tail}`;
}
