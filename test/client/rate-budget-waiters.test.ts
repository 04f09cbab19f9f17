import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../src/client/rate-budget.js';
import { ManualClock } from '../helpers/manual-clock.js';

const MINUTE = 60_000;

/** Lets promise callbacks run (grants resolve on the microtask queue). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RateBudget: a refused waiter is dropped at once', () => {
  it('drops a waiter whose onWait aborts it, and is whole again a minute after the last real start', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget(60, MINUTE, clock);
    for (let index = 0; index < 60; index++) await budget.take();
    const refusals: unknown[] = [];
    for (let index = 0; index < 160; index++) {
      const controller = new AbortController();
      // As the MCP server's hook does: a wait past the call's deadline stops the call from within onWait.
      await budget
        .take(controller.signal, () => controller.abort(new Error('refused')))
        .catch((error: unknown) => {
          refusals.push(error);
        });
    }
    expect(refusals).toHaveLength(160);
    // Nothing queued, no timer kept for the dead: the next request's wait is the first real start's exit only.
    expect(clock.pendingTimers).toBe(0);
    expect(budget.expectedWait()).toBe(MINUTE);
    clock.advance(MINUTE + 5_000);
    expect(budget.expectedWait()).toBe(0);
    const waits: number[] = [];
    for (let index = 0; index < 60; index++) await budget.take(undefined, (ms) => waits.push(ms));
    expect(waits).toEqual([]);
  });

  it('drops a waiter aborted while it waits, and grants the next waiter in its place', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget(1, MINUTE, clock);
    await budget.take();
    const first = new AbortController();
    const aborted = budget.take(first.signal).then(
      () => 'granted',
      () => 'rejected',
    );
    const second = budget.take().then(() => 'granted');
    first.abort();
    expect(await aborted).toBe('rejected');
    clock.advance(MINUTE);
    expect(await second).toBe('granted');
    // The aborted waiter took no start: one minute on, the budget is whole again.
    clock.advance(MINUTE);
    expect(budget.expectedWait()).toBe(0);
  });

  it('refuses an already aborted signal without queuing it, whatever the order', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget(1, MINUTE, clock);
    await budget.take();
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(budget.take(controller.signal)).rejects.toThrow('gone');
    expect(clock.pendingTimers).toBe(0);
    let granted = false;
    void budget.take().then(() => (granted = true));
    clock.advance(MINUTE);
    await settle();
    expect(granted).toBe(true);
  });
});
