import { describe, expect, it } from 'vitest';
import { recordLook, type LookContext, type WatchState } from '../../src/core/alerts/watch-state.js';
import { dueDispatches, holdPending, recordOutcome } from '../../src/core/alerts/outbox.js';
import { stableAlertId } from '../../src/core/alerts/alert-id.js';
import type { Trip } from '../../src/domain/types.js';

const trip = (id: string, fields: Partial<Trip> = {}): Trip => ({
  id,
  date: '2026-12-10',
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: [],
  price_min: 299,
  price_max: 399,
  slots: [2],
  times: ['08:00'],
  ...fields,
});
const byId = (...trips: Trip[]) => new Map(trips.map((t) => [t.id, t]));
const look = (fields: Partial<LookContext> = {}): LookContext => ({
  queryKey: 'q1',
  query: 'Paris → Marseille',
  rules: { motorcycles: 1, priceDrop: 10 },
  hasLeft: (t) => t.date < '2026-12-01',
  today: '2026-12-01',
  now: new Date('2026-12-01T10:00:00Z'),
  forms: { bookingUrl: 'https://symone.fr/moto', quoteUrl: 'https://symone.fr/moto?tab=tab-devis' },
  targets: ['https://hooks.example/a', 'ntfy://ntfy.example/t'],
  ...fields,
});

describe('the alert model', () => {
  it('records the first look as the baseline and finds nothing', () => {
    const first = recordLook(undefined, byId(trip('1'), trip('2', { slots: [0] })), look());
    expect(first.baseline).toBe(true);
    expect(first.alerts).toEqual([]);
    expect(first.state.outbox).toEqual([]);
    expect(Object.keys(first.state.seen)).toEqual(['1', '2']);
  });

  it('finds new, freed (up to the places asked), price drops past the threshold and gone, transitions only', () => {
    const start = recordLook(
      undefined,
      byId(trip('1'), trip('2', { slots: [0] }), trip('3', { slots: [1] }), trip('4'), trip('5', { price_min: 299 })),
      look({ rules: { motorcycles: 2, priceDrop: 10 } }),
    ).state;
    const next = recordLook(
      start,
      byId(
        trip('1', { slots: [1] }),
        trip('2', { slots: [1] }),
        trip('3', { slots: [3] }),
        trip('5', { price_min: 280 }),
        trip('6'),
      ),
      look({ rules: { motorcycles: 2, priceDrop: 10 } }),
    );
    expect(next.alerts.map((a) => [a.kind, a.trip.id])).toEqual([
      ['new', '6'],
      ['freed', '3'],
      ['price-drop', '5'],
      ['gone', '4'],
    ]);
    const freed = next.alerts[1]!;
    expect(freed.before).toEqual({ places: 1, price: 299 });
    expect(freed.after).toEqual({ places: 3, price: 299 });
    const link = new URL(freed.bookingUrl!);
    expect(link.origin + link.pathname).toBe('https://symone.fr/moto');
    expect(link.searchParams.get('route_id')).toBe('3');
    expect(link.searchParams.get('motorcycles')).toBe('2');
    expect(next.alerts[3]!.bookingUrl).toBeUndefined();
    // Every alert is in the outbox for every target before anything is sent.
    expect(next.state.outbox.map((e) => e.pending.length)).toEqual([2, 2, 2, 2]);
    // Looking again at the same trips finds nothing: transitions only.
    expect(recordLook(next.state, byId(...Object.values(next.state.seen)), look()).alerts).toEqual([]);
  });

  it('gives each transition a stable id, different for another transition or a later one', () => {
    const base = recordLook(undefined, byId(trip('1', { slots: [0] })), look()).state;
    const freedA = recordLook(base, byId(trip('1', { slots: [2] })), look()).alerts[0]!;
    const freedB = recordLook(base, byId(trip('1', { slots: [2] })), look()).alerts[0]!;
    expect(freedA.id).toBe(freedB.id);
    expect(freedA.id).toMatch(/^msg_[0-9a-f]{16}$/);
    const other = recordLook(base, byId(trip('1', { slots: [3] })), look()).alerts[0]!;
    expect(other.id).not.toBe(freedA.id);
    expect(stableAlertId(['a', 1])).not.toBe(stableAlertId(['a', 2]));
  });

  it('tells a trip that comes back after going from a new one, and says nothing of a trip that left', () => {
    const base = recordLook(undefined, byId(trip('1'), trip('old', { date: '2026-11-30' })), look()).state;
    const goneRound = recordLook(base, byId(), look());
    expect(goneRound.alerts.map((a) => a.kind)).toEqual(['gone']);
    const back = recordLook(goneRound.state, byId(trip('1', { slots: [1] })), look());
    expect(back.alerts.map((a) => [a.kind, a.before?.places])).toEqual([['freed', 0]]);
  });
});

describe('the outbox', () => {
  const withAlert = (): WatchState => {
    const base = recordLook(undefined, byId(), look({ targets: ['t1', 't2'] })).state;
    return recordLook(base, byId(trip('1')), look({ targets: ['t1', 't2'] })).state;
  };
  const now = new Date('2026-12-01T10:00:00Z');

  it('keeps an alert until each target took it', () => {
    const state = withAlert();
    const [toT1] = dueDispatches(state, 't1', now);
    recordOutcome(state, toT1!, { kind: 'sent' }, now);
    expect(dueDispatches(state, 't1', now)).toEqual([]);
    expect(dueDispatches(state, 't2', now)).toHaveLength(1);
    recordOutcome(state, dueDispatches(state, 't2', now)[0]!, { kind: 'sent' }, now);
    expect(state.outbox).toEqual([]);
    expect(state.sent.map((r) => [r.target, r.outcome])).toEqual([
      ['t1', 'sent'],
      ['t2', 'sent'],
    ]);
  });

  it('retries on the schedule or after Retry-After, then gives up; a 410 disables the target', () => {
    const state = withAlert();
    const schedule = [1000, 2000];
    const first = dueDispatches(state, 't1', now)[0]!;
    expect(recordOutcome(state, first, { kind: 'retry', problem: '500' }, now, schedule)).toMatch(/tried again/);
    expect(dueDispatches(state, 't1', now)).toEqual([]);
    const later = new Date(now.getTime() + 1000);
    recordOutcome(
      state,
      dueDispatches(state, 't1', later)[0]!,
      { kind: 'retry', problem: '429', afterMs: 60_000 },
      later,
      schedule,
    );
    expect(dueDispatches(state, 't1', new Date(later.getTime() + 2000))).toEqual([]);
    const last = new Date(later.getTime() + 60_000);
    expect(
      recordOutcome(state, dueDispatches(state, 't1', last)[0]!, { kind: 'retry', problem: '500' }, last, schedule),
    ).toMatch(/given up after 3 attempts/);
    expect(state.sent.at(-1)).toMatchObject({ target: 't1', outcome: 'given-up' });
    const gone = dueDispatches(state, 't2', now)[0]!;
    expect(recordOutcome(state, gone, { kind: 'disable', problem: 'https://x answered 410 Gone' }, now)).toMatch(
      /disabled/,
    );
    expect(state.disabled.t2?.reason).toMatch(/410/);
    expect(state.outbox).toEqual([]);
    // A disabled target gets nothing put in the outbox again.
    const again = recordLook(state, byId(), look({ targets: ['t2'] }));
    expect(again.alerts).toHaveLength(1);
    expect(again.state.outbox).toEqual([]);
  });

  it('sends what was held through quiet hours as one digest', () => {
    const base = recordLook(undefined, byId(), look({ targets: ['t1'] })).state;
    const two = recordLook(base, byId(trip('1'), trip('2')), look({ targets: ['t1'] })).state;
    holdPending(two);
    const [digest] = dueDispatches(two, 't1', now);
    expect(digest).toMatchObject({ digest: true, target: 't1' });
    expect(digest!.alerts.map((a) => a.trip.id)).toEqual(['1', '2']);
    recordOutcome(two, digest!, { kind: 'sent' }, now);
    expect(two.outbox).toEqual([]);
  });
});
