import { withinCall, type CallStop } from './call-budget.js';

/** How one call is bounded, and where its progress goes. */
export interface CallLimits {
  /** The call answers within this time, with an error result if the tool has not finished. */
  deadlineMs: number;
  /** The client cancelled the request (notifications/cancelled), or its session ended. */
  signal: AbortSignal;
  /** Sends notifications/progress; given only when the request carried a progress token. */
  sendProgress?: (progress: number, message: string) => Promise<void>;
  /** The session the request belongs to (its share of the upstream budget); '' for stdio's one session. */
  session?: string;
  /** Counts the requests the work starts upstream. */
  upstream?: { count: number };
}

// Often enough that a client which resets its timeout on progress never gives up on a working call.
const HEARTBEAT_MS = 2_000;

/** How a bounded request ended: its work's answer, or why it was stopped first. */
export type Bounded<T> = { done: T } | { stopped: CallStop };

/**
 * Runs any request's work within the call deadline (a tool call, a resource read, a completion): the first of its
 * answer, the deadline, the client's cancellation or a refused rate wait ends it, and every request it made stops.
 */
export async function runBounded<T>(
  work: (signal: AbortSignal) => Promise<T>,
  limits: CallLimits,
): Promise<Bounded<T>> {
  const controller = new AbortController();
  const started = Date.now();
  let settle: (stop: CallStop) => void = () => undefined;
  const stopped = new Promise<CallStop>((resolve) => (settle = resolve));
  const stop = (reason: CallStop): void => {
    if (controller.signal.aborted) return;
    settle(reason);
    controller.abort(new Error(stopMessage(reason)));
  };
  const onCancel = (): void => stop({ kind: 'cancelled' });
  if (limits.signal.aborted) onCancel();
  else limits.signal.addEventListener('abort', onCancel, { once: true });
  const deadline = setTimeout(
    () => stop({ kind: 'deadline', seconds: Math.round(limits.deadlineMs / 1000) }),
    limits.deadlineMs,
  );
  let step = 0;
  const progress = (message: string): void => {
    if (!limits.sendProgress || controller.signal.aborted) return;
    step += 1;
    limits.sendProgress(step, message).catch(() => undefined);
  };
  const heartbeat = limits.sendProgress
    ? setInterval(
        () =>
          progress(
            `working: ${Math.round((Date.now() - started) / 1000)} s of at most ${Math.round(limits.deadlineMs / 1000)} s`,
          ),
        HEARTBEAT_MS,
      )
    : undefined;
  try {
    progress('started');
    const budget = {
      deadlineAt: started + limits.deadlineMs,
      signal: controller.signal,
      stop,
      progress,
      session: limits.session ?? '',
      upstream: limits.upstream ?? { count: 0 },
    };
    const answered = withinCall(budget, () => work(controller.signal)).then((done) => ({ done }));
    return await Promise.race([answered, stopped.then((reason) => ({ stopped: reason }))]);
  } finally {
    clearTimeout(deadline);
    clearInterval(heartbeat);
    limits.signal.removeEventListener('abort', onCancel);
  }
}

/** What the model reads when a call was stopped: what happened and what to do next. */
export function stopMessage(reason: CallStop): string {
  switch (reason.kind) {
    case 'deadline':
      return (
        `The service did not answer within ${reason.seconds} s, so the call was stopped. ` +
        'Retry in a minute, or narrow the search (both cities, fewer days); meanwhile get_booking_url gives the booking form.'
      );
    case 'rate':
      return `The service asks us to slow down (our budget of requests a minute is spent); retry in ${reason.retryInSeconds} s.`;
    case 'cancelled':
      return 'Cancelled by the client.';
  }
}
