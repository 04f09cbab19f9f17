import { BodyDecodeError } from './content-coding.js';
import { bodyText } from './decode.js';
import { sanitiseText } from '../domain/safe-text.js';
import { headerValue } from '../domain/header-record.js';
import { ApiError, NetworkError, NotFoundError, RateLimitError, TimeoutError, withRemedy } from '../errors.js';
import type { RawResponse } from './options.js';
import { parseRetryAfter, type FailureKind } from './retry-policy.js';

// The reason phrases this API can produce; node:http's STATUS_CODES would load all of node:http (server included).
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The reason phrase of a status code (`Internal Server Error`), empty when unknown. */
export function statusText(status: number): string {
  return REASONS[status] ?? '';
}

/** The service's `{error}` message from an error body, when the body has that shape. */
export function serviceMessage(body: Uint8Array, contentType?: string): string | undefined {
  if (body.byteLength === 0 || body.byteLength > 65_536) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText(body, contentType));
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string') {
      // Cleaned where it is read, so no error made from an answer can carry a control character to a terminal or a log.
      const message = sanitiseText(parsed.error);
      return message.length > 500 ? `${message.slice(0, 500)}…` : message;
    }
  } catch {
    // Not JSON, or not text in its charset: the caller describes the body by its type and size instead.
  }
  return undefined;
}

/** The typed error of an error status: NotFoundError on 404, RateLimitError on 429, ApiError otherwise; each carries the answer's headers. */
export function errorForStatus(
  method: string,
  url: string,
  status: number,
  body: Uint8Array,
  contentType?: string,
  answerHeaders?: RawResponse['headers'],
): ApiError {
  const headers = answerHeaders ?? {};
  const message = serviceMessage(body, contentType);
  const head = `${`The service answered ${status} ${statusText(status)}`.trimEnd()} for ${method} ${url}`;
  const detail =
    message !== undefined
      ? `: "${message}"`
      : body.byteLength > 0
        ? ` (${contentType === undefined ? 'no content type' : sanitiseText(contentType)}, ${body.byteLength} bytes)`
        : '';
  const text = head + detail;
  if (status === 404) return new NotFoundError(text, status, url, message, { headers });
  if (status === 429) {
    const retryAfter = parseRetryAfter(headerValue(headers, 'retry-after'));
    return new RateLimitError(`${text}; it kept refusing after every retry. Try again later.`, status, url, message, {
      headers,
      ...(retryAfter !== undefined && { retryAfter }),
    });
  }
  return new ApiError(text, status, url, message, { headers });
}

/** The error of a 429 whose Retry-After is longer than motoroute accepts to wait. */
export function retryAfterTooLongError(
  method: string,
  url: string,
  seconds: number,
  capSeconds: number,
  answerHeaders?: RawResponse['headers'],
): RateLimitError {
  return new RateLimitError(
    `The service is rate limiting ${method} ${url} and asked to wait ${seconds} s before retrying, more than the ${capSeconds} s motoroute waits. Try again later.`,
    429,
    url,
    undefined,
    { headers: answerHeaders ?? {}, retryAfter: seconds },
  );
}

/** The error after the last failed attempt without an answer: TimeoutError for timeouts, NetworkError otherwise. */
export function failureError(
  method: string,
  url: string,
  kind: FailureKind,
  detail: string,
  attempts: number,
  timeoutMs: number,
  cause: unknown,
): NetworkError {
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  if (kind === 'timeout') {
    return withRemedy(
      new TimeoutError(
        `${method} ${url} timed out: no complete answer within ${timeoutMs / 1000} s per attempt (${tries}).`,
        url,
        { cause },
      ),
      { kind: 'timeout' },
    );
  }
  if (kind === 'tls') {
    return new NetworkError(
      `The secure connection to ${new URL(url).host} failed: ${detail}. motoroute always verifies certificates; check the base URL.`,
      url,
      { cause },
    );
  }
  if (kind === 'unreachable') {
    return withRemedy(
      new NetworkError(`Could not reach ${new URL(url).host} for ${method} ${url}: ${detail}.`, url, { cause }),
      { kind: 'base-url' },
    );
  }
  if (cause instanceof BodyDecodeError) {
    return new NetworkError(
      `${method} ${url} kept sending a body that cannot be read (${tries}): ${detail}. A proxy on the way may be broken; try again later.`,
      url,
      { cause },
    );
  }
  return withRemedy(
    new NetworkError(`Could not get an answer for ${method} ${url} after ${tries}: ${detail}.`, url, { cause }),
    { kind: 'connection' },
  );
}
