import { ApiError, MotorouteError } from '../errors.js';
import { BodyDecodeError, isZlibError, type BodyBytes, type Coding } from './content-coding.js';
import type { FetchFunction, FetchResponse } from './options.js';
import type { Sender, SendRequest, SentResponse } from './sender.js';
import { classifyFailure } from './retry-policy.js';

// The library's HTTP stack: the WHATWG fetch of the runtime (Node >= 20, Bun, Deno, workerd, browsers) or
// the one given as the `fetch` option. Redirects stay the request path's to decide (`redirect: 'manual'`):
// Node, Deno, Bun and workerd hand back the real 3xx. A browser hides it (an opaque redirect, status 0)
// and would not let motoroute check where it leads, so such an answer is refused with an ApiError that
// says so, rather than followed blind (a redirect may lead to another host). fetch decodes gzip, deflate
// and br by itself, and a browser forbids setting Accept-Encoding, so neither is done here; the bytes on
// the wire are unknown (AttemptInfo.bytes is the decoded size on this path).

/** A fetch that failed with no reason a runtime names (a browser's `TypeError: Failed to fetch`): retried like a dropped connection. */
class FetchFailedError extends Error {
  override name = 'FetchFailedError';
  readonly code = 'ERR_MOTOROUTE_FETCH_FAILED';
}

/** A fetch that refused the request for a reason it named without a code (Node's `bad port`): not retried. */
class FetchRefusedError extends Error {
  override name = 'FetchRefusedError';
  readonly code = 'ERR_MOTOROUTE_FETCH_REFUSED';
}

/** A sender over `fetch`, or over `globalThis.fetch` as it is at each call (so msw's or a test's patch is seen). */
export function fetchSender(fetchFunction?: FetchFunction): Sender {
  return {
    async send(request: SendRequest): Promise<SentResponse> {
      // Called as a plain function: a browser's fetch refuses any `this` but the global object or none.
      const send = fetchFunction ?? globalThis.fetch;
      let response: FetchResponse;
      try {
        response = await send(request.url, {
          method: request.method,
          headers: request.headers,
          // Bytes go as an ArrayBuffer of their own: every fetch's BodyInit takes one (a Uint8Array's view may not fit).
          ...(request.body !== undefined && {
            body: typeof request.body === 'string' ? request.body : new Uint8Array(request.body).buffer,
          }),
          redirect: 'manual',
          signal: request.signal,
        });
      } catch (error) {
        throw readFailure(error, request.signal);
      }
      if (response.type === 'opaqueredirect') {
        void response.body?.cancel().catch(() => undefined);
        throw new ApiError(
          `${request.method} ${request.url} answered with a redirect that this runtime's fetch hides (an opaque redirect); motoroute follows a redirect only after checking it stays with the same service. Set baseUrl to the address the service redirects to.`,
          0,
          request.url,
        );
      }
      return opened(response, request.signal);
    },
  };
}

function opened(response: FetchResponse, signal: AbortSignal): SentResponse {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const reader = response.body?.getReader();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    void reader?.cancel().catch(() => undefined);
  };
  return {
    status: response.status,
    headers,
    release,
    content: (codings, bytes) => readAll(reader, codings, bytes, release, signal),
  };
}

async function* readAll(
  reader: ReturnType<NonNullable<FetchResponse['body']>['getReader']> | undefined,
  codings: readonly Coding[],
  bytes: BodyBytes,
  release: () => void,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  if (!reader) return;
  let complete = false;
  try {
    for (;;) {
      const chunk = await reader.read().catch((error: unknown) => {
        throw readFailure(error, signal, codings);
      });
      if (chunk.done || chunk.value === undefined) break;
      bytes.wire += chunk.value.byteLength;
      bytes.decoded += chunk.value.byteLength;
      if (chunk.value.byteLength > 0) yield chunk.value;
    }
    complete = true;
  } finally {
    if (!complete) release();
  }
}

/** A failure of fetch, in the terms of the retry rule (retry-policy.ts) and as undici would word it. */
function readFailure(error: unknown, signal: AbortSignal, codings: readonly Coding[] = []): unknown {
  // An aborted fetch rejects with the signal's reason in Node, with a bare AbortError in some runtimes.
  if (signal.aborted) return signal.reason ?? error;
  // Node's fetch wraps what went wrong (`fetch failed`, `terminated`) around the error that says it.
  const reason = error instanceof TypeError && error.cause instanceof Error ? error.cause : error;
  if (isZlibError(reason)) {
    return new BodyDecodeError(
      `the ${codings.join(', ') || 'compressed'} body could not be decoded (${(reason as Error).message})`,
      { cause: reason },
    );
  }
  // Whatever else fetch rejects with and no code explains (`bad port`, a browser's `Failed to fetch`, a mock's
  // own error) is a failure of the network as far as a caller can tell: retried, then a NetworkError.
  if (reason instanceof MotorouteError || classifyFailure(reason) !== 'other') return reason;
  const message = reason instanceof Error ? reason.message : String(reason);
  // A reason fetch gives itself (Node's `bad port`, `too many content-encodings`) says the same next time: no retry.
  if (reason !== error) return new FetchRefusedError(message || 'fetch failed', { cause: reason });
  return new FetchFailedError(message || 'fetch failed', { cause: reason });
}
