import { dueDispatches, recordOutcome, type Dispatch } from '../core/alerts/outbox.js';
import type { WatchState } from '../core/alerts/watch-state.js';
import { noticeOf } from './notice.js';
import { sendNotice } from './send.js';
import type { NotifyTarget, SendOptions } from './target.js';

/** What the courier needs: the targets, the one state object it updates, and how to save and report. */
export interface CourierOptions {
  targets: readonly NotifyTarget[];
  /** The watch's state: one object, updated in place by the rounds and by the courier. */
  state: WatchState;
  /** Writes the state; called after every outcome, so a crash never sends an alert twice. */
  save: () => Promise<void>;
  lang: 'en' | 'fr';
  /** How long one target may take, retries included, each time it is kicked. */
  deadlineMs: number;
  /** The waits between attempts (the Standard Webhooks schedule; shorter in tests). */
  schedule: readonly number[];
  send: Omit<SendOptions, 'signal'> & { signal: AbortSignal };
  onSent: (target: NotifyTarget, dispatch: Dispatch) => void;
  onNote: (target: NotifyTarget, note: string) => void;
}

/**
 * Takes the outbox's alerts to their targets, each target on its own: a slow or failing one never delays
 * another, nor the watch's next round. Each target gets its own deadline, within which it is retried on the
 * schedule; what is still pending at the deadline stays in the outbox for the next kick (or the next run).
 */
export class Courier {
  readonly #busy = new Map<string, Promise<void>>();

  constructor(private readonly options: CourierOptions) {}

  /** Starts delivering to every target that is not already busy. */
  kick(): void {
    for (const target of this.options.targets) {
      if (this.#busy.has(target.key)) continue;
      const run = this.#deliver(target).finally(() => this.#busy.delete(target.key));
      this.#busy.set(target.key, run);
    }
  }

  /** Resolves when every target is done for now (delivered, or pending until later). */
  async idle(): Promise<void> {
    while (this.#busy.size > 0) await Promise.all(this.#busy.values());
  }

  async #deliver(target: NotifyTarget): Promise<void> {
    const { state, send, deadlineMs, schedule } = this.options;
    const deadline = send.now().getTime() + deadlineMs;
    const signal = AbortSignal.any([send.signal, AbortSignal.timeout(deadlineMs)]);
    while (!signal.aborted && state.disabled[target.key] === undefined) {
      const due = dueDispatches(state, target.key, send.now());
      if (due.length === 0) {
        const next = nextAttempt(state, target.key);
        if (next === undefined || next >= deadline) return;
        if (!(await sleep(next - send.now().getTime(), signal))) return;
        continue;
      }
      for (const dispatch of due) {
        const outcome = await sendNotice(target, noticeOf(dispatch, this.options.lang, send.now()), {
          ...send,
          signal,
        });
        const note = recordOutcome(state, dispatch, outcome, send.now(), schedule);
        await this.options.save();
        if (outcome.kind === 'sent') this.options.onSent(target, dispatch);
        else if (note !== undefined) this.options.onNote(target, note);
        if (outcome.kind === 'disable' || signal.aborted) return;
      }
    }
  }
}

/** The earliest retry waiting for `target`, in epoch ms. */
function nextAttempt(state: WatchState, target: string): number | undefined {
  let next: number | undefined;
  for (const entry of state.outbox)
    for (const delivery of entry.pending)
      if (delivery.target === target && delivery.nextAttemptAt !== undefined) {
        const at = Date.parse(delivery.nextAttemptAt);
        next = next === undefined ? at : Math.min(next, at);
      }
  return next;
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      resolve(value);
    };
    const abort = () => done(false);
    const timer = setTimeout(() => done(true), Math.max(0, ms));
    signal.addEventListener('abort', abort, { once: true });
  });
}
