import { isHeadersObject, toHeaders, type HeaderRecord } from './domain/header-record.js';

/** The command line's exit codes, one for each kind of failure; every error carries its own as `exitCode`. */
export const ExitCode = {
  /** Success. */
  ok: 0,
  /** The service answered with an error, or with an answer motoroute cannot use ({@link ApiError}). */
  service: 1,
  /** Bad input, refused before anything was sent ({@link UsageError}). */
  usage: 2,
  /** The service could not be reached, or not in time ({@link NetworkError}, {@link TimeoutError}). */
  network: 3,
  /** The service said 404: no such job, route or path ({@link NotFoundError}). */
  notFound: 4,
  /** `watch --once`: the round found nothing new (cron and timers tell a quiet round from a failure). */
  noChange: 5,
  /** Interrupted (Ctrl-C: 128 + SIGINT) ({@link InterruptedError}). */
  interrupted: 130,
} as const;

/**
 * What a user can do about a failure, named rather than worded: the error's `message` says it in terms of the
 * client's options (`baseUrl`, `timeoutMs`…); a program of yours may word it in its own terms from `kind`.
 */
export type Remedy =
  | {
      /** Try again later, or allow more time (`timeoutMs`). */
      kind: 'timeout';
    }
  | {
      /** Check the base URL and that the service is running. */
      kind: 'base-url';
    }
  | {
      /** The connection failed with no answer: check the base URL and the network, then try again. */
      kind: 'connection';
    }
  | {
      /** The answer was over the size cap: raise `maxBodyBytes` to accept it. */
      kind: 'max-body';
    }
  | {
      /** Strict reading refused a record that would otherwise be left out. */
      kind: 'strict';
    }
  | {
      /** The run's deadline (`runEndsAt`) cut the request. */
      kind: 'run-deadline';
    }
  | {
      /** The service redirects to another address, which may be its new base URL. */
      kind: 'moved';
      /** The base URL it redirects to. */
      base: string;
    };

// Each bundle of the library holds its own copy of these classes (one in each CommonJS entry, one in the ES modules),
// so an error thrown by `require('motoroute/booking')` is no instance of `import('motoroute')`'s UsageError by its
// prototype chain. Each copy marks its prototypes with the kinds they stand for under a registered symbol, and
// `instanceof` recognises an instance of any copy by them. Kinds are explicit strings: minified code keeps no class names.
const KINDS = Symbol.for('motoroute.error.kinds');
const KIND_OF = new WeakMap<object, string>();

/**
 * Base class: every error motoroute raises on purpose carries a message a user can act on.
 *
 * `instanceof` holds across the library's entries and module systems: an error thrown by `motoroute/booking`
 * loaded with `require` is an instance of the classes `import { UsageError } from 'motoroute'` gives.
 * @example
 * ```ts
 * try {
 *   await client.getJob('job-1');
 * } catch (error) {
 *   if (error instanceof NotFoundError) console.log('no such job');
 *   else if (error instanceof MotorouteError) console.error(error.message);
 *   else throw error;
 * }
 * ```
 */
export class MotorouteError extends Error {
  /**
   * True when `value` is an instance of this class from any copy of motoroute (a CommonJS entry, the ES modules);
   * a class of your own that extends one of motoroute's is checked by its prototype chain as usual.
   * @example
   * ```ts
   * const { UsageError } = require('motoroute');
   * const { parseFormula } = require('motoroute/booking');
   * try { parseFormula('sidecar'); } catch (error) { console.log(error instanceof UsageError); } // true
   * ```
   */
  // biome-ignore-start lint/complexity/noThisInStatic: `this` is the class instanceof was asked about, a subclass too
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const kind = KIND_OF.get(this);
    if (kind === undefined || typeof value !== 'object' || value === null) return false;
    const kinds: unknown = (value as { [KINDS]?: unknown })[KINDS];
    return Array.isArray(kinds) && kinds.includes(kind);
  }
  // biome-ignore-end lint/complexity/noThisInStatic: see above

  /** The process exit code the command line ends with for this error (see {@link ExitCode}): 1 here. */
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
    case 'connection':
      return ' Check baseUrl and your connection, then try again.';
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
  /** {@link ExitCode}.usage: 2. */
  override readonly exitCode: number = ExitCode.usage;
  /** Always `'UsageError'`. */
  override name = 'UsageError';
}

/** What else an ApiError may carry of the answer. */
export interface ApiErrorOptions {
  /**
   * The answer's headers: a `Headers`, or a record of lower-case names to values (read into a `Headers` when
   * {@link ApiError.headers} is first asked for). None: an empty `Headers`.
   */
  headers?: Headers | HeaderRecord;
  /** RateLimitError only: the Retry-After the service sent, in seconds. */
  retryAfter?: number;
}

/** The service answered with an error status (or a body motoroute cannot understand). */
export class ApiError extends MotorouteError {
  /** `'ApiError'`, or the subclass's name. */
  override name = 'ApiError';
  /**
   * The headers of the answer the error came from (a WHATWG `Headers`; empty when there was none).
   *
   * ```ts
   * catch (error) { if (error instanceof ApiError) console.log(error.status, error.headers.get('x-ratelimit-remaining')); }
   * ```
   */
  get headers(): Headers {
    if (this.#headers === undefined || !isHeadersObject(this.#headers)) this.#headers = toHeaders(this.#headers);
    return this.#headers;
  }
  #headers: Headers | HeaderRecord | undefined;
  /**
   * An error for an answer of the service; the client makes them, a test double of yours may too.
   * @param message what failed, in a sentence a user can act on.
   * @param status the HTTP status of the answer (200 for a body motoroute cannot use).
   * @param url the URL that answered.
   * @param serviceMessage the service's own error message, when its body carried one.
   * @param options the answer's headers (and, for a RateLimitError, its Retry-After).
   */
  constructor(
    message: string,
    /** The HTTP status of the answer: 4xx or 5xx, or 200 for a successful answer motoroute cannot use. */
    readonly status: number,
    /** The URL that answered (after the redirects followed). */
    readonly url: string,
    /** The service's own error message, from its JSON error body, when it sent one. */
    readonly serviceMessage?: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.#headers = options.headers;
  }
}

/** The service said 404: an unknown job, route or path. */
export class NotFoundError extends ApiError {
  /** {@link ExitCode}.notFound: 4. */
  override readonly exitCode: number = ExitCode.notFound;
  /** Always `'NotFoundError'`. */
  override name = 'NotFoundError';
}

/** The service kept answering 429, or asked for a wait longer than motoroute accepts. */
export class RateLimitError extends ApiError {
  /** Always `'RateLimitError'`. */
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
  /**
   * An error for a 429 answer; `options.retryAfter` is its Retry-After in seconds, when it had one.
   * @param message what failed, in a sentence a user can act on.
   * @param status the HTTP status of the answer (429).
   * @param url the URL that answered.
   * @param serviceMessage the service's own error message, when its body carried one.
   * @param options the answer's headers and its Retry-After.
   */
  constructor(message: string, status: number, url: string, serviceMessage?: string, options: ApiErrorOptions = {}) {
    super(message, status, url, serviceMessage, options);
    this.retryAfter = options.retryAfter;
  }
}

/** The service could not be reached, or the connection failed, after every retry. */
export class NetworkError extends MotorouteError {
  /** {@link ExitCode}.network: 3. */
  override readonly exitCode: number = ExitCode.network;
  /** `'NetworkError'`, or `'TimeoutError'`. */
  override name = 'NetworkError';
  /**
   * An error for a service that could not be reached, or not in time.
   * @param message what failed, in a sentence a user can act on.
   * @param url the URL that could not be reached, when there was one.
   * @param options `cause`: the underlying failure (a socket error, an AbortSignal's reason).
   */
  constructor(
    message: string,
    /** The URL that could not be reached, when the failure concerns one. */
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A request or a wait ran out of time. */
export class TimeoutError extends NetworkError {
  /** Always `'TimeoutError'`. */
  override name = 'TimeoutError';
}

/** The user interrupted (Ctrl-C). */
export class InterruptedError extends MotorouteError {
  /** {@link ExitCode}.interrupted: 130. */
  override readonly exitCode: number = ExitCode.interrupted;
  /** Always `'InterruptedError'`. */
  override name = 'InterruptedError';
}

// Parents before children: each prototype's kinds are its parent's and its own.
for (const [errorClass, kind] of [
  [MotorouteError, 'MotorouteError'],
  [UsageError, 'UsageError'],
  [ApiError, 'ApiError'],
  [NotFoundError, 'NotFoundError'],
  [RateLimitError, 'RateLimitError'],
  [NetworkError, 'NetworkError'],
  [TimeoutError, 'TimeoutError'],
  [InterruptedError, 'InterruptedError'],
] as const) {
  KIND_OF.set(errorClass, kind);
  const inherited: unknown = (Object.getPrototypeOf(errorClass.prototype) as { [KINDS]?: unknown })[KINDS];
  Object.defineProperty(errorClass.prototype, KINDS, {
    value: Object.freeze([...(Array.isArray(inherited) ? inherited : []), kind]),
  });
}
