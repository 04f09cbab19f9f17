import { ApiError, withRemedy } from '../errors.js';
import { concatBytes } from './concat-bytes.js';

/** The default cap on a JSON answer read whole: larger ones are refused, never buffered. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1_048_576;

/** An answer over the size cap, counted after decoding (a small gzip bomb is as large as what it expands to). */
export class BodyTooLargeError extends ApiError {
  override name = 'BodyTooLargeError';
}

function tooLarge(method: string, url: string, status: number, maxBytes: number, what: string): BodyTooLargeError {
  return withRemedy(
    new BodyTooLargeError(
      `${method} ${url} ${what} more than ${formatMiB(maxBytes)}, motoroute's limit for one answer; refused`,
      status,
      url,
    ),
    { kind: 'max-body' },
  );
}

/** Refuses an answer whose Content-Length already says it is over the cap, before reading a byte of it. */
export function checkDeclaredLength(
  method: string,
  url: string,
  status: number,
  contentLength: string | undefined,
  maxBytes: number,
): void {
  if (contentLength === undefined || !/^\d+$/.test(contentLength.trim())) return;
  if (Number(contentLength) > maxBytes)
    throw tooLarge(method, url, status, maxBytes, `announced ${formatMiB(Number(contentLength))},`);
}

/**
 * Reads a decoded body into one Uint8Array, refusing it with BodyTooLargeError as soon as it passes `maxBytes`.
 * `release` is called first, at once: the connection is let go before the decoders unwind, so that the rest of a
 * large body is not read for nothing.
 */
export async function readCappedBody(
  content: AsyncIterable<Uint8Array>,
  maxBytes: number,
  request: { method: string; url: string; status: number },
  release: () => void,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      release();
      throw tooLarge(request.method, request.url, request.status, maxBytes, 'sent');
    }
    chunks.push(chunk);
  }
  return concatBytes(chunks, size);
}

function formatMiB(bytes: number): string {
  const mib = bytes / 1_048_576;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}
