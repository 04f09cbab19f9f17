import type { BookingForms } from '../../booking/form-url.js';
import type { Trip } from '../../domain/types.js';
import type { AlertRules, TripAlert } from './alert.js';
import { stableAlertId } from './alert-id.js';
import { alertBookingLink } from './booking-link.js';
import { findTransitions } from './transitions.js';

/** Trips remembered after they went (to tell freed from new): at most this many, the oldest forgotten first. */
export const MAX_GONE = 10_000;
/** Deliveries remembered after they were made or given up: the newest this many. */
export const MAX_SENT = 200;

/** One alert still to reach one target: how often it was tried, and when to try again. */
export interface PendingDelivery {
  target: string;
  attempts: number;
  /** Not before this moment (ISO 8601): the retry schedule or the target's Retry-After. */
  nextAttemptAt?: string;
  /** Held through quiet hours: sent in a digest afterwards. */
  held?: boolean;
}

/** An alert recorded before it is sent (the outbox), with the targets it has yet to reach. */
export interface OutboxEntry {
  alert: TripAlert;
  pending: PendingDelivery[];
}

/** A delivery done or given up. */
export interface DeliveryRecord {
  id: string;
  target: string;
  outcome: 'sent' | 'given-up';
  at: string;
  note?: string;
}

/** A target that asked not to be sent anything again (a webhook's 410 Gone). */
export interface DisabledTarget {
  since: string;
  reason: string;
}

/** What a watch saw and sent, kept between runs (one a watched query). */
export interface WatchState {
  version: 1;
  /** The watched query, for whoever reads the file. */
  query: string;
  /** Counts the looks that found a transition: part of each alert's id, so a transition seen again later is a new alert. */
  revision: number;
  seenAt: string;
  seen: Record<string, Trip>;
  gone: Record<string, Trip>;
  outbox: OutboxEntry[];
  sent: DeliveryRecord[];
  disabled: Record<string, DisabledTarget>;
}

/** What one look at the search needs besides the trips. */
export interface LookContext {
  queryKey: string;
  query: string;
  rules: AlertRules;
  /** True for a trip whose departure is past: its going is no news. */
  hasLeft: (trip: Trip) => boolean;
  /** France's date, `YYYY-MM-DD`: gone trips dated before it are forgotten. */
  today: string;
  now: Date;
  forms: BookingForms;
  /** The targets the alerts are for (none: nothing is put in the outbox). */
  targets: readonly string[];
}

/** The state after one look, and the alerts it found (none on the first look: it is the baseline). */
export interface Look {
  state: WatchState;
  alerts: TripAlert[];
  baseline: boolean;
}

/**
 * Records one look at the search. The first look (no state) is the baseline: it records the trips and finds
 * nothing. Later looks find the transitions since the state, record the trips, and put each alert in the outbox
 * for every target not disabled — before anything is sent, so a crash cannot lose or repeat one.
 */
export function recordLook(state: WatchState | undefined, current: ReadonlyMap<string, Trip>, look: LookContext): Look {
  const seenAt = look.now.toISOString();
  if (state === undefined) {
    const baseline: WatchState = {
      version: 1,
      query: look.query,
      revision: 0,
      seenAt,
      seen: Object.fromEntries(current),
      gone: {},
      outbox: [],
      sent: [],
      disabled: {},
    };
    return { state: baseline, alerts: [], baseline: true };
  }
  const seen = new Map(Object.entries(state.seen));
  const gone = new Map(Object.entries(state.gone));
  const transitions = findTransitions({ seen, gone }, current, look.rules, look.hasLeft);
  const revision = transitions.length > 0 ? state.revision + 1 : state.revision;
  const alerts = transitions.map((transition): TripAlert => {
    const { kind, trip, before, after } = transition;
    const id = stableAlertId([
      look.queryKey,
      revision,
      kind,
      trip.id,
      before?.places ?? '',
      before?.price ?? '',
      after?.places ?? '',
      after?.price ?? '',
    ]);
    return {
      id,
      kind,
      trip,
      ...(before && { before }),
      ...(after && { after }),
      ...(kind !== 'gone' && { bookingUrl: alertBookingLink(trip, look.forms, look.rules.motorcycles) }),
      detectedAt: seenAt,
    };
  });
  for (const [id, trip] of seen) if (!current.has(id) && !look.hasLeft(trip)) gone.set(id, trip);
  for (const id of current.keys()) gone.delete(id);
  for (const [id, trip] of gone) if (trip.date < look.today) gone.delete(id);
  const keptGone = [...gone].slice(-MAX_GONE);
  const targets = look.targets.filter((target) => state.disabled[target] === undefined);
  const added =
    targets.length === 0
      ? []
      : alerts.map((alert) => ({ alert, pending: targets.map((target) => ({ target, attempts: 0 })) }));
  return {
    state: {
      ...state,
      query: look.query,
      revision,
      seenAt,
      seen: Object.fromEntries(current),
      gone: Object.fromEntries(keptGone),
      outbox: [...state.outbox, ...added],
    },
    alerts,
    baseline: false,
  };
}
