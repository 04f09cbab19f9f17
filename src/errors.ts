/** Exit codes of PRODUCT.md, mapped from error classes in one place (src/cli/exit.ts). */
export const ExitCode = {
  ok: 0,
  service: 1,
  usage: 2,
  network: 3,
  notFound: 4,
  interrupted: 130,
} as const;

/**
 * What a user can do about a failure, named rather than worded: each face says it in its own terms, the library
 * by its options (the message), the CLI by its flags (cli/remedies.ts).
 */
export type Remedy =
  | { kind: 'timeout' }
  | { kind: 'base-url' }
  | { kind: 'max-body' }
  | { kind: 'strict' }
  | { kind: 'run-deadline' }
  | { kind: 'moved'; base: string };

/** Base class: every error motoroute raises on purpose carries a message a user can act on. */
export class MotorouteError extends Error {
  readonly exitCode: number = ExitCode.service;
  /** The failure without its remedy, when it has one: `message` is these facts and the remedy in the library's words. */
  facts?: string;
  /** What the user can do about it, for a face to word in its own terms. */
  remedy?: Remedy;
}

/** The library's words for a remedy, added to the facts: its options, never a command-line flag. */
function libraryRemedy(remedy: Remedy): string {
  switch (remedy.kind) {
    case 'timeout':
      return ' Try again later, or give a longer timeoutMs.';
    case 'base-url':
      return ' Check baseUrl and that the service is running.';
    case 'max-body':
      return ' (raise maxBodyBytes to accept it).';
    case 'strict':
      return ' (without strict: true it would be left out).';
    case 'run-deadline':
      return ' (runEndsAt).';
    case 'moved':
      return ` If that is the service's new address, give it as baseUrl: ${remedy.base}.`;
  }
}

/** Gives an error its facts and remedy; its message says them in the library's words. */
export function withRemedy<E extends MotorouteError>(error: E, remedy: Remedy): E {
  error.facts = error.message;
  error.remedy = remedy;
  error.message = `${error.message}${libraryRemedy(remedy)}`;
  return error;
}

/** Bad usage or invalid input, detected before anything was sent. */
export class UsageError extends MotorouteError {
  override readonly exitCode: number = ExitCode.usage;
  override name = 'UsageError';
}

/** What else an ApiError may carry of the answer. */
export interface ApiErrorOptions {
  /** The answer's headers; an empty Headers when there was no answer to speak of. */
  headers?: Headers;
  /** RateLimitError only: the Retry-After the service sent, in seconds. */
  retryAfter?: number;
}

/** The service answered with an error status (or a body motoroute cannot understand). */
export class ApiError extends MotorouteError {
  override name = 'ApiError';
  /**
   * The headers of the answer the error came from (a WHATWG `Headers`; empty when there was none).
   *
   * ```ts
   * catch (error) { if (error instanceof ApiError) console.log(error.status, error.headers.get('x-ratelimit-remaining')); }
   * ```
   */
  readonly headers: Headers;
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    readonly serviceMessage?: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.headers = options.headers ?? new Headers();
  }
}

/** The service said 404: an unknown job, route or path. */
export class NotFoundError extends ApiError {
  override readonly exitCode: number = ExitCode.notFound;
  override name = 'NotFoundError';
}

/** The service kept answering 429, or asked for a wait longer than motoroute accepts. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  /**
   * The wait the last 429 asked for, in seconds (its Retry-After, as seconds or as an HTTP date); undefined
   * when the header was absent or unreadable.
   *
   * ```ts
   * catch (error) { if (error instanceof RateLimitError && error.retryAfter !== undefined) await sleep(error.retryAfter * 1000); }
   * ```
   */
  readonly retryAfter: number | undefined;
  constructor(message: string, status: number, url: string, serviceMessage?: string, options: ApiErrorOptions = {}) {
    super(message, status, url, serviceMessage, options);
    this.retryAfter = options.retryAfter;
  }
}

/** The service could not be reached, or the connection failed, after every retry. */
export class NetworkError extends MotorouteError {
  override readonly exitCode: number = ExitCode.network;
  override name = 'NetworkError';
  constructor(
    message: string,
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A request or a wait ran out of time. */
export class TimeoutError extends NetworkError {
  override name = 'TimeoutError';
}

/** The user interrupted (Ctrl-C). */
export class InterruptedError extends MotorouteError {
  override readonly exitCode: number = ExitCode.interrupted;
  override name = 'InterruptedError';
}
