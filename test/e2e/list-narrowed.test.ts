import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { useService } from '../helpers/service.js';
import { franceMoment } from '../../src/domain/france-time.js';
import { hasLeft } from '../../src/core/upcoming.js';
import type { Trip } from '../../src/domain/types.js';

// `list --from/--to` on the default (mixed) listing answers from the search of those cities through the batch
// endpoint instead of reading the whole listing (issue 39): the same trips as `search --all`, at several hours of
// France's day, in a few requests that do not grow with the search's pages.
const service = useService({ routes: 100_000 });
const FAST = { MOTOROUTE_RATE: '6000' };

// FIXED_DAY is in December: France is at UTC+1.
const HOURS = {
  '00:30': '2026-12-09T23:30:00Z',
  '12:00': `${FIXED_DAY}T11:00:00Z`,
  '22:30': `${FIXED_DAY}T21:30:00Z`,
} as const;

const CASES: string[][] = [
  ['--from', 'Paris', '--to', 'Marseille'],
  ['--to', 'Paris', '--min-slots', '2'],
  ['Lyon', '--max-price', '300', '--sort', 'price'],
  ['--from', 'Paris', '--via', 'Lyon', '--after', '+2d', '--before', '+20d'],
];

/** A written trip; a listing trip judged on its record alone would name what the record left out. */
type Written = Trip & { unknown?: string[] };

const rows = (result: CliResult): Written[] =>
  result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Written);

describe.each(Object.entries(HOURS))('at %s in France', (hour, now) => {
  const moment = franceMoment(new Date(now));
  const cli = (args: string[]) =>
    runCli(['--base-url', service.base, ...args, '--format', 'ndjson', '--no-hints'], {
      env: { ...FAST, MOTOROUTE_NOW: now },
      timeoutMs: 60_000,
    });

  it.each(CASES.map((args) => [args.join(' '), args] as const))(
    'list %s gives the trips of search --all, without the listing, in a few requests',
    async (_name, args) => {
      expect(moment.time).toBe(hour);
      service.server.stats.reset();
      const listed = await cli(['list', ...args]);
      const stats = service.server.stats;
      const listingReads = stats.requests('/route/get/results');
      const sizing = stats.requests('/route/ai/search');
      const batches = stats.requests('/route/ai/batch');
      const searched = await cli(['search', ...args, '--all']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(searched.code, searched.stderr).toBe(0);
      const trips = rows(listed);
      expect(trips.length).toBeGreaterThan(0);
      // Same ids in the same order (date order, or price order for --sort price).
      expect(trips.map((trip) => trip.id)).toEqual(rows(searched).map((trip) => trip.id));
      for (const trip of trips) expect(hasLeft(trip, moment)).toBe(false);
      // Complete records: nothing marked unknown.
      for (const trip of trips) expect(trip.unknown ?? []).toEqual([]);
      expect(listingReads).toBe(0);
      expect(sizing).toBeLessThanOrEqual(2);
      expect(batches).toBeGreaterThanOrEqual(1);
      // Two sizing searches and a batch request per 20,000 trips or so, where the search's own pages of 100 take one
      // request per 100 trips (the 100,000 routes hold ~5,000 Paris → Marseille trips: 50 pages).
      expect(sizing + batches).toBeLessThanOrEqual(4);
      if (trips.length > 1000) expect(sizing + batches).toBeLessThan(trips.length / 100);
    },
    120_000,
  );
});

describe('list --limit N on a narrowed listing', () => {
  it('sends no batch request past the one that holds the first N trips', async () => {
    const run = (args: string[]) =>
      runCli(['--base-url', service.base, 'list', '--from', 'Paris', ...args, '--format', 'ndjson'], {
        env: FAST,
        timeoutMs: 60_000,
      });
    service.server.stats.reset();
    const every = await run([]);
    const batchesForEvery = service.server.stats.requests('/route/ai/batch');
    service.server.stats.reset();
    const three = await run(['--limit', '3']);
    const batchesForThree = service.server.stats.requests('/route/ai/batch');
    expect(every.code, every.stderr).toBe(0);
    expect(three.code, three.stderr).toBe(0);
    expect(batchesForEvery).toBeGreaterThan(1);
    expect(batchesForThree).toBe(1);
    expect(rows(three).map((trip) => trip.id)).toEqual(
      rows(every)
        .slice(0, 3)
        .map((trip) => trip.id),
    );
  }, 120_000);
});

describe('list reads the listing itself', () => {
  it.each([['--listing'], ['--raw'], ['--quick']])(
    'with %s, even with --from and --to',
    async (flag) => {
      service.server.stats.reset();
      const result = await runCli(
        ['--base-url', service.base, 'list', '--from', 'Paris', '--to', 'Marseille', flag, '--format', 'ndjson'],
        { env: FAST, timeoutMs: 60_000 },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).not.toBe('');
      expect(service.server.stats.requests('/route/get/results')).toBe(1);
    },
    120_000,
  );

  it('without --from or --to (nothing narrows it)', async () => {
    service.server.stats.reset();
    const result = await runCli(['--base-url', service.base, 'list', '--max-price', '200', '--format', 'ndjson'], {
      env: FAST,
      timeoutMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(service.server.stats.requests('/route/get/results')).toBe(1);
  }, 120_000);
});
