import type { Transform } from 'node:stream';
import { BodyDecodeError, isZlibError, type BodyBytes, type Coding } from './content-coding.js';

// Decoding for the node:http stack (node-http-sender.ts): fetch decodes its answers itself.

const DECODED_CHUNK_BYTES = 64 * 1024;

/**
 * The body's content, decoded as a stream (memory stays flat), with its bytes counted into `bytes`.
 * Decoding errors become BodyDecodeError; errors of the connection itself pass through unchanged.
 * When `signal` aborts (the attempt's deadline, the run's, a cancel), decoding stops at once with its reason:
 * a small compressed body arrives whole long before it is decoded, so the connection's own abort comes too late.
 */
export async function* decodeBody(
  body: AsyncIterable<Uint8Array>,
  codings: readonly Coding[],
  bytes: BodyBytes,
  signal?: AbortSignal,
): AsyncGenerator<Buffer> {
  let content: AsyncIterable<Buffer> = countWire(body, bytes);
  // Codings are listed in the order they were applied: undo the last one first.
  for (let index = codings.length - 1; index >= 0; index--)
    content = decodeOne(content, codings[index] as Coding, signal);
  for await (const chunk of content) {
    signal?.throwIfAborted();
    bytes.decoded += chunk.length;
    yield chunk;
  }
}

async function* countWire(body: AsyncIterable<Uint8Array>, bytes: BodyBytes): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    bytes.wire += chunk.length;
    if (chunk.length > 0) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  }
}

async function* decodeOne(
  source: AsyncIterable<Buffer>,
  coding: Coding,
  signal: AbortSignal | undefined,
): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  // An empty body (a HEAD, a 204) has nothing to decode, though the header names a coding.
  if (first.done) return;
  const [zlib, { addAbortSignal, pipeline }] = await Promise.all([import('node:zlib'), import('node:stream')]);
  // zlib's 16 KB output chunks made the listing parser do four times the work per byte (2.8 s instead of 2.2 s at 1M routes).
  const options = { chunkSize: DECODED_CHUNK_BYTES };
  const decoder: Transform =
    coding === 'gzip'
      ? zlib.createGunzip(options)
      : coding === 'br'
        ? zlib.createBrotliDecompress(options)
        : // Servers send "deflate" both zlib-wrapped (as HTTP says) and raw; the first two bytes tell which.
          hasZlibHeader(first.value)
          ? zlib.createInflate(options)
          : zlib.createInflateRaw(options);
  if (signal) addAbortSignal(signal, decoder);
  const output = pipeline(prepend(first.value, iterator), decoder, () => undefined);
  try {
    for await (const chunk of output) yield chunk as Buffer;
  } catch (error) {
    signal?.throwIfAborted();
    if (isZlibError(error))
      throw new BodyDecodeError(`the ${coding} body could not be decoded (${(error as Error).message})`, {
        cause: error,
      });
    throw error;
  }
}

async function* prepend(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  // yield* passes an early stop on to the stage before (its return()), so nothing is left open.
  yield* { [Symbol.asyncIterator]: () => rest };
}

/** RFC 1950: compression method 8 in the low nibble, and the first two bytes a multiple of 31. */
function hasZlibHeader(chunk: Buffer): boolean {
  if (chunk.length < 2) return true;
  const cmf = chunk[0] as number;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | (chunk[1] as number)) % 31 === 0;
}
