import { isUtf8 as nodeIsUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { decodesAsUtf8, isUtf8 } from '../../src/client/utf8-check.js';

const CASES: [string, number[], boolean][] = [
  ['ASCII', [0x7b, 0x7d], true],
  ['é in two bytes', [0xc3, 0xa9], true],
  ['€ in three', [0xe2, 0x82, 0xac], true],
  ['an emoji in four', [0xf0, 0x9f, 0x8f, 0x8d], true],
  ['a lead byte alone at the end', [0x41, 0xc3], false],
  ['a cut three-byte character', [0xe2, 0x82], false],
  ['an overlong /', [0xc0, 0xaf], false],
  ['a surrogate', [0xed, 0xa0, 0x80], false],
  ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], false],
  ['Latin-1 é', [0x42, 0x65, 0x73, 0x61, 0x6e, 0xe7, 0x6f, 0x6e], false],
];

describe('the UTF-8 check', () => {
  it.each(CASES)('%s: the runtime check and the portable one agree with Node', (_name, bytes, valid) => {
    const input = Uint8Array.from(bytes);
    expect(nodeIsUtf8(input)).toBe(valid);
    expect(isUtf8(input)).toBe(valid);
    expect(decodesAsUtf8(input)).toBe(valid);
  });
});
