import type { RateGate } from '../client/options.js';
import { type BudgetClock, SYSTEM_CLOCK } from '../client/rate-budget.js';
import { currentCall } from './call-budget.js';

/** What the budget has done since the server started, for /metrics. */
export interface BudgetCounts {
  /** Requests started upstream. */
  started: number;
  /** Requests that had to wait (a wait too long for their call's deadline refuses the call). */
  waited: number;
}

/**
 * The upstream budget of a server with many sessions: at most `limit` request starts in any rolling window, and each
 * session at most its fair share of them. With `roomForNewcomer`, the share leaves one share free
 * (limit / (sessions + 1)): a burst of one session never spends what the next session's first call needs.
 * A waiting request is never queued for later: it sleeps until its own turn and looks again, so a request its
 * call gave up on leaves nothing behind.
 */
export class FairBudget {
  /** The starts in the window, oldest first: those before `#head` have left it (dropped in bulk now and then). */
  #starts: { at: number; session: string }[] = [];
  #head = 0;
  /** Each session's start times in the window, oldest first; a session with none left is forgotten. */
  readonly #own = new Map<string, number[]>();
  #waiting = new Map<string, number>();
  readonly counts: BudgetCounts = { started: 0, waited: 0 };

  constructor(
    readonly limit: number,
    readonly intervalMs: number,
    readonly roomForNewcomer: boolean,
    readonly clock: BudgetClock = SYSTEM_CLOCK,
  ) {}

  /** The gate the API client waits on: each request counts for the session of the call it runs in. */
  gate(): RateGate {
    return {
      take: (signal, onWait) => {
        const call = currentCall();
        return this.take(call?.session ?? '', signal, onWait).then(() => {
          if (call) call.upstream.count += 1;
        });
      },
    };
  }

  /** Resolves when `session` may start one more request; `onWait(ms)` first when it must wait; rejects on abort. */
  async take(session: string, signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void> {
    let said = false;
    for (;;) {
      signal?.throwIfAborted();
      const wait = this.#waitFor(session);
      if (wait === 0) {
        const at = this.clock.now();
        this.#starts.push({ at, session });
        const own = this.#own.get(session);
        if (own) own.push(at);
        else this.#own.set(session, [at]);
        this.counts.started += 1;
        return;
      }
      if (!said) {
        said = true;
        this.counts.waited += 1;
        onWait?.(wait);
        signal?.throwIfAborted();
      }
      this.#waiting.set(session, (this.#waiting.get(session) ?? 0) + 1);
      try {
        await this.#sleep(wait, signal);
      } finally {
        const left = (this.#waiting.get(session) ?? 1) - 1;
        if (left === 0) this.#waiting.delete(session);
        else this.#waiting.set(session, left);
      }
    }
  }

  /** The share of one session now: the limit over the active sessions (plus one for a newcomer). */
  shareOf(session: string): number {
    let active = this.#own.size;
    for (const other of this.#waiting.keys()) if (!this.#own.has(other)) active += 1;
    if (!this.#own.has(session) && !this.#waiting.has(session)) active += 1;
    return Math.max(1, Math.floor(this.limit / (active + (this.roomForNewcomer ? 1 : 0))));
  }

  /** The sessions with a start in the window or a request waiting, and the starts in the window (for the tests). */
  held(): { sessions: number; starts: number } {
    this.#leaveWindow(this.clock.now());
    let sessions = this.#own.size;
    for (const other of this.#waiting.keys()) if (!this.#own.has(other)) sessions += 1;
    return { sessions, starts: this.#starts.length - this.#head };
  }

  /** How long a request of `session` asked for now would wait (0 when it may start at once). */
  #waitFor(session: string): number {
    const now = this.clock.now();
    this.#leaveWindow(now);
    const own = this.#own.get(session) ?? [];
    const inWindow = this.#starts.length - this.#head;
    const share = this.shareOf(session);
    if (inWindow < this.limit && own.length < share) return 0;
    // The start whose leaving makes room: for the session's share, and for the whole budget; queued requests count.
    const ownBlocking =
      own.length >= share ? own[Math.min(own.length - 1, own.length - share + this.#queued(session))] : undefined;
    const allBlocking =
      inWindow >= this.limit
        ? this.#starts[this.#head + Math.min(inWindow - 1, inWindow - this.limit + this.#queued())]?.at
        : undefined;
    const until = Math.max(ownBlocking ?? 0, allBlocking ?? 0) + this.intervalMs;
    return Math.max(1, until - now);
  }

  /**
   * Forgets the starts that left the window (in place: a busy server takes thousands of requests a minute, and copying
   * them on every request was most of its garbage), and the sessions left with none.
   */
  #leaveWindow(now: number): void {
    const since = now - this.intervalMs;
    for (
      let start = this.#starts[this.#head];
      start !== undefined && start.at <= since;
      start = this.#starts[this.#head]
    ) {
      this.#head += 1;
      const own = this.#own.get(start.session);
      own?.shift();
      if (own?.length === 0) this.#own.delete(start.session);
    }
    if (this.#head === this.#starts.length) {
      this.#starts = [];
      this.#head = 0;
    } else if (this.#head >= 1_024 && this.#head * 2 >= this.#starts.length) {
      this.#starts = this.#starts.slice(this.#head);
      this.#head = 0;
    }
  }

  #queued(session?: string): number {
    if (session !== undefined) return this.#waiting.get(session) ?? 0;
    let count = 0;
    for (const waiting of this.#waiting.values()) count += waiting;
    return count;
  }

  #sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        cancel();
        reject(signal?.reason);
      };
      const cancel = this.clock.setTimer(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
