/** Exit codes of PRODUCT.md, mapped from error classes in one place (src/cli/exit.ts). */
export const ExitCode = {
  ok: 0,
  service: 1,
  usage: 2,
  network: 3,
  notFound: 4,
  interrupted: 130,
} as const;

/** Base class: every error motoroute raises on purpose carries a message a user can act on. */
export class MotorouteError extends Error {
  readonly exitCode: number = ExitCode.service;
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
