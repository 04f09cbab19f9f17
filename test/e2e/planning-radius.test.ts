import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { addDays } from '../../src/domain/dates.js';
import type { NearbyCities, SearchPage, Trip } from '../../src/domain/types.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

const service = useService({ routes: 3000 });
const search = (...args: string[]) => runCli(['--base-url', service.base, 'search', ...args]);
const today = FIXED_DAY;
const window = ['--after', today, '--before', addDays(today, 30)];

beforeEach(() => service.server.stats.reset());

type RadiusTrip = Trip & { from_km?: number; to_km?: number };

async function citiesWithin(place: string, km: number): Promise<string[]> {
  const near = await getJson<NearbyCities>(`${service.base}/route/cities-near?location=${encodeURIComponent(place)}`);
  return near.cities.filter((city) => city.distance_km <= km).map((city) => city.name);
}

async function unionOfSearches(froms: string[], tos: string[]): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const from of froms) {
    for (const to of tos) {
      const page = await getJson<SearchPage>(
        `${service.base}/route/ai/search?depart=${encodeURIComponent(from)}&arrival=${encodeURIComponent(to)}&date_from=${today}&date_to=${addDays(today, 30)}&limit=100`,
      );
      for (const trip of page.routes) ids.add(trip.id);
    }
  }
  service.server.stats.reset();
  return ids;
}

describe('--radius', () => {
  it('expands a pair to 3 × 3 served cities in one batch request, merged without duplicates, with distances', async () => {
    const [froms, tos] = [await citiesWithin('Lyon', 61), await citiesWithin('Marseille', 61)];
    expect([froms.length, tos.length]).toEqual([3, 3]);
    const expected = await unionOfSearches(froms, tos);
    const result = await search(
      'Lyon',
      'Marseille',
      '--radius',
      '61',
      ...window,
      '--limit',
      '100',
      '--json',
      '--verbose',
    );
    expect(result.code).toBe(0);
    const trips = JSON.parse(result.stdout) as RadiusTrip[];
    expect(new Set(trips.map((trip) => trip.id))).toEqual(expected);
    expect(trips.length).toBe(expected.size);
    expect(trips.map((trip) => `${trip.date} ${trip.times[0]}`)).toEqual(
      trips.map((trip) => `${trip.date} ${trip.times[0]}`).sort(),
    );
    for (const trip of trips) {
      expect(typeof trip.from_km).toBe('number');
      expect(typeof trip.to_km).toBe('number');
    }
    expect(trips.some((trip) => trip.from_km! > 0 || trip.to_km! > 0)).toBe(true);
    expect(service.server.stats.requests('/route/ai/batch')).toBe(1);
    expect(service.server.stats.requests('/route/cities-near')).toBe(2);
    expect(service.server.stats.requests('/route/ai/search')).toBe(0);
    expect(result.stderr.match(/POST \S*\/route\/ai\/batch/g)).toHaveLength(1);
  });

  it('sorts by price across the merge and adds from_km and to_km to CSV and TSV', async () => {
    const byPrice = await search('Lyon', 'Marseille', '--radius', '61', ...window, '--sort', 'price', '--json');
    const prices = (JSON.parse(byPrice.stdout) as RadiusTrip[]).map(
      (trip) => trip.price_min ?? Number.POSITIVE_INFINITY,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const csv = await search('Lyon', 'Marseille', '--radius', '61', ...window, '--format', 'csv');
    expect(csv.stdout.split('\n')[0]).toMatch(/,from_km,to_km$/);
    const tsv = await search(
      'Lyon',
      'Marseille',
      '--radius',
      '61',
      ...window,
      '--format',
      'tsv',
      '--fields',
      'id,from_km,to_km',
    );
    expect(tsv.stdout.trimEnd().split('\n')[0]!.split('\t')).toHaveLength(3);
  });

  it('finds trips from a served city near an unserved town, and shows the distance on a terminal', async () => {
    const result = await search('Grenoble', 'Marseille', '--radius', '60', '--json');
    const trips = JSON.parse(result.stdout) as RadiusTrip[];
    expect(trips.length).toBeGreaterThan(0);
    for (const trip of trips) expect(trip.from_km).toBeGreaterThan(40);
    const screen = await runOnTerminal(
      ['--base-url', service.base, '--no-color', 'search', 'Grenoble', 'Marseille', '--radius', '60'],
      { columns: 140 },
    );
    expect(screen.code).toBe(0);
    expect(screen.screen).toMatch(/From km/);
    expect(screen.screen).toMatch(/ 45 km /);
  });

  it.each([
    [['Lyon', '--radius', '0'], /--radius/],
    [['Lyon', '--radius', 'far'], /--radius/],
    [['--radius', '50'], /--radius widens FROM and TO/],
    [['Lyon', '--radius', '50', '--page', '2'], /cannot be combined with --page or --async/],
    [
      ['Lyon', '--radius', '50', '--all', '--limit', '5'],
      /--all prints every trip --radius finds; it cannot be combined with --limit/,
    ],
  ])('refuses %j with exit 2 before any request', async (args, message) => {
    const result = await search(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(service.server.stats.requests()).toBe(0);
  });
});
