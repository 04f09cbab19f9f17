import { TimeoutError } from '../errors.js';

/** The whole command's time limit (--max-time): a signal for the command, and a promise that fails when it passes. */
export interface RunLimit {
  /** Aborted by Ctrl-C or when the time is up. */
  readonly signal: AbortSignal;
  /** Whether the time ran out (then every failure of the run is this one). */
  readonly expired: boolean;
  /** The error the run ends with once the time is up. */
  readonly error: TimeoutError;
  /** Rejects with `error` when the time is up; never settles otherwise. */
  readonly reached: Promise<never>;
  /** Sets the limit once the settings are read: `endsAt` in epoch ms, undefined for none. */
  start(endsAt: number | undefined, seconds: string | undefined): void;
  clear(): void;
}

/** Timers may fire a little early or late: a failure this close to the end is the end. */
const TIMER_SLACK_MS = 50;

/** A run limit on top of the process's signal (Ctrl-C); it starts counting when start() gives it an end. */
export function createRunLimit(parent: AbortSignal): RunLimit {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired = false;
  let endsAt: number | undefined;
  let error = new TimeoutError('The command ran out of time (--max-time).');
  let fail: (error: TimeoutError) => void = () => undefined;
  const reached = new Promise<never>((_, reject) => (fail = reject));
  // Nobody may be listening yet (a command without a limit): that is not an unhandled rejection.
  reached.catch(() => undefined);
  return {
    signal: AbortSignal.any([parent, controller.signal]),
    // The client's own clock stops a request at the same moment (its message names the request): either way, it is the limit.
    get expired() {
      return expired || (endsAt !== undefined && Date.now() >= endsAt - TIMER_SLACK_MS);
    },
    get error() {
      return error;
    },
    reached,
    start(end, seconds) {
      if (end === undefined) return;
      endsAt = end;
      error = new TimeoutError(
        `The command ran out of time: --max-time ${seconds} s passed. Raise --max-time, or narrow the request.`,
      );
      timer = setTimeout(
        () => {
          expired = true;
          controller.abort(error);
          fail(error);
        },
        Math.max(0, end - Date.now()),
      );
    },
    clear: () => clearTimeout(timer),
  };
}
