import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { allSearchTrips, useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { addDays } from '../../src/domain/dates.js';
import type { Trip } from '../../src/domain/types.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

// Issue 28's hints: the whole known range of dates, honest wording, the run's flags kept, a bounded failure;
// --flex reads its whole window; a search from a city to itself is refused as book refuses it.

const service = useService({ routes: 3000 });
const onTerminal = (...args: string[]) =>
  runOnTerminal(['--base-url', service.base, '--no-color', ...args], { columns: 140 });
const plain = (screen: string) => screen.replace(/\r\n/g, '\n');

beforeEach(() => service.server.stats.reset());

const allTrips = (query: string): Promise<Trip[]> => allSearchTrips(service.base, query);

describe('hints look at every date the service knows', () => {
  it('a day in 2028 learns the last date Paris → Marseille has trips, within the same 4 requests', async () => {
    const dates = (await allTrips('depart=Paris&arrival=Marseille')).map((trip) => trip.date).sort();
    const last = dates.at(-1)!;
    expect(last < '2028-01-01').toBe(true);
    service.server.stats.reset();
    const result = await onTerminal('search', 'Paris', 'Marseille', '--date', '2028-03-15');
    expect(result.code).toBe(0);
    const screen = plain(result.screen);
    const [year, month, day] = last.split('-');
    expect(screen).toMatch(new RegExp(`^Nearest dates with trips: \\w{3} ${day} \\w{3} ${year} \\(before\\)$`, 'm'));
    expect(screen).toContain(`search Paris Marseille --date ${last}\n`);
    expect(month).toBeDefined();
    const hintRequests =
      service.server.stats.requests('/route/cities-near') + service.server.stats.requests('/route/ai/batch');
    expect(hintRequests).toBeLessThanOrEqual(4);
  });

  it('a nearby pair whose trips all come before the asked date is dated by its last trip, and says so', async () => {
    const result = await onTerminal('search', 'Grenoble', 'Marseille', '--date', '2028-03-15');
    const screen = plain(result.screen);
    expect(screen).toMatch(
      /^ {2}Chambéry \(45 km from Grenoble\) → .*: \d+ trips? at other dates, last \w{3} \d\d \w{3} 20\d\d$/m,
    );
    expect(screen).not.toMatch(/at other dates, first/);
  });

  it('suggested commands keep the run’s --sort, --format and --lang', async () => {
    const result = await onTerminal(
      'search',
      'Paris',
      'Marseille',
      '--date',
      '2028-03-15',
      '--sort',
      'price',
      '--format',
      'csv',
      '--lang',
      'fr',
    );
    expect(plain(result.screen)).toMatch(
      /^ {2}motoroute --base-url \S+ search Paris Marseille --date \d{4}-\d\d-\d\d --sort price --format csv --lang fr$/m,
    );
  });
});

describe('a hint request that fails', () => {
  const failing = useService({ routes: 500 });

  it('is tried once, not retried for 3 s, and the run says hints could not be had', async () => {
    failing.server.faults.failNext(2, '/route/cities-near');
    failing.server.stats.reset();
    const result = await runOnTerminal(['--base-url', failing.base, '--no-color', 'search', 'Grenoble', 'Marseille'], {
      columns: 120,
    });
    // Grenoble is not served: exit 2, whether or not hints could be had.
    expect(result.code).toBe(2);
    expect(plain(result.screen)).toMatch(/^No hints: .*500/m);
    expect(failing.server.stats.requests('/route/cities-near')).toBe(2);
  });
});

describe('--flex reads its whole window', () => {
  it('prints every trip of the window, not page 1, so the asked day is never left out', async () => {
    const day = addDays(FIXED_DAY, 20);
    const window = await allTrips(`date_from=${addDays(day, -5)}&date_to=${addDays(day, 5)}`);
    expect(window.length).toBeGreaterThan(50);
    const result = await runCli([
      '--base-url',
      service.base,
      'search',
      '--date',
      day,
      '--flex',
      '5',
      '--format',
      'ndjson',
    ]);
    expect(result.code).toBe(0);
    const ids = result.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as Trip).id);
    expect(ids).toEqual(window.map((trip) => trip.id));
  });

  it('prints the legend of the asked day only when its trips are in the table', async () => {
    const dates = new Set((await allTrips('depart=Paris&arrival=Marseille')).map((trip) => trip.date));
    let gap = addDays(FIXED_DAY, 2);
    while (dates.has(gap) || ![1, 2].some((k) => dates.has(addDays(gap, k)) || dates.has(addDays(gap, -k))))
      gap = addDays(gap, 1);
    const withoutDay = plain((await onTerminal('search', 'Paris', 'Marseille', '--date', gap, '--flex', '2')).screen);
    expect(withoutDay).toMatch(/^\d+ trips?/m);
    expect(withoutDay).not.toContain('the day asked for');
    const withDay = plain(
      (
        await onTerminal(
          'search',
          'Paris',
          'Marseille',
          '--date',
          addDays(gap, dates.has(addDays(gap, 1)) ? 1 : -1),
          '--flex',
          '1',
        )
      ).screen,
    );
    expect(withDay).toMatch(/^• the day asked for$/m);
    // The same through the batch endpoint (--radius): its trips on other days, and no legend.
    const widened = plain(
      (await onTerminal('search', 'Paris', 'Marseille', '--radius', '1', '--date', gap, '--flex', '2')).screen,
    );
    expect(widened).toMatch(/^\d+ trips?/m);
    expect(widened).not.toContain('the day asked for');
  });
});

describe('the same city at both ends', () => {
  it('is refused with exit 2 before any request, as book refuses it', async () => {
    for (const args of [
      ['Paris', 'Paris'],
      ['--from', 'paris', '--to', 'PARIS'],
      ['Saint-Étienne', 'St Etienne'],
    ]) {
      const result = await runCli(['--base-url', service.base, 'search', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(
        /^Error: FROM and TO are both "[^"]+"; the departure and arrival must be different cities\.\n$/,
      );
    }
    expect(service.server.stats.requests()).toBe(0);
  });
});
