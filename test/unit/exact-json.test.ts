import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonExact, stringifyExact } from '../../src/domain/exact-json.js';

describe('exact JSON numbers', () => {
  it('reads integers past 2^53 from their digits, as strings, and everything else as JSON.parse does', () => {
    expect(parseJsonExact('{"id":9007199254740993,"n":[12345678901234567890,-99999999999999999,1.5e300,42]}')).toEqual({
      id: '9007199254740993',
      n: ['12345678901234567890', '-99999999999999999', 1.5e300, 42],
    });
    // Digits inside strings are text already, escapes included.
    expect(parseJsonExact('["9007199254740993 \\" 12345678901234567", 1]')).toEqual([
      '9007199254740993 " 12345678901234567',
      1,
    ]);
  });

  it('writes the kept integers back as numbers, and strings that look like numbers as strings', () => {
    const text = '[{"id":9007199254740993,"s":"9007199254740993"},123456789012345678901234567890]';
    expect(stringifyExact(parseJsonExact(text))).toBe(text);
    expect(stringifyExact(parseJsonExact(text), 2)).toContain('"id": 9007199254740993,');
  });

  it('round-trips any JSON of integers and strings exactly', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => ({ raw: n.toString() })),
        fc.string(),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 5 }), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    const write = (node: unknown): string => {
      if (typeof node === 'string') return JSON.stringify(node);
      if (Array.isArray(node)) return `[${node.map(write).join(',')}]`;
      const record = node as Record<string, unknown>;
      if ('raw' in record && typeof record.raw === 'string' && Object.keys(record).length === 1) return record.raw;
      return `{${Object.entries(record)
        .map(([key, item]) => `${JSON.stringify(key)}:${write(item)}`)
        .join(',')}}`;
    };
    fc.assert(
      fc.property(value, (node) => {
        // Written compact, as JSON.stringify writes: reading and writing it back must give the same text
        // (inside an array: a bare top-level number has no place to be remembered, and no answer is one).
        const text = write([node]);
        expect(stringifyExact(parseJsonExact(text))).toBe(text);
      }),
    );
  });
});
