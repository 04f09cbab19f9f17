/**
 * What a hostile service puts in its strings to drive a terminal, one class a key: every message path is
 * fed each of them, and nothing of it may reach the terminal raw.
 */
export const CONTROL_CLASSES: Readonly<Record<string, string>> = {
  'CSI clear screen (ESC[2J)': '\x1b[2J\x1b[1;1H',
  'OSC 0 window title': '\x1b]0;pwned title\x07',
  'OSC 52 clipboard write': '\x1b]52;c;cm0gLXJmIH4vKgo=\x07',
  'OSC 8 hyperlink': '\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\',
  'DSR (ESC[6n, the terminal answers on stdin)': '\x1b[6n',
  NUL: 'a\x00b',
  BS: 'abc\x08\x08\x08',
  CR: 'hidden\roverwritten',
  DEL: 'x\x7fy',
  VT: 'x\x0by',
  'C1 CSI (0x9B)': '\x9b2J',
  'C1 OSC (0x9D) with ST (0x9C)': '\x9d0;title\x9c',
  'bidi override (RLO)': 'abc\u202edcba\u202c',
  'bidi isolate (LRI, PDI)': '\u2066x\u2069',
};

/**
 * Anything a terminal would act on or hide, the line feed excepted: C0 (CR too), DEL, C1, bidi controls,
 * zero-width characters and the Unicode line separators.
 */
export const UNSAFE =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u2028\u2029]/;

/** The first unsafe character of `text` and where, for a failure message; undefined when it is clean. */
export function firstUnsafe(text: string): string | undefined {
  const match = UNSAFE.exec(text);
  return match
    ? `U+${match[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${match.index} in ${JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 40))}`
    : undefined;
}
