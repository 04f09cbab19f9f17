import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSafeStringify, sanitiseMessage, sanitiseText } from '../../src/output/sanitise.js';

const FORBIDDEN = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2060\ufeff\u2028\u2029]/;
/** The same, but allowing the line breaks of indented JSON. */
const FORBIDDEN_IN_JSON =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2060\ufeff\u2028\u2029]/;

describe('sanitiseText', () => {
  it('removes colour and cursor sequences (CSI), keeping the text', () => {
    expect(sanitiseText('\x1b[31mLyon\x1b[0m')).toBe('Lyon');
    expect(sanitiseText('Paris\x1b[2J\x1b[1;1H')).toBe('Paris');
    expect(sanitiseText('Nice\x9b31m')).toBe('Nice');
  });

  it('removes an OSC 8 hyperlink but keeps its visible text', () => {
    expect(sanitiseText('\x1b]8;;https://evil.example\x1b\\Marseille\x1b]8;;\x1b\\')).toBe('Marseille');
    expect(sanitiseText('\x1b]8;;https://evil.example\x07Marseille\x1b]8;;\x07')).toBe('Marseille');
  });

  it('removes window title changes, terminated by BEL or ST, or unterminated', () => {
    expect(sanitiseText('Lille\x1b]0;pwned\x07')).toBe('Lille');
    expect(sanitiseText('Lille\x1b]2;pwned\x1b\\ Nord')).toBe('Lille Nord');
    expect(sanitiseText('Lille\x1b]0;pwned and the rest')).toBe('Lille');
  });

  it('removes other escape sequences and lone ESC', () => {
    expect(sanitiseText('A\x1bcB\x1b(BC\x1b')).toBe('ABC');
  });

  it('removes C1 controls, DEL and other C0 controls', () => {
    expect(sanitiseText('Ca\x85en\x7f\x00\x07\x08s')).toBe('Ca ens');
    expect(sanitiseText('Ro\x80u\x9fen')).toBe('Rouen');
    expect(sanitiseText('Metz\x9d0;title\x9c')).toBe('Metz0;title');
  });

  it('removes bidi controls and zero-width characters', () => {
    expect(sanitiseText('\u202eselliM\u202c \u2066x\u2069\u200e\u200f\u061c')).toBe('selliM x');
    expect(sanitiseText('Di\u200bj\u200con\u200d\u2060\ufeff')).toBe('Dijon');
  });

  it('turns tabs and line breaks into spaces', () => {
    expect(sanitiseText('Saint\tÉtienne\r\nLoire\u2028x')).toBe('Saint Étienne  Loire x');
  });

  it('keeps ordinary text, accents and CJK intact', () => {
    expect(sanitiseText('Besançon → Aix-en-Provence 東京 🏍️')).toBe('Besançon → Aix-en-Provence 東京 🏍️');
  });

  it('never leaves a C0, DEL, C1, bidi or zero-width character (property)', () => {
    const interesting = fc.constantFrom(
      '\x1b',
      '[',
      ']',
      '\x07',
      '\\',
      '\x9b',
      '\x9d',
      '\x9c',
      ';',
      'm',
      '8',
      '\u202e',
      '\u200b',
      '\n',
      '\t',
      'a',
      'é',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.array(interesting).map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(text, (input) => {
        expect(sanitiseText(input)).not.toMatch(FORBIDDEN);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => sanitiseText(sanitiseText(input)) === sanitiseText(input)),
    );
  });
});

describe('jsonSafeStringify', () => {
  it('escapes C1, bidi, separators, zero-width and DEL instead of writing them raw', () => {
    const text = jsonSafeStringify({ city: 'Ly\u0085on\u202e\u2028\u200b\ufeff\x7f', esc: '\x1b[31m' });
    expect(text).toBe('{"city":"Ly\\u0085on\\u202e\\u2028\\u200b\\ufeff\\u007f","esc":"\\u001b[31m"}');
    expect(text).not.toMatch(FORBIDDEN);
  });

  it('indents when asked', () => {
    expect(jsonSafeStringify({ a: [1] }, 2)).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('writes null for undefined', () => {
    expect(jsonSafeStringify(undefined)).toBe('null');
  });

  it('round-trips through JSON.parse to the same value and never holds a raw unsafe character (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (value, indent) => {
        const text = jsonSafeStringify(value, indent);
        expect(text).not.toMatch(FORBIDDEN_IN_JSON);
        expect(JSON.parse(text)).toStrictEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips strings full of unsafe characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        expect(JSON.parse(jsonSafeStringify(value))).toBe(value);
      }),
    );
  });
});

describe('sanitiseMessage', () => {
  it('is sanitiseText on one line: breaks become spaces', () => {
    expect(sanitiseMessage('a\nb\x1b[2J\rc')).toBe('a b c');
  });

  it('keeps line feeds of a message made of lines when asked, and cleans each line (CR included)', () => {
    expect(sanitiseMessage('line 1\x1b]0;t\x07\nline 2\r\u202e!', { lines: true })).toBe('line 1\nline 2 !');
  });

  it('never lets a forbidden character through, line feeds aside', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(sanitiseMessage(text, { lines: true })).not.toMatch(FORBIDDEN_IN_JSON);
      }),
    );
  });
});
