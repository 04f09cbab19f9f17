import { describe, expect, it } from 'vitest';
import { jsonHazard, MAX_JSON_DEPTH, MAX_JSON_STRING_BYTES } from '../../src/client/json-limits.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonHazard', () => {
  it('lets an ordinary answer through', () => {
    expect(jsonHazard(bytes('{"data":[{"id":"1","layovers":["Lyon"],"slots":[3]}],"total":1}'))).toBeUndefined();
  });

  it('refuses nesting one level past the limit, and only then, whether or not the text is short', () => {
    expect(jsonHazard(bytes(nested(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(jsonHazard(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(`it nests more than ${MAX_JSON_DEPTH} levels deep`);
    expect(jsonHazard(bytes(`{"a":${nested(MAX_JSON_DEPTH + 1)}}`))).toBe(
      `it nests more than ${MAX_JSON_DEPTH} levels deep`,
    );
  });

  it('counts brackets inside strings as text: many of them, shallow, are no hazard', () => {
    const text = JSON.stringify({
      note: '[{'.repeat(MAX_JSON_DEPTH * 2),
      list: Array.from({ length: MAX_JSON_DEPTH }, () => [1]),
    });
    expect(jsonHazard(bytes(text))).toBeUndefined();
  });

  it('refuses a string longer than the limit, and lets one of exactly the limit through', () => {
    expect(jsonHazard(bytes(`["${'x'.repeat(MAX_JSON_STRING_BYTES)}"]`))).toBeUndefined();
    expect(jsonHazard(bytes(`["${'x'.repeat(MAX_JSON_STRING_BYTES + 1)}"]`))).toBe(
      `it holds a string of ${MAX_JSON_STRING_BYTES + 1} bytes (at most ${MAX_JSON_STRING_BYTES} are read)`,
    );
  });
});
