import PQueue from 'p-queue';

/**
 * One request budget: at most `limit` request starts in any rolling `intervalMs` window, bursts allowed.
 * p-queue's default interval mode uses fixed windows (2×limit could start around a window boundary),
 * so strict mode (a sliding window over start times) is used; each request takes a ticket before it starts.
 */
export class RateBudget {
  readonly #queue: PQueue;
  // Mirror of the granted start times, only to tell onRateWait how long a new request will wait.
  #starts: number[] = [];

  constructor(
    readonly limit: number,
    readonly intervalMs: number,
  ) {
    this.#queue = new PQueue({ intervalCap: limit, interval: intervalMs, strict: true });
  }

  /** Waits until one more request may start; calls `onWait(ms)` first when that means waiting. */
  async take(signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void> {
    const wait = this.expectedWait();
    if (wait > 0) onWait?.(wait);
    await this.#queue.add(
      () => {
        this.#starts.push(Date.now());
      },
      signal ? { signal } : {},
    );
  }

  /** How long a request asked for now would wait, in ms (0 when it can start at once). */
  expectedWait(now: number = Date.now()): number {
    this.#starts = this.#starts.filter((start) => now - start < this.intervalMs);
    const simulated = [...this.#starts];
    let startAt = now;
    // Replay the requests already queued ahead of this one, then this one, through the sliding window.
    for (let index = 0; index <= this.#queue.size; index++) {
      const blocking = simulated.length >= this.limit ? simulated[simulated.length - this.limit] : undefined;
      startAt = blocking === undefined ? now : Math.max(now, blocking + this.intervalMs);
      simulated.push(startAt);
    }
    return Math.max(0, startAt - now);
  }

  /** Drops requests still waiting for the budget (they never start). */
  clear(): void {
    this.#queue.clear();
  }
}
