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
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const kind = KIND_OF.get(this);
    if (kind === undefined || typeof value !== 'object' || value === null) return false;
    const kinds: unknown = (value as { [KINDS]?: unknown })[KINDS];
    return Array.isArray(kinds) && kinds.includes(kind);
  }

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

/** The service answered with an error status (or a body motoroute cannot understand). */
export class ApiError extends MotorouteError {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    readonly serviceMessage?: string,
  ) {
    super(message);
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
  Object.defineProperty(errorClass.prototype, KINDS, { value: Object.freeze([...(Array.isArray(inherited) ? inherited : []), kind]) });
}
