import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { allSearchTrips, useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { addDays } from '../../src/domain/dates.js';
import type { Trip } from '../../src/domain/types.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

const service = useService({ routes: 3000 });
// Suggested commands keep the service of the run, as every command motoroute suggests does.
const suggested = () => `motoroute --base-url ${service.base}`;
const suggestedPattern = () => suggested().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const onTerminal = (...args: string[]) =>
  runOnTerminal(['--base-url', service.base, '--no-color', ...args], { columns: 120 });
const plain = (screen: string) => screen.replace(/\r\n/g, '\n');
const hintRequests = () =>
  service.server.stats.requests('/route/cities-near') + service.server.stats.requests('/route/ai/batch');

beforeEach(() => service.server.stats.reset());

const allTrips = (query: string): Promise<Trip[]> => allSearchTrips(service.base, query);

/** A day after tomorrow without Paris → Marseille trips, with trips before it (from today) and after it. */
async function dayWithoutTrips(): Promise<{ day: string; before: string; after: string }> {
  const dates = [...new Set((await allTrips('depart=Paris&arrival=Marseille')).map((trip) => trip.date))].sort();
  const today = FIXED_DAY;
  for (let k = 1; k < dates.length; k += 1) {
    const [before, after] = [dates[k - 1]!, dates[k]!];
    const day = addDays(before, 1);
    if (before > today && day < after && addDays(after, -30) < before) {
      service.server.stats.reset();
      return { day, before, after };
    }
  }
  throw new Error('the seeded data has no gap on Paris → Marseille');
}

describe('hints when nothing matches', () => {
  it('suggests served cities near an unserved town, with a ready command, within 4 extra requests', async () => {
    const result = await onTerminal('search', 'Grenoble', 'Marseille');
    expect(result.code).toBe(2);
    const screen = plain(result.screen);
    expect(screen).toMatch(/No trips match\.\nServed cities nearby with trips:\n/);
    expect(screen).toMatch(/\nError: FROM: "Grenoble" is not a city the service serves\.\n?$/);
    // Chambéry's trips go to Marseille or to Aix-en-Provence, 27 km from it (the seeded data changes with the date).
    expect(screen).toMatch(
      /^ {2}Chambéry \(45 km from Grenoble\) → (Marseille|Aix-en-Provence \(27 km from Marseille\)): \d+ trips?, first \w{3} \d\d \w{3} \d{4}$/m,
    );
    expect(screen).toMatch(new RegExp(`^ {4}${suggestedPattern()} search Chambéry (Marseille|Aix-en-Provence)$`, 'm'));
    expect(service.server.stats.requests('/route/cities-near')).toBe(2);
    expect(hintRequests()).toBeLessThanOrEqual(4);
    expect(service.server.stats.requests('/route/ai/search')).toBe(1);
  });

  it('gives the nearest dates before and after a day without trips, and the command for each', async () => {
    const { day, before, after } = await dayWithoutTrips();
    const result = await onTerminal('search', 'Paris', 'Marseille', '--date', day);
    expect(result.code).toBe(0);
    const screen = plain(result.screen);
    expect(screen).toMatch(
      /^Nearest dates with trips: \w{3} \d\d \w{3} \d{4} \(before\), \w{3} \d\d \w{3} \d{4} \(after\)$/m,
    );
    expect(screen).toContain(`  ${suggested()} search Paris Marseille --date ${before}\n`);
    expect(screen).toContain(`  ${suggested()} search Paris Marseille --date ${after}\n`);
    expect(hintRequests()).toBeLessThanOrEqual(4);
  });

  it('spends its last request on nearby pairs at other dates when nothing runs near the asked ones', async () => {
    const result = await onTerminal('search', 'Grenoble', 'Marseille', '--date', addDays(FIXED_DAY, -1));
    expect(result.code).toBe(2);
    const screen = plain(result.screen);
    expect(screen).toMatch(
      /^ {2}Chambéry \(45 km from Grenoble\) → (Marseille|Aix-en-Provence \(27 km from Marseille\)): \d+ trips? at other dates, first .+$/m,
    );
    expect(screen).toMatch(
      new RegExp(
        `^ {4}${suggestedPattern()} search Chambéry (Marseille|Aix-en-Provence) --date \\d{4}-\\d\\d-\\d\\d$`,
        'm',
      ),
    );
    expect(hintRequests()).toBe(4);
  });

  it('keeps hints out of piped output and sends no request for them; JSON stays an empty array', async () => {
    const piped = await runCli(['--base-url', service.base, 'search', 'Grenoble', 'Marseille']);
    expect(piped.code).toBe(2);
    expect(piped.stdout).toBe('');
    // A city the service does not serve is an error piped too (cities-near, then the listing's cities for one it
    // does not name): a script's [] is no answer to a typo.
    expect(piped.stderr).toBe('No trips match.\nError: FROM: "Grenoble" is not a city the service serves.\n');
    const json = await runCli(['--base-url', service.base, 'search', 'Grenoble', 'Marseille', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect(json.stderr).not.toMatch(/Chambéry/);
    // No hint is looked for; the typed cities are checked, one cities-near each a run (2 runs × 2 cities).
    expect(service.server.stats.requests('/route/ai/batch')).toBe(0);
    expect(service.server.stats.requests('/route/cities-near')).toBe(4);
  });

  it('on a terminal, prints stdout JSON untouched and the hints on stderr only', async () => {
    const result = await onTerminal('search', 'Grenoble', 'Marseille', '--json');
    expect(result.code).toBe(2);
    expect(plain(result.screen)).toMatch(/^\[\]\nNo trips match\.\nServed cities nearby/);
  });

  it('says nothing more with --no-hints or -q, and costs nothing when trips were found', async () => {
    for (const args of [
      ['search', 'Grenoble', 'Marseille', '--no-hints'],
      ['-q', 'search', 'Grenoble', 'Marseille'],
    ]) {
      const result = await onTerminal(...args);
      expect(result.code).toBe(2);
      expect(plain(result.screen)).not.toMatch(/Served cities|Chambéry/);
      // The one line that says why, even under -q.
      expect(plain(result.screen)).toMatch(/^Error: FROM: "Grenoble" is not a city the service serves\.$/m);
    }
    // No hint is looked for; the typed cities are checked, one cities-near each a run (2 runs × 2 cities).
    expect(service.server.stats.requests('/route/ai/batch')).toBe(0);
    expect(service.server.stats.requests('/route/cities-near')).toBe(4);
    service.server.stats.reset();
    const found = await onTerminal('search', 'Paris', 'Marseille', '--limit', '3');
    expect(found.code).toBe(0);
    expect(hintRequests()).toBe(0);
  });

  it('hints after an empty listing and an empty calendar too, with their own commands', async () => {
    const list = await onTerminal('list', 'Grenoble', 'Marseille');
    expect(list.code).toBe(2);
    expect(plain(list.screen)).toMatch(
      new RegExp(`^ {4}${suggestedPattern()} list Chambéry (Marseille|Aix-en-Provence)$`, 'm'),
    );
    const calendar = await onTerminal('calendar', 'Grenoble', 'Marseille');
    expect(calendar.code).toBe(2);
    expect(plain(calendar.screen)).toMatch(
      new RegExp(
        `^ {4}${suggestedPattern()} calendar Chambéry (Marseille|Aix-en-Provence) --month \\d{4}-\\d\\d$`,
        'm',
      ),
    );
  });
});

describe('--flex', () => {
  it('widens --date by N days each side, like the service search of that window', async () => {
    const { day } = await dayWithoutTrips();
    const expected = await allTrips(
      `depart=Paris&arrival=Marseille&date_from=${addDays(day, -3)}&date_to=${addDays(day, 3)}`,
    );
    const result = await runCli([
      '--base-url',
      service.base,
      'search',
      'Paris',
      'Marseille',
      '--date',
      day,
      '--flex',
      '3',
      '--limit',
      '100',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Trip[]).map((trip) => trip.id)).toEqual(expected.map((trip) => trip.id));
    expect(expected.length).toBeGreaterThan(0);
  });

  it('marks the asked day in the table', async () => {
    const trips = await allTrips('depart=Paris&arrival=Marseille');
    const day = trips[Math.floor(trips.length / 2)]!.date;
    const result = await onTerminal('search', 'Paris', 'Marseille', '--date', day, '--flex', '2');
    expect(result.code).toBe(0);
    const screen = plain(result.screen);
    expect(screen).toMatch(/^• \w{3} \d\d \w{3} \d{4} /m);
    expect(screen).toMatch(/^• the day asked for$/m);
  });

  it('refuses --flex without --date, or out of range, with exit 2 before any request', async () => {
    for (const args of [
      ['--flex', '2'],
      ['--date', 'tomorrow', '--flex', '31'],
      ['--date', 'tomorrow', '--flex', 'x'],
    ]) {
      const result = await runCli(['--base-url', service.base, 'search', 'Paris', ...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^Error: --flex/);
    }
    expect(service.server.stats.requests()).toBe(0);
  });
});
