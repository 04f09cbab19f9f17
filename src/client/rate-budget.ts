import { MAX_TIMER_MS } from './call-options.js';
import type { RateGate } from './options.js';

/** A request waiting for the budget. */
interface Waiter {
  grant(): void;
}

/** The time a budget reads and the timer it waits on: the system's, or a test's own. */
export interface BudgetClock {
  /**
   * The time now, in epoch milliseconds.
   * @example
   * ```ts
   * const clock: BudgetClock = { now: () => Date.now(), setTimer: (run, ms) => clearTimeout.bind(null, setTimeout(run, ms)) };
   * console.log(clock.now());
   * ```
   */
  now(): number;
  /**
   * Runs `run` after `ms`; returns how to cancel it.
   * @example
   * ```ts
   * const cancel = clock.setTimer(() => console.log('a second later'), 1_000);
   * cancel();
   * ```
   */
  setTimer(run: () => void, ms: number): () => void;
}

/** Date.now and setTimeout. */
export const SYSTEM_CLOCK: BudgetClock = {
  now: () => Date.now(),
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * One request budget: at most `limit` request starts in any rolling `intervalMs` window, bursts allowed. The
 * window slides over the start times granted, so a burst at the end of one window does not get a fresh window
 * right after. Requests that must wait are granted one by one, in the order they asked, as starts leave the window.
 */
export class RateBudget implements RateGate {
  /** The start times granted within the last interval, oldest first. */
  #starts: number[] = [];
  #waiting: Waiter[] = [];
  /** Grants the first waiter when the oldest start leaves the window. */
  #cancelTimer: (() => void) | undefined;
  readonly #clock: BudgetClock;

  constructor(
    readonly limit: number,
    readonly intervalMs: number,
    clock: BudgetClock = SYSTEM_CLOCK,
  ) {
    this.#clock = clock;
    // A timer waits for the oldest start to leave the window: it must be one a timer can wait.
    if (!Number.isInteger(intervalMs) || intervalMs < 1 || intervalMs > MAX_TIMER_MS) {
      throw new RangeError(
        `rateIntervalMs must be a whole number of ms from 1 to ${MAX_TIMER_MS}; got ${String(intervalMs)}.`,
      );
    }
  }

  /**
   * Waits until one more request may start; calls `onWait(ms)` first when that means waiting. An aborted signal,
   * before or during the wait, rejects at once and leaves nothing queued.
   */
  async take(signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void> {
    signal?.throwIfAborted();
    const wait = this.expectedWait();
    if (wait === 0 && this.#waiting.length === 0) {
      this.#starts.push(this.#clock.now());
      return;
    }
    if (wait > 0) onWait?.(wait);
    // onWait may have stopped the caller (a wait too long for its deadline): it is not queued at all.
    signal?.throwIfAborted();
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.#waiting = this.#waiting.filter((other) => other !== waiter);
        // Nobody left waiting: no timer keeps the process alive for them.
        if (this.#waiting.length === 0) this.clear();
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
      this.#grantWaiting();
    });
  }

  /** How long a request asked for now would wait, in ms (0 when it can start at once). */
  expectedWait(now: number = this.#clock.now()): number {
    this.#forgetStartsBefore(now - this.intervalMs);
    // The starts to come, the waiting requests' and then this one's: each an interval after the start `limit` places before it.
    const starts = [...this.#starts];
    for (let index = 0; index <= this.#waiting.length; index++) {
      const blocking = starts.length >= this.limit ? (starts[starts.length - this.limit] as number) : undefined;
      starts.push(blocking === undefined ? now : Math.max(now, blocking + this.intervalMs));
    }
    return (starts[starts.length - 1] as number) - now;
  }

  /** Drops requests still waiting for the budget (they never start; an abort still rejects them). */
  clear(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    this.#waiting = [];
  }

  /** Grants the waiting requests the window has room for, and sets the timer for the next one. */
  #grantWaiting(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    const now = this.#clock.now();
    this.#forgetStartsBefore(now - this.intervalMs);
    while (this.#waiting.length > 0 && this.#starts.length < this.limit) {
      this.#starts.push(now);
      (this.#waiting.shift() as Waiter).grant();
    }
    if (this.#waiting.length === 0) return;
    this.#cancelTimer = this.#clock.setTimer(
      () => this.#grantWaiting(),
      (this.#starts[0] as number) + this.intervalMs - now,
    );
  }

  #forgetStartsBefore(time: number): void {
    const kept = this.#starts.findIndex((start) => start > time);
    this.#starts = kept === -1 ? [] : this.#starts.slice(kept);
  }
}
