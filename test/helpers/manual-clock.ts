import type { BudgetClock } from '../../src/client/rate-budget.js';

/** A clock that moves only when the test says so: its timers run, in order, as `advance` passes their time. */
export class ManualClock implements BudgetClock {
  #now = 0;
  #timers: { at: number; run: () => void }[] = [];

  now(): number {
    return this.#now;
  }

  setTimer(run: () => void, ms: number): () => void {
    const timer = { at: this.#now + Math.max(0, ms), run };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((other) => other !== timer);
    };
  }

  /** Timers not yet run. */
  get pendingTimers(): number {
    return this.#timers.length;
  }

  /** Moves the time on by `ms`, running each timer due on the way at its own time. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const next = this.#timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.#timers = this.#timers.filter((timer) => timer !== next);
      this.#now = Math.max(this.#now, next.at);
      next.run();
    }
    this.#now = end;
  }
}
