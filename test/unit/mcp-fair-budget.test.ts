import { describe, expect, it } from 'vitest';
import { FairBudget } from '../../src/mcp/fair-budget.js';
import { ManualClock } from '../helpers/manual-clock.js';

const MINUTE = 60_000;

/** Takes for `session` without waiting: true when it started, false when it would have had to wait. */
async function tryTake(budget: FairBudget, session: string): Promise<boolean> {
  const controller = new AbortController();
  return budget
    .take(session, controller.signal, () => controller.abort(new Error('would wait')))
    .then(
      () => true,
      () => false,
    );
}

async function burst(budget: FairBudget, session: string, attempts: number): Promise<number> {
  let started = 0;
  for (let index = 0; index < attempts; index++) if (await tryTake(budget, session)) started += 1;
  return started;
}

describe('the MCP server’s fair upstream budget', () => {
  it('shared by many users: a burst of one takes its share and leaves the next session’s at once', async () => {
    const clock = new ManualClock();
    const budget = new FairBudget(60, MINUTE, true, clock);
    expect(await burst(budget, 'A', 100)).toBe(30);
    expect(await burst(budget, 'B', 100)).toBe(20);
    expect(await tryTake(budget, 'C')).toBe(true);
    expect(budget.counts).toEqual({ started: 51, waited: 150 });
    // A refused request left nothing behind: a minute on, every session has its whole share again.
    expect(clock.pendingTimers).toBe(0);
    clock.advance(MINUTE);
    expect(await burst(budget, 'A', 100)).toBe(30);
  });

  it('for one user (stdio): the whole budget', async () => {
    const budget = new FairBudget(60, MINUTE, false, new ManualClock());
    expect(await burst(budget, '', 100)).toBe(60);
  });

  it('a request that waits starts once its session’s oldest start leaves the window', async () => {
    const clock = new ManualClock();
    const budget = new FairBudget(2, MINUTE, false, clock);
    await budget.take('A');
    clock.advance(10_000);
    await budget.take('A');
    const waits: number[] = [];
    let started = false;
    const waiting = budget.take('A', undefined, (ms) => waits.push(ms)).then(() => (started = true));
    expect(waits).toEqual([50_000]);
    clock.advance(49_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(false);
    clock.advance(1);
    await waiting;
    expect(started).toBe(true);
  });

  it('holds nothing of its users once a window has passed without a request', async () => {
    const clock = new ManualClock();
    const budget = new FairBudget(6_000, MINUTE, true, clock);
    for (let index = 0; index < 3_000; index++) {
      await budget.take(`client ${index % 200}`);
      if (index % 100 === 99) clock.advance(1_000);
    }
    expect(budget.held()).toEqual({ sessions: 200, starts: 3_000 });
    // 100 starts a second for 30 s: a minute after the first, its second's starts have left, the others are counted.
    clock.advance(MINUTE - 30_000);
    expect(budget.held().starts).toBe(2_900);
    clock.advance(30_000);
    expect(budget.held()).toEqual({ sessions: 0, starts: 0 });
    expect(clock.pendingTimers).toBe(0);
    // And the budget is whole again.
    expect(await burst(budget, 'A', 4_000)).toBe(3_000);
  });
});
