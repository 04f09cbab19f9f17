// The Content-Encoding rules every HTTP stack shares: what motoroute asks for, how a header is read, and
// the errors of a body that does not decode. Decoding itself belongs to the stack (content-encoding.ts for
// node:http; fetch decodes on its own).

/** What the node:http stack asks for: each coding node:zlib decodes (identity is always acceptable too). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** A content coding motoroute reads. */
export type Coding = 'gzip' | 'deflate' | 'br';

/** Bytes of one answer: as they crossed the network, and after decoding. */
export interface BodyBytes {
  wire: number;
  decoded: number;
}

/** A body whose compressed bytes could not be decoded (corrupt or cut short); retried like a cut connection. */
export class BodyDecodeError extends Error {
  override name = 'BodyDecodeError';
  readonly code = 'ERR_MOTOROUTE_BODY_DECODE';
}

/** A Content-Encoding motoroute cannot decode (it never asked for it). */
export class UnsupportedEncodingError extends Error {
  override name = 'UnsupportedEncodingError';
}

const ALIASES: Readonly<Record<string, Coding | 'identity'>> = {
  gzip: 'gzip',
  'x-gzip': 'gzip',
  deflate: 'deflate',
  br: 'br',
  identity: 'identity',
};

/** Codings applied one over another that are decoded at most (as curl and undici): each one more is a decoder more. */
const MAX_CODINGS = 5;

/**
 * The codings of a Content-Encoding header in the order they were applied, identity left out.
 * An empty list means the body is sent as it is; an unknown coding, or more than MAX_CODINGS, throws UnsupportedEncodingError.
 */
export function parseContentEncoding(header: string | undefined): Coding[] {
  if (header === undefined) return [];
  const codings: Coding[] = [];
  for (const token of header.split(',')) {
    const name = token.trim().toLowerCase();
    if (name === '') continue;
    const coding = ALIASES[name];
    if (coding === undefined)
      throw new UnsupportedEncodingError(`the answer is encoded as "${token.trim()}", which motoroute cannot decode`);
    if (coding !== 'identity') codings.push(coding);
  }
  if (codings.length > MAX_CODINGS) {
    throw new UnsupportedEncodingError(
      `the answer is encoded ${codings.length} times over, more than the ${MAX_CODINGS} codings motoroute decodes`,
    );
  }
  return codings;
}

/** zlib and brotli failures carry a negative errno and a Z_… or ERR__ERROR_… code (node:zlib, and Node's fetch, which uses it). */
export function isZlibError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return false;
  const { code } = error;
  return code.startsWith('Z_') || code.startsWith('ERR__ERROR') || code.startsWith('ERR_BROTLI');
}
