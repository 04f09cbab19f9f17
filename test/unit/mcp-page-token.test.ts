import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken, searchDigest } from '../../src/mcp/page-token.js';

describe('MCP page tokens', () => {
  const digest = searchDigest({ depart: 'Paris', arrival: 'Marseille', limit: 10, sort: 'date' });

  it('give back the position they were made with, for the same search only', () => {
    for (const position of [{ page: 3 }, { cursor: 'abc==' }, { offset: 20 }]) {
      const token = encodePageToken(digest, position);
      expect(token).toMatch(/^[\w-]+$/);
      expect(decodePageToken(token, digest)).toEqual(position);
    }
    const other = searchDigest({ depart: 'Paris', arrival: 'Nice', limit: 10, sort: 'date' });
    expect(() => decodePageToken(encodePageToken(other, { page: 2 }), digest)).toThrow(/belongs to another search/);
  });

  it('do not depend on the order of the inputs, and differ with any input', () => {
    expect(searchDigest({ a: 1, b: 'x' })).toBe(searchDigest({ b: 'x', a: 1 }));
    expect(searchDigest({ a: 1, b: 'x' })).not.toBe(searchDigest({ a: 2, b: 'x' }));
    expect(searchDigest({ a: undefined })).toBe(searchDigest({ a: null }));
  });

  it('refuse anything this server did not make', () => {
    for (const token of [
      '',
      'not-a-token',
      Buffer.from('[1]').toString('base64url'),
      encodePageToken(digest, { page: 0 }),
      encodePageToken(digest, { offset: -1 }),
    ]) {
      expect(() => decodePageToken(token, digest), token).toThrow(/page_token/);
    }
  });
});
