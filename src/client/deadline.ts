/** An attempt stopped because its time ran out before the last byte of the answer (a trickle cannot extend it). */
export class AttemptTimeoutError extends Error {
  override name = 'AttemptTimeoutError';
  readonly code = 'ERR_MOTOROUTE_ATTEMPT_TIMEOUT';
}

/** The time allowed for the whole run (the CLI's --max-time) ran out; never retried. */
export class RunDeadlineError extends Error {
  override name = 'RunDeadlineError';
  readonly code = 'ERR_MOTOROUTE_RUN_DEADLINE';
}

/** One attempt's time limit: a signal that aborts the request when it passes, and whether it did. */
export interface AttemptDeadline {
  readonly signal: AbortSignal;
  /** Why it fired, once it has: the attempt's own limit or the run's. */
  readonly expired: AttemptTimeoutError | RunDeadlineError | undefined;
  /** Stops the clock (the answer arrived, or the consumer holds the records and may rightly take its time). */
  clear(): void;
  /** Starts the clock again for a new `timeoutMs` (the streamed listing: the next record), said as `what` if it fires. */
  restart(what: string): void;
}

/**
 * Starts the clock of one attempt: `timeoutMs` from now, or the run's end (`runEndsAt`, epoch ms) when
 * that comes first. `parent` (Ctrl-C) aborts it too; only the clock sets `expired`.
 */
export function startAttemptDeadline(
  timeoutMs: number,
  runEndsAt: number | undefined,
  parent: AbortSignal | undefined,
): AttemptDeadline {
  const controller = new AbortController();
  let expired: AttemptTimeoutError | RunDeadlineError | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = (what: string) => {
    clearTimeout(timer);
    const left = runEndsAt === undefined ? Infinity : runEndsAt - Date.now();
    const byRun = left < timeoutMs;
    timer = setTimeout(
      () => {
        expired = byRun
          ? new RunDeadlineError('the time allowed for the whole run ran out')
          : new AttemptTimeoutError(`${what} within ${timeoutMs / 1000} s`);
        controller.abort(expired);
      },
      Math.max(0, Math.min(timeoutMs, left)),
    );
    // Node's timers hold the process open unless unref'd; browsers and workers give a number.
    if (typeof timer === 'object') timer.unref?.();
  };
  start('no complete answer');
  const signal = parent ? AbortSignal.any([parent, controller.signal]) : controller.signal;
  return {
    signal,
    get expired() {
      return expired;
    },
    clear: () => clearTimeout(timer),
    restart: (what) => {
      if (expired === undefined) start(what);
    },
  };
}

/** Throws RunDeadlineError when a wait of `ms` would end after the run's end: such a wait is not started. */
export function checkWaitFits(ms: number, runEndsAt: number | undefined): void {
  if (runEndsAt !== undefined && Date.now() + ms > runEndsAt) {
    throw new RunDeadlineError(
      `the next attempt would start after the time allowed for the whole run (a wait of ${Math.ceil(ms / 1000)} s)`,
    );
  }
}
