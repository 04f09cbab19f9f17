import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createDeflate,
  createGzip,
  deflateSync,
  gzipSync,
  type BrotliCompress,
  type Deflate,
  type Gzip,
} from 'node:zlib';
import type { CompressEncoding } from '../options.js';

/**
 * True when an Accept-Encoding header accepts `encoding` (RFC 9110 §12.5.3): its own token (x-gzip
 * counts as gzip) decides when listed, else `*`; q=0 refuses; an entry with an unreadable q is ignored.
 */
export function acceptsEncoding(header: string | undefined, encoding: CompressEncoding): boolean {
  if (header === undefined) return false;
  let wildcard: number | undefined;
  for (const entry of header.split(',')) {
    const [token = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = qualityOf(params);
    if (q === undefined) continue;
    const name = token === 'x-gzip' ? 'gzip' : token;
    if (name === encoding) return q > 0;
    if (name === '*') wildcard = q;
  }
  return wildcard !== undefined && wildcard > 0;
}

/** The q parameter's value (1 when absent), or undefined when it is not a valid qvalue. */
function qualityOf(params: string[]): number | undefined {
  const q = params.find((param) => /^q\s*=/.test(param));
  if (q === undefined) return 1;
  const value = q.replace(/^q\s*=\s*/, '');
  return /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : undefined;
}

// Fast settings, measured on the 1M listing (2 cores, loopback): the stream must keep up with the listing's
// generation. gzip/deflate level 1 cost ~1.1-1.2x the identity time at a tenth of the bytes; brotli
// quality 2 (window 2^18) ~1.1-1.25x at 0.09, where quality 3 took ~1.3-1.4x and quality 4 ~1.5x.
const CHUNK_SIZE = 64 * 1024;
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED, memLevel: 9, chunkSize: CHUNK_SIZE };
const BROTLI_OPTIONS = {
  chunkSize: CHUNK_SIZE,
  params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 18 },
};

/** A zlib stream compressing with `encoding` at the fast settings. */
export function createCompressor(encoding: CompressEncoding): Gzip | Deflate | BrotliCompress {
  if (encoding === 'gzip') return createGzip(GZIP_OPTIONS);
  if (encoding === 'deflate') return createDeflate(GZIP_OPTIONS);
  return createBrotliCompress(BROTLI_OPTIONS);
}

/** A whole (small) body compressed with `encoding` at the fast settings. */
export function compressWhole(body: Buffer, encoding: CompressEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, GZIP_OPTIONS);
  if (encoding === 'deflate') return deflateSync(body, GZIP_OPTIONS);
  return brotliCompressSync(body, BROTLI_OPTIONS);
}

/**
 * Where a compressed stream is garbled so that every decoder refuses it: the first deflate block
 * header after the gzip (10 bytes) or zlib (2 bytes) header, or brotli's window-size byte.
 */
const CORRUPT_AT: Record<CompressEncoding, number> = { gzip: 10, deflate: 2, br: 0 };

/**
 * Returns a function that garbles the chunks of one compressed stream as they pass, in order:
 * the byte at CORRUPT_AT gets an invalid value (deflate block type 3, reserved; brotli window bits
 * 0b0010001, invalid), and the next bytes are scrambled too, so the body looks like noise after its header.
 */
export function corrupter(encoding: CompressEncoding): (chunk: Buffer) => Buffer {
  const at = CORRUPT_AT[encoding];
  let offset = 0;
  return (chunk) => {
    const start = offset;
    offset += chunk.length;
    if (offset <= at || start > at + 64) return chunk;
    const copy = Buffer.from(chunk);
    for (let i = Math.max(at, start); i < Math.min(offset, at + 64); i++) {
      const k = i - start;
      if (i === at) copy[k] = encoding === 'br' ? 0x11 : (copy[k] as number) | 0b110;
      else copy[k] = (copy[k] as number) ^ 0xa5;
    }
    return copy;
  };
}
