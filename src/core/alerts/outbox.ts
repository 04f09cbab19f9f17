import type { TripAlert } from './alert.js';
import { stableAlertId } from './alert-id.js';
import { MAX_SENT, type DeliveryRecord, type WatchState } from './watch-state.js';

/**
 * The Standard Webhooks retry schedule (after the first attempt): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
 * Waits that do not fit in a run are kept in the state and taken up by a later run.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

/** One message for one target: an alert, or a digest of the alerts held through quiet hours. */
export interface Dispatch {
  /** The message's id: the alert's, or one made of the digest's alerts. */
  id: string;
  target: string;
  alerts: TripAlert[];
  digest: boolean;
}

/** How a target took a message. */
export type DeliveryOutcome =
  | { kind: 'sent' }
  /** Try again later: after `afterMs` when the target said (Retry-After), else on the schedule. */
  | { kind: 'retry'; problem: string; afterMs?: number }
  /** Never again to this target (410 Gone). */
  | { kind: 'disable'; problem: string }
  /** Not this message, and no use trying it again. */
  | { kind: 'fail'; problem: string };

/**
 * The messages due for `target` at `now`: each pending alert on its own, except that alerts held through quiet
 * hours go together in one digest once there are several.
 */
export function dueDispatches(state: WatchState, target: string, now: Date): Dispatch[] {
  const due = (at: string | undefined) => at === undefined || Date.parse(at) <= now.getTime();
  const single: Dispatch[] = [];
  const held: TripAlert[] = [];
  for (const entry of state.outbox) {
    const delivery = entry.pending.find((pending) => pending.target === target);
    if (!delivery || !due(delivery.nextAttemptAt)) continue;
    if (delivery.held) held.push(entry.alert);
    else single.push({ id: entry.alert.id, target, alerts: [entry.alert], digest: false });
  }
  if (held.length === 1) single.unshift({ id: held[0]!.id, target, alerts: held, digest: false });
  if (held.length > 1)
    single.unshift({
      id: stableAlertId(['digest', ...held.map((alert) => alert.id)]),
      target,
      alerts: held,
      digest: true,
    });
  return single;
}

/** Holds every pending alert of the outbox (quiet hours): they go out together afterwards. */
export function holdPending(state: WatchState): void {
  for (const entry of state.outbox) for (const delivery of entry.pending) delivery.held = true;
}

/**
 * Records how a dispatch went, in place: sent or given up, it leaves the outbox (an alert with no target left
 * leaves it whole) and joins the log; a retry waits for its turn on `schedule`, or gives up past its end; a
 * disabled target is dropped from every pending alert. Returns a note for the user when there is one.
 */
export function recordOutcome(
  state: WatchState,
  dispatch: Dispatch,
  outcome: DeliveryOutcome,
  now: Date,
  schedule: readonly number[] = RETRY_SCHEDULE_MS,
): string | undefined {
  const at = now.toISOString();
  const log = (record: DeliveryRecord) => {
    state.sent.push(record);
    if (state.sent.length > MAX_SENT) state.sent.splice(0, state.sent.length - MAX_SENT);
  };
  const ids = new Set(dispatch.alerts.map((alert) => alert.id));
  const ours = state.outbox.filter((entry) => ids.has(entry.alert.id));
  const drop = (target: string, entries = ours) => {
    for (const entry of entries) entry.pending = entry.pending.filter((pending) => pending.target !== target);
    state.outbox = state.outbox.filter((entry) => entry.pending.length > 0);
  };
  let note: string | undefined;
  if (outcome.kind === 'sent') {
    for (const id of ids) log({ id, target: dispatch.target, outcome: 'sent', at });
    drop(dispatch.target);
  } else if (outcome.kind === 'disable') {
    state.disabled[dispatch.target] = { since: at, reason: outcome.problem };
    for (const id of ids) log({ id, target: dispatch.target, outcome: 'given-up', at, note: outcome.problem });
    drop(dispatch.target, state.outbox);
    note = `${outcome.problem}: this target is now disabled and is sent nothing more.`;
  } else if (outcome.kind === 'fail') {
    for (const id of ids) log({ id, target: dispatch.target, outcome: 'given-up', at, note: outcome.problem });
    drop(dispatch.target);
    note = `${outcome.problem}; this alert is not sent to it.`;
  } else {
    for (const entry of ours) {
      const delivery = entry.pending.find((pending) => pending.target === dispatch.target);
      if (!delivery) continue;
      delivery.attempts += 1;
      const wait = outcome.afterMs ?? schedule[delivery.attempts - 1];
      if (wait === undefined || delivery.attempts > schedule.length) continue;
      delivery.nextAttemptAt = new Date(now.getTime() + wait).toISOString();
    }
    const exhausted = ours.filter((entry) =>
      entry.pending.some((pending) => pending.target === dispatch.target && pending.attempts > schedule.length),
    );
    if (exhausted.length > 0) {
      for (const entry of exhausted)
        log({ id: entry.alert.id, target: dispatch.target, outcome: 'given-up', at, note: outcome.problem });
      drop(dispatch.target, exhausted);
      note = `${outcome.problem}; given up after ${schedule.length + 1} attempts.`;
    } else note = `${outcome.problem}; it will be tried again.`;
  }
  return note;
}
