import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

// A fixed service clock: April 2027 lies wholly after it, so every day of the month can have trips.
const service = useService({ routes: 3000, today: '2027-03-10' });
const calendar = (args: string[], env?: Record<string, string | undefined>) =>
  runCli(['--base-url', service.base, 'calendar', ...args], { env });

interface DayRecord {
  date: string;
  trips: number;
  price_min: number | null;
  price_max: number | null;
  slots_max: number | null;
}

/** Every trip of a search, fetched straight from the service, and the number of pages it took. */
async function fetchAll(params: Record<string, string>): Promise<{ trips: Trip[]; pages: number }> {
  const trips: Trip[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ ...params, limit: '100', page: String(page) });
    const result = await getJson<SearchPage>(`${service.base}/route/ai/search?${query}`);
    trips.push(...result.routes);
    if (!result.has_next) return { trips, pages: page };
  }
}

/** The expected records, computed independently of the CLI's code. */
function expectedDays(trips: Trip[], year: number, month: number, days: number): DayRecord[] {
  return Array.from({ length: days }, (_, index) => {
    const date = `${year}-${String(month).padStart(2, '0')}-${String(index + 1).padStart(2, '0')}`;
    const onDay = trips.filter((trip) => trip.date === date);
    const lows = onDay.map((trip) => trip.price_min).filter((price): price is number => price !== null);
    const highs = onDay.map((trip) => trip.price_max).filter((price): price is number => price !== null);
    return {
      date,
      trips: onDay.length,
      price_min: lows.length ? Math.min(...lows) : null,
      price_max: highs.length ? Math.max(...highs) : null,
      slots_max: onDay.length ? Math.max(...onDay.map((trip) => Math.min(...trip.slots))) : null,
    };
  });
}

beforeEach(() => service.server.stats.reset());

describe('calendar', () => {
  it('matches the service search day by day, with one paged search', async () => {
    const { trips, pages } = await fetchAll({ date_from: '2027-04-01', date_to: '2027-04-30' });
    expect(pages).toBeGreaterThan(1);
    service.server.stats.reset();
    const result = await calendar(['--month', '2027-04', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const days = JSON.parse(result.stdout) as DayRecord[];
    expect(days).toEqual(expectedDays(trips, 2027, 4, 30));
    expect(days.every((day) => day.trips > 0)).toBe(true);
    expect(service.server.stats.requests('/route/ai/search')).toBe(pages);
  });

  it('prints one record a line with exactly the documented keys in NDJSON', async () => {
    const result = await calendar(['Paris', 'Marseille', '--month', '2027-04', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(30);
    for (const line of lines) {
      const record = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(record)).toEqual(['date', 'trips', 'price_min', 'price_max', 'slots_max']);
      expect(record.date).toMatch(/^2027-04-\d\d$/);
    }
  });

  it('applies --min-slots and --max-price on this side', async () => {
    const { trips } = await fetchAll({ depart: 'Paris', date_from: '2027-04-01', date_to: '2027-04-30' });
    const kept = trips.filter(
      (trip) => trip.slots.every((n) => n >= 2) && trip.price_min !== null && trip.price_min <= 350,
    );
    expect(kept.length).toBeLessThan(trips.length);
    const result = await calendar(['Paris', '--month', '2027-04', '--min-slots', '2', '--max-price', '350', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(expectedDays(kept, 2027, 4, 30));
  });

  it('prints a plain grid when piped: every day number, no colour, within 80 columns', async () => {
    const result = await calendar(['Paris', 'Marseille', '--month', '2027-04']);
    expect(result.code).toBe(0);
    const text = result.stdout;
    expect(text).not.toMatch(/\x1b/);
    const lines = text.split('\n');
    expect(lines[0]!.trim()).toBe('April 2027 · Paris → Marseille');
    expect(lines[1]!.trim().split(/\s+/)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const numbers = lines
      .filter((line) => /^[\s\d]+$/.test(line) && line.trim() !== '')
      .flatMap((line) => line.trim().split(/\s+/).map(Number));
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(text).toMatch(/\*\d+ €/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('writes month and weekday names in the chosen language', async () => {
    const result = await calendar(['Paris', 'Marseille', '--month', '2027-04'], { MOTOROUTE_LANG: 'fr' });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]!.trim()).toBe('avril 2027 · Paris → Marseille');
    expect(result.stdout).toMatch(/lun\s+mar\s+mer\s+jeu\s+ven\s+sam\s+dim/);
    expect(result.stdout).toMatch(/\d libres?/);
  });

  it('colours the grid only when allowed (FORCE_COLOR yes, NO_COLOR and --no-color no)', async () => {
    const coloured = await calendar(['Paris', 'Marseille', '--month', '2027-04'], { FORCE_COLOR: '1' });
    expect(coloured.stdout).toMatch(/\x1b\[32m\x1b\[1m\*\d+ €|\x1b\[1m\x1b\[32m\*\d+ €/);
    const plain = await calendar(['Paris', 'Marseille', '--month', '2027-04'], { FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(plain.stdout).not.toMatch(/\x1b/);
    expect(plain.stdout.replace(/\s+/g, ' ')).toBe(coloured.stdout.replace(/\x1b\[[0-9;]*m/g, '').replace(/\s+/g, ' '));
  });

  it('shows up to three months from one search over the whole period', async () => {
    const { pages } = await fetchAll({ depart: 'Lyon', date_from: '2027-04-01', date_to: '2027-06-30' });
    // Fewer requests than one search per month would take.
    expect(pages).toBeLessThan(3);
    service.server.stats.reset();
    const result = await calendar(['--from', 'Lyon', '--month', '2027-04', '--months', '3']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/April 2027[\s\S]*May 2027[\s\S]*June 2027/);
    expect(service.server.stats.requests('/route/ai/search')).toBe(pages);
  });

  it('says so on stderr when the month has no trips, and that a city is not served (exit 2)', async () => {
    const result = await calendar(['Nowhere-sur-Mer', '--month', '2027-04', '--json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: FROM: "Nowhere-sur-Mer" is not a city the service serves\.$/m);
    const days = JSON.parse(result.stdout) as DayRecord[];
    expect(days).toHaveLength(30);
    expect(days.every((day) => day.trips === 0 && day.price_min === null)).toBe(true);
    expect(result.stderr).toMatch(/No trips in April 2027/);
  });

  it.each([
    [['--month', '2027-13'], /--month: "2027-13" is not a month/],
    [['--months', '4'], /--months/],
    [['--months', '0'], /--months/],
    [['--min-slots', 'x'], /--min-slots/],
    [['--fields', 'date'], /--fields applies to the calendar records/],
    [['--json', '--fields', 'date,nope'], /unknown field.*nope/],
    [['a', 'b', 'c'], /too many arguments/i],
  ])('refuses %j with exit 2 and no request', async (args, message) => {
    const result = await calendar(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(service.server.stats.requests()).toBe(0);
  });
});

describe('calendar: days gone by', () => {
  it('marks the days before today as past, not as days without trips, in English and French', async () => {
    const env = { MOTOROUTE_NOW: '2027-03-10T09:00:00+01:00' };
    const grid = await calendar(['Paris', 'Marseille', '--month', '2027-03'], env);
    expect(grid.code).toBe(0);
    const lines = grid.stdout.split('\n');
    // The week of 8 March: Mon 8 and Tue 9 are past; Wed 10 onwards has trips or '-' for none.
    const numbers = lines.findIndex((line) => /^\s+8\s+9\s+10\s+11\s+12\s+13\s+14$/.test(line));
    expect(numbers).toBeGreaterThan(0);
    const cells = (line: string) => line.match(/.{1,11}/g)!.map((cell) => cell.trim());
    expect(cells(lines[numbers + 1]!).slice(0, 2)).toEqual(['past', 'past']);
    expect(cells(lines[numbers + 1]!).slice(2)).not.toContain('past');
    expect(lines.slice(0, numbers).some((line) => line.includes('past'))).toBe(true);
    const french = await calendar(['Paris', 'Marseille', '--month', '2027-03', '--lang', 'fr'], env);
    expect(french.stdout).toContain('passé');
    const april = await calendar(['Paris', 'Marseille', '--month', '2027-04'], env);
    expect(april.stdout).not.toContain('past');
  });
});
