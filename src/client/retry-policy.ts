/**
 * What kind of failure an attempt ended in, as far as the retry rule is concerned. `unreachable` (nothing
 * listens, no such host) is final at once, as in curl and gh: waiting does not make a server appear.
 */
export type FailureKind = 'timeout' | 'unreachable' | 'connect' | 'connection' | 'tls' | 'aborted' | 'other';

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);
// A temporary DNS failure or a slow handshake may pass: these are retried.
const CONNECT_CODES = new Set(['EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
// Certificate and handshake failures: retrying cannot help, and verification is never skipped.
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|^ERR_SSL_|^ERR_TLS_/;
const CONNECTION_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_EXCEEDED_MAX_SIZE',
  // A compressed body that does not decode is as unusable as a cut one, and as likely to be fine next time.
  'ERR_MOTOROUTE_BODY_DECODE',
  // fetch failed without naming why (a browser never does): the network, most likely.
  'ERR_MOTOROUTE_FETCH_FAILED',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ERR_MOTOROUTE_ATTEMPT_TIMEOUT']);

/** Classifies an error thrown while sending a request or reading its body (looks through causes and aggregates). */
export function classifyFailure(error: unknown): FailureKind {
  const codes = collectCodes(error);
  // The attempt's own clock aborts its request: a timeout, not the user's Ctrl-C.
  if (codes.some((code) => TIMEOUT_CODES.has(code))) return 'timeout';
  if (codes.some((code) => code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR')) return 'aborted';
  if (codes.some((code) => TLS_CODE.test(code))) return 'tls';
  if (codes.some((code) => UNREACHABLE_CODES.has(code))) return 'unreachable';
  if (codes.some((code) => CONNECT_CODES.has(code))) return 'connect';
  if (codes.some((code) => CONNECTION_CODES.has(code))) return 'connection';
  if (error instanceof Error && /terminated|other side closed|socket hang up|aborted/i.test(error.message)) {
    return 'connection';
  }
  return 'other';
}

function collectCodes(error: unknown, depth = 0): string[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return [];
  const record = error as { code?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  const codes: string[] = [];
  if (typeof record.code === 'string') codes.push(record.code);
  if (record.name === 'AbortError') codes.push('ABORT_ERR');
  codes.push(...collectCodes(record.cause, depth + 1));
  if (Array.isArray(record.errors)) for (const inner of record.errors) codes.push(...collectCodes(inner, depth + 1));
  return codes;
}

/** The code or message of a failure, short enough for one --verbose line. */
export function describeFailure(error: unknown): string {
  // Our own errors (code ERR_MOTOROUTE_…) come with a message written for people already.
  if (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('ERR_MOTOROUTE_')
  )
    return error.message;
  const codes = collectCodes(error).filter((code) => code !== 'ABORT_ERR');
  const message = error instanceof Error ? error.message : String(error);
  const code = codes[0];
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * The wait before retry number `retry` (1-based): exponential backoff with full jitter, a random share of a
 * window that doubles from `baseMs` on each retry and stops growing at `capMs` (so that many clients retrying
 * together spread out, and a long run of retries never waits more than the cap).
 */
export function backoffDelay(baseMs: number, capMs: number, retry: number, random: () => number): number {
  const window = Math.min(capMs, baseMs * 2 ** (retry - 1));
  return Math.floor(random() * window);
}

/** Statuses worth another attempt: 408 (the service gave up waiting for the request), 429, and 5xx for requests safe to repeat. */
export function isRetriedStatus(status: number, repeatable: boolean): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599 && repeatable);
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
