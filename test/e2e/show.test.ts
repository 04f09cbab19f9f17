import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

const service = useService({ routes: 2000 });
const show = (...args: string[]) => runCli(['--base-url', service.base, 'show', ...args]);

beforeEach(() => service.server.stats.reset());

/** A late Paris → Marseille trip (in the cache), and a trip of another line (not in it). */
async function sampleTrips(): Promise<{ mainLine: Trip; other: Trip }> {
  const main = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris&arrival=Marseille&limit=100`);
  const lyon = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Lyon&limit=100`);
  const other = lyon.routes.find((trip) => trip.layovers.length > 0) ?? lyon.routes[0]!;
  service.server.stats.reset();
  return { mainLine: main.routes.at(-1)!, other };
}

/** A trip as `search --json` prints it: its documented keys, with the departure time. */
function asSearchJson(trip: Trip) {
  const { id, date, depart, arrival, layovers, price_min, price_max, slots, times } = trip;
  return { id, date, time: times[0] ?? null, depart, arrival, layovers, price_min, price_max, slots, times };
}

describe('show', () => {
  it('finds a main-line trip through the cache and one search page, and prints it as JSON', async () => {
    const { mainLine } = await sampleTrips();
    const result = await show(mainLine.id, '--json');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(asSearchJson(mainLine));
    expect(service.server.stats.requests('/route/paris-marseille-cache')).toBe(1);
    expect(service.server.stats.requests('/route/ai/search')).toBe(1);
    expect(service.server.stats.requests('/route/get/results')).toBe(0);
  });

  it('finds any other trip through the listing, then one search for its exact record', async () => {
    const { other } = await sampleTrips();
    const result = await show(other.id, '--json', '--verbose');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(asSearchJson(other));
    expect(service.server.stats.requests('/route/get/results')).toBe(1);
    expect(service.server.stats.requests('/route/ai/search')).toBe(1);
    expect(result.stderr).toMatch(/GET .*paris-marseille-cache/);
  });

  it('--json has the keys of search --json, in their order, and --fields is honoured in every format', async () => {
    const { other } = await sampleTrips();
    const searched = await runCli([
      '--base-url',
      service.base,
      'search',
      other.depart,
      other.arrival,
      '--limit',
      '100',
      '--json',
    ]);
    const row = (JSON.parse(searched.stdout) as Record<string, unknown>[]).find((trip) => trip.id === other.id);
    const shown = JSON.parse((await show(other.id, '--json')).stdout) as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(Object.keys(row ?? {}));
    expect(shown).toEqual(row);
    expect(JSON.parse((await show(other.id, '--json', '--fields', 'time,id')).stdout)).toEqual({
      time: other.times[0],
      id: other.id,
    });
    expect((await show(other.id, '--format', 'csv', '--fields', 'id,date')).stdout).toBe(
      `id,date\n${other.id},${other.date}\n`,
    );
    const screen = await runOnTerminal(
      ['--base-url', service.base, '--no-color', 'show', other.id, '--fields', 'id,time'],
      { columns: 100 },
    );
    expect(screen.code).toBe(0);
    expect(
      screen.screen
        .split('\r\n')
        // The listing's progress line, drawn and cleared (\r ESC[2K) before the table.
        .map((line) => line.replace(/^[\s\S]*\x1b\[2K/, ''))
        .filter((line) => line.trim() !== '')
        .map((line) => line.trim().split(/\s+/)),
    ).toEqual([
      ['ID', 'Time'],
      [other.id, other.times[0]],
    ]);
  });

  it('shows the progress of the listing read on a terminal, as list does, and clears it', async () => {
    const { other } = await sampleTrips();
    const result = await runOnTerminal(['--base-url', service.base, '--no-color', 'show', other.id], { columns: 120 });
    expect(result.code).toBe(0);
    expect(result.screen).toMatch(/Listing: [\d.]+ [kM]?B · [\d,]+ records\r\x1b\[2K/);
  });

  it('shows every stop with its time and free places, the price, the form link and the book command on a terminal', async () => {
    const { other } = await sampleTrips();
    const result = await runOnTerminal(['--base-url', service.base, '--no-color', 'show', other.id], { columns: 120 });
    expect(result.code).toBe(0);
    const screen = result.screen.replace(/\r\n/g, '\n');
    for (const [index, stop] of [other.depart, ...other.layovers, other.arrival].entries()) {
      expect(screen).toMatch(new RegExp(`^  ${stop} +${other.times[index]}(  +${other.slots[index] ?? ''})?$`, 'm'));
    }
    expect(screen).toContain(other.price_min === null ? 'on quote' : `${other.price_min}`);
    expect(screen).toMatch(new RegExp(`^Book +https://symone\\.fr/moto\\?.*route_id=${other.id}`, 'm'));
    // The next command asks the same service as this run.
    expect(screen).toContain(`motoroute --base-url ${service.base} book ${other.id} --formula rider\n`);
    expect(screen).toMatch(/^Next +motoroute --base-url /m);
  });

  it('prints one row when piped, like search', async () => {
    const { other } = await sampleTrips();
    const result = await show(other.id);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stdout.split('\t')[0]).toBe(other.id);
  });

  it('exits 4 with one line when no trip has the id', async () => {
    const result = await show('999999999');
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^Error: No upcoming trip has the id "999999999"/);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('refuses a missing or malformed id with exit 2 before any request', async () => {
    for (const args of [[''], ['a b'], ['x\u0007']]) {
      const result = await show(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/show needs a trip id/);
    }
    expect(service.server.stats.requests()).toBe(0);
  });
});
