// Time-dependent behaviour measured without reading the clock: a call is compared with a plain timer of this
// process. A loaded machine delays every timer of the process alike, so the order of two timers survives the load
// where a duration read from performance.now() does not (a stalled tick, or Node's loop time cached at the start of
// a busy tick, moves a measured duration by tens of milliseconds either way).

/** A plain timer started now; `fired` says whether it has fired. Cleared with `clear()` (or when it fires). */
export interface Probe {
  readonly fired: boolean;
  clear(): void;
}

/**
 * A plain timer of `ms`, to be started before the call it bounds: a call whose own timer of `ms` or more starts
 * later cannot settle before it fires. "Not before `ms`" becomes "after the probe".
 */
export function probe(ms: number): Probe {
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
  }, ms);
  return {
    get fired() {
      return fired;
    },
    clear: () => clearTimeout(timer),
  };
}

/**
 * How much later than a plain timer of the same length a call cut by its own timer may settle: what the call does
 * after its timer fires is a few milliseconds of work, which a busy machine stretches to tens. Each use says
 * which defect takes longer than this (an answer waited for, a gigabyte decoded).
 */
export const LATE_MS = 1_000;

/**
 * Settles `call` and says whether it settled before a plain timer of `ms` started beside it: "settled by `ms`",
 * without a duration.
 */
export async function settlesWithin<T>(
  call: Promise<T>,
  ms: number,
): Promise<{ inTime: boolean; value?: T; error?: unknown }> {
  const deadline = probe(ms);
  try {
    const value = await call;
    return { inTime: !deadline.fired, value };
  } catch (error) {
    return { inTime: !deadline.fired, error };
  } finally {
    deadline.clear();
  }
}

/**
 * Resolves once `condition()` holds, looking every few milliseconds: waits for an event instead of guessing how
 * long it takes on a busy machine. The test's timeout is the guard against a condition that never comes.
 */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
