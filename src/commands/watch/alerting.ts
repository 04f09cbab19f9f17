import { join } from 'node:path';
import type { Context } from '../../cli/context.js';
import type { TripAlert } from '../../core/alerts/alert.js';
import { holdPending, RETRY_SCHEDULE_MS } from '../../core/alerts/outbox.js';
import { recordLook, type WatchState } from '../../core/alerts/watch-state.js';
import { hasLeft } from '../../core/upcoming.js';
import type { Trip } from '../../domain/types.js';
import { Courier } from '../../notify/courier.js';
import { sanitiseText } from '../../output/sanitise.js';
import type { WatchPlan } from './options.js';
import { inQuietHours } from './quiet-hours.js';
import { queryKey, StateFile, stateDirectory } from './state-file.js';
import { ALERT_WORDS } from './alert-words.js';

/** Which service a watch's state belongs to: one service's trips are no news about another's (--sandbox: one). */
function serviceOf(ctx: Context): string {
  if (ctx.globals.sandbox) return 'sandbox';
  return `${ctx.setting('base-url').value ?? ''}${ctx.globals.legacy ? ' legacy' : ''}`;
}

/** The state file of the watch `plan` describes, in the user's state directory. */
export function watchStateFile(ctx: Context, plan: WatchPlan): StateFile {
  const key = queryKey({
    service: serviceOf(ctx),
    query: plan.query,
    filter: plan.filter,
    radiusKm: plan.radiusKm ?? null,
  });
  return new StateFile(join(stateDirectory(ctx.io.env), `watch-${key}.json`), key);
}

/**
 * What a watch keeps between runs and who it tells: each look is recorded (the alerts into the outbox) and
 * saved before anything is sent; the courier then takes the outbox to the targets, each on its own, held
 * through quiet hours.
 */
export class AlertKeeper {
  #state: WatchState | undefined;
  #courier: Courier | undefined;

  private constructor(
    private readonly ctx: Context,
    private readonly plan: WatchPlan,
    private readonly file: StateFile,
    state: WatchState | undefined,
  ) {
    this.#state = state;
  }

  /**
   * Takes the watch's state and reads it (a file that cannot be read is moved aside, said, and the run starts
   * afresh); the pid of another live watch of the same query when it holds the state.
   */
  static async open(ctx: Context, plan: WatchPlan): Promise<AlertKeeper | { busy: number }> {
    const file = watchStateFile(ctx, plan);
    const holder = await file.lock();
    if (holder !== undefined) return { busy: holder };
    const read = await file.read();
    const words = ALERT_WORDS[ctx.lang];
    if (read.kind === 'unreadable') ctx.warn(words.unreadable(read.movedTo));
    const state = read.kind === 'state' ? read.state : undefined;
    for (const target of plan.targets) {
      const disabled = state?.disabled[target.key];
      if (disabled) ctx.warn(words.disabled(sanitiseText(target.label), disabled.since, sanitiseText(disabled.reason)));
    }
    return new AlertKeeper(ctx, plan, file, state);
  }

  /** The trips of the last look (and those seen going), or undefined before the first. */
  get previous(): { seen: Map<string, Trip>; gone: Map<string, Trip> } | undefined {
    const state = this.#state;
    return state && { seen: new Map(Object.entries(state.seen)), gone: new Map(Object.entries(state.gone)) };
  }

  /** Records a look, saves it (alerts pending in the outbox), and starts sending. Returns the alerts found. */
  async look(current: ReadonlyMap<string, Trip>, query: string): Promise<TripAlert[]> {
    const { ctx, plan } = this;
    const result = recordLook(this.#state, current, {
      queryKey: this.file.key,
      query,
      rules: { motorcycles: plan.filter.minSlots ?? 1, priceDrop: plan.priceDrop },
      hasLeft: (trip) => hasLeft(trip, ctx.clock.moment()),
      today: ctx.clock.today(),
      now: new Date(),
      forms: { bookingUrl: ctx.setting('booking-url').value ?? '', quoteUrl: ctx.setting('quote-url').value ?? '' },
      targets: plan.targets.map((target) => target.key),
    });
    if (this.#state) Object.assign(this.#state, result.state);
    else this.#state = result.state;
    await this.file.write(this.#state);
    await this.dispatch();
    return result.alerts;
  }

  /** Sends what the outbox holds, or holds it through quiet hours. */
  async dispatch(): Promise<void> {
    const state = this.#state;
    if (state === undefined || this.plan.targets.length === 0 || state.outbox.length === 0) return;
    if (this.plan.quietHours && inQuietHours(this.plan.quietHours, this.ctx.clock.now())) {
      holdPending(state);
      await this.file.write(state);
      return;
    }
    this.#courier ??= this.#newCourier(state);
    this.#courier.kick();
  }

  /** Waits for every target to be done for now (each within its deadline). */
  async settle(): Promise<void> {
    await this.#courier?.idle();
  }

  /** Waits for the targets, then gives the state back to the next watch of this query. */
  async close(): Promise<void> {
    await this.settle();
    await this.file.unlock();
  }

  #newCourier(state: WatchState): Courier {
    const { ctx, plan } = this;
    const words = ALERT_WORDS[ctx.lang];
    return new Courier({
      targets: plan.targets,
      state,
      save: () => this.file.write(state),
      lang: ctx.lang,
      deadlineMs: plan.notifyTimeoutMs,
      schedule: retrySchedule(ctx.io.env),
      send: {
        signal: ctx.signal,
        env: ctx.io.env,
        ...(plan.webhookSecret !== undefined && { webhookSecret: plan.webhookSecret }),
        now: () => new Date(),
        stderr: ctx.stderr,
      },
      onSent: (target, dispatch) => ctx.note(words.sent(sanitiseText(target.label), dispatch.alerts.length)),
      onNote: (_target, note) => ctx.warn(sanitiseText(note)),
    });
  }
}

/** The retry schedule: the Standard Webhooks one, or (tests only) MOTOROUTE_NOTIFY_RETRY_MS, waits in ms separated by commas. */
export function retrySchedule(env: NodeJS.ProcessEnv): readonly number[] {
  const text = env.MOTOROUTE_NOTIFY_RETRY_MS;
  if (text === undefined || !/^\d+(,\d+)*$/.test(text.trim())) return RETRY_SCHEDULE_MS;
  return text.trim().split(',').map(Number);
}
