import { AsyncLocalStorage } from 'node:async_hooks';

/** Why a call stopped before its tool answered. */
export type CallStop =
  | { kind: 'deadline'; seconds: number }
  | { kind: 'rate'; retryInSeconds: number }
  | { kind: 'cancelled' };

/** One tool call in flight: its deadline, and how to stop it (every request of the call listens on `signal`). */
export interface CallBudget {
  readonly deadlineAt: number;
  readonly signal: AbortSignal;
  stop(reason: CallStop): void;
  /** A progress line for the client, when the request asked for progress (else nothing). */
  progress(message: string): void;
  /** The session the call belongs to: its share of the upstream budget is taken from. */
  readonly session: string;
  /** Requests the call started upstream (the access log's). */
  readonly upstream: { count: number };
}

const current = new AsyncLocalStorage<CallBudget>();

/** Runs `work` as the call `budget`: the client's hooks (rate waits) find the call they belong to through it. */
export function withinCall<T>(budget: CallBudget, work: () => Promise<T>): Promise<T> {
  return current.run(budget, work);
}

/** The call the code runs for, when it runs inside one. */
export function currentCall(): CallBudget | undefined {
  return current.getStore();
}

// A wait is taken only when it leaves the call this long to finish its requests.
const MARGIN_MS = 3_000;

/**
 * The client's rate-budget hook: a request of a call that would wait past the call's deadline stops the call at once
 * (the model is told when to retry); a shorter wait is taken, and said as progress.
 */
export function onRateWait(ms: number): void {
  const call = currentCall();
  if (!call) return;
  if (Date.now() + ms + MARGIN_MS > call.deadlineAt) {
    call.stop({ kind: 'rate', retryInSeconds: Math.max(1, Math.ceil(ms / 1000)) });
    return;
  }
  call.progress(`waiting ${Math.ceil(ms / 1000)} s for the budget of requests a minute`);
}
