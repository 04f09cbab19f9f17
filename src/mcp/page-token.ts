import { createHash } from 'node:crypto';
import { UsageError } from '../errors.js';

/** Where the next page of a search starts: a service page, a service cursor, or an offset into the matches of local filters. */
export type PagePosition = { page: number } | { cursor: string } | { offset: number };

interface TokenBody {
  /** The digest of the search the token belongs to. */
  q: string;
  p?: number;
  c?: string;
  o?: number;
}

/** A short digest of a search's inputs (dates already read, page token left out): a token is valid for that search only. */
export function searchDigest(search: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(search)
      .sort()
      .map((key) => [key, search[key] ?? null]),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

/** An opaque page token: base64url of the position and the search's digest. */
export function encodePageToken(digest: string, position: PagePosition): string {
  const body: TokenBody = { q: digest };
  if ('page' in position) body.p = position.page;
  else if ('cursor' in position) body.c = position.cursor;
  else body.o = position.offset;
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** Reads a page token given back by the caller; refuses a malformed one, or one from another search. */
export function decodePageToken(token: string, digest: string): PagePosition {
  const body = readBody(token);
  if (body.q !== digest) {
    throw new UsageError(
      'page_token belongs to another search; repeat the exact inputs of the search that returned it, or leave page_token out to start again.',
    );
  }
  if (Number.isInteger(body.p) && (body.p as number) >= 1) return { page: body.p as number };
  if (typeof body.c === 'string' && body.c !== '') return { cursor: body.c };
  if (Number.isInteger(body.o) && (body.o as number) >= 0) return { offset: body.o as number };
  throw malformed();
}

function readBody(token: string): TokenBody {
  try {
    const body: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof body === 'object' && body !== null && typeof (body as TokenBody).q === 'string')
      return body as TokenBody;
  } catch {
    // Not base64url JSON: said below like any other foreign token.
  }
  throw malformed();
}

function malformed(): UsageError {
  return new UsageError(
    'page_token is not a token this server gave; pass next_page_token exactly as returned, or leave it out for the first page.',
  );
}
