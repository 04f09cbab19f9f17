import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { useService } from '../helpers/service.js';
import type { Trip } from '../../src/domain/types.js';
import type { ServiceTrip } from '../../src/server/index.js';

// Service data is untrusted: city names full of terminal escapes, bidi and zero-width characters,
// very long strings, huge numbers and impossible values. Tables stay aligned and inert, JSON keeps
// every character (escaped), and what cannot be true is flagged instead of printed or crashing.

const DATE = '2026-03-20';
const base = { date: DATE, published: true, passenger_places: 1, price_min: 299, price_max: 399 } as const;
const HOSTILE: ServiceTrip[] = [
  {
    ...base,
    id: '900001',
    depart: 'Paris\x1b[31mRED\x1b[0m\x1b[2J\x1b[1;1H',
    arrival: 'Marseille\x1b]0;pwned title\x07',
    layovers: ['\x1b]8;;https://evil.example/\x1b\\Lyon\x1b]8;;\x1b\\', 'Dijon\x1b[5A\x1b[K'],
    slots: [2, 3, 1],
    times: ['08:00', '10:00', '12:00', '18:00'],
  },
  {
    ...base,
    id: '900002',
    depart: 'Paris \u202eeciN\u202c',
    arrival: 'Zero\u200bWidth\u2066X\u2069\ufeff',
    layovers: [],
    price_min: 1e308,
    price_max: Number.MAX_VALUE,
    slots: [Number.MAX_SAFE_INTEGER],
    times: ['09:00\x1b[2J', '10:00'],
  },
  {
    ...base,
    id: '900003',
    depart: `Paris${'x'.repeat(3000)}`,
    arrival: 'A'.repeat(300),
    layovers: ['L'.repeat(1000)],
    slots: [4, 4],
    times: ['07:00', '08:00', '10:00'],
  },
  {
    ...base,
    id: '900004',
    depart: 'Paris\x1bP1$r\x1b\\\x1b_apc\x1b\\\x9b31m\x85Nord',
    arrival: 'Safe\rEvil\x08\x08\x07\x1b]2;unterminated',
    layovers: [],
    slots: [1],
    times: ['06:00', '09:00'],
  },
];
const IDS = HOSTILE.map((trip) => trip.id);

/** Anything a terminal would act on or hide, except the line ends: ESC, C0, DEL, C1, bidi and zero-width. */
const UNSAFE =
  /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u2028\u2029]/;

const display = useService({ routes: 30, today: '2026-03-10', seed: 2 });
/** The CLI's clock on each service's day (MOTOROUTE_NOW), so that their trips are upcoming. */
const DISPLAY_NOW = { MOTOROUTE_NOW: '2026-03-10T06:00:00Z' };
const IMPOSSIBLE_NOW = { MOTOROUTE_NOW: '2026-01-10T06:00:00Z' };
// Its clock is in January so that 2026-02-30 (which the service files as 2 March) is still to come.
const impossible = useService({ routes: 30, today: '2026-01-10', seed: 2 });

beforeAll(() => {
  for (const trip of HOSTILE) display.server.data.addRawTrip(trip);
  const valid = { ...base, layovers: [], times: ['08:00', '12:00'] };
  impossible.server.data.addRawTrip({
    ...valid,
    id: '900010',
    depart: 'Paris',
    arrival: 'Nice',
    date: '2026-02-30',
    slots: [2],
  });
  impossible.server.data.addRawTrip({
    ...valid,
    id: '900011',
    depart: 'Paris',
    arrival: 'Nice',
    layovers: ['Lyon'],
    times: ['08:00', '11:00', '15:00'],
    date: '2026-03-21',
    slots: [-3, 5],
  });
  impossible.server.data.addRawTrip({
    ...valid,
    id: '900012',
    depart: 'Paris\x1b[31m',
    arrival: 'Nice',
    date: '2026-03-21',
    price_min: -10,
    price_max: -10,
    slots: [2],
  });
  impossible.server.data.addRawTrip({
    ...valid,
    id: '900013',
    depart: 'Paris',
    arrival: 'Nice',
    date: '2026-03-22',
    slots: [2],
  });
});

/** Lines of a terminal screen, line ends removed. */
const screenLines = (screen: string) => screen.split('\r\n').filter((line) => line !== '');

function expectAlignedTable(screen: string, columns: number): void {
  expect(screen).not.toContain('\x1b');
  expect(screen.replaceAll('\r\n', '')).not.toMatch(UNSAFE);
  const lines = screenLines(screen);
  const header = lines[0] ?? '';
  expect(header).toMatch(/\bID$/);
  for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
  // Every row ends with its id, which starts exactly under the ID header: nothing pushed a cell sideways.
  const idColumn = [...header].length - 2;
  const rows = lines.slice(1);
  expect(rows.length).toBeGreaterThan(HOSTILE.length);
  for (const row of rows) {
    const id = /(\d+)$/.exec(row)?.[1] ?? '';
    expect([...row].length - id.length, row).toBe(idColumn);
  }
  for (const id of IDS)
    expect(
      rows.some((row) => row.endsWith(id)),
      id,
    ).toBe(true);
}

describe('hostile city names and numbers on a terminal', () => {
  it.each([100, 80, 50])(
    'search draws an aligned table %i columns wide with no escape sequence from the data',
    async (columns) => {
      const result = await runOnTerminal(['--base-url', display.base, '-q', 'search', 'Paris', '--limit', '100'], {
        columns,
        env: { NO_COLOR: '1', ...DISPLAY_NOW },
      });
      expect(result.code).toBe(0);
      expectAlignedTable(result.screen, columns);
    },
  );

  it('list draws the same safe table from the streamed listing', async () => {
    // --listing: the streamed listing itself (a city narrows `list` to the search, which the tests above draw).
    const result = await runOnTerminal(['--base-url', display.base, '-q', 'list', 'Paris', '--listing'], {
      columns: 90,
      env: { NO_COLOR: '1', ...DISPLAY_NOW },
    });
    expect(result.code).toBe(0);
    expectAlignedTable(result.screen, 90);
    expect(result.screen).toContain('ParisRED');
    expect(result.screen).not.toContain('evil.example');
  });

  it('keeps colour codes to its own: with colour on, every escape is a plain SGR colour', async () => {
    const result = await runOnTerminal(['--base-url', display.base, '-q', 'search', 'Paris', '--limit', '100'], {
      columns: 100,
      env: { FORCE_COLOR: '1', ...DISPLAY_NOW },
    });
    expect(result.code).toBe(0);
    expect(result.screen).toContain('\x1b[');
    const withoutOwnColours = result.screen.replace(/\x1b\[[0-9;]*m/g, '');
    expect(withoutOwnColours).not.toContain('\x1b');
    // The service's own colour codes (31m and 0m in a city name) are gone: the visible text runs on.
    expect(withoutOwnColours).toMatch(/ParisRED/);
  });
});

describe('hostile data in machine formats', () => {
  it.each(['json', 'ndjson'])('search --format %s keeps every character, escaped, and nothing raw', async (format) => {
    const result = await runCli(['--base-url', display.base, 'search', 'Paris', '--limit', '100', '--format', format], {
      env: DISPLAY_NOW,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(UNSAFE);
    const trips = (
      format === 'json'
        ? JSON.parse(result.stdout)
        : result.stdout
            .trimEnd()
            .split('\n')
            .map((line) => JSON.parse(line))
    ) as Trip[];
    for (const stored of HOSTILE) {
      const printed = trips.find((trip) => trip.id === stored.id);
      expect(printed, stored.id).toBeDefined();
      const { published: _published, passenger_places: _places, ...fields } = stored;
      expect({ ...printed, time: undefined }).toMatchObject({ ...fields, time: undefined });
    }
  });

  it('list --raw keeps the records as sent, escaped', async () => {
    const result = await runCli(['--base-url', display.base, 'list', '--raw', '--format', 'ndjson'], {
      env: DISPLAY_NOW,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(UNSAFE);
    const records = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const first = records.find((record) => String(record.id) === '900001');
    expect(first?.depart).toBe(HOSTILE[0]!.depart);
    expect(first?.arrival).toBe(HOSTILE[0]!.arrival);
  });

  it.each(['csv', 'tsv'])('search --format %s removes controls and keeps one record a line', async (format) => {
    const result = await runCli(
      [
        '--base-url',
        display.base,
        'search',
        'Paris',
        '--limit',
        '100',
        '--format',
        format,
        '--fields',
        'id,depart,arrival,layovers,price_min,slots',
      ],
      { env: DISPLAY_NOW },
    );
    expect(result.code).toBe(0);
    const text = result.stdout;
    expect(format === 'tsv' ? text.replaceAll('\t', '') : text).not.toMatch(UNSAFE);
    const lines = text.slice(0, -1).split('\n');
    const rows = format === 'csv' ? lines.slice(1) : lines;
    for (const id of IDS)
      expect(
        rows.filter((row) => row.startsWith(`${id}${format === 'csv' ? ',' : '\t'}`)),
        id,
      ).toHaveLength(1);
    if (format === 'tsv') for (const row of rows) expect(row.split('\t')).toHaveLength(6);
    expect(text).toContain('ParisRED');
    expect(text).toContain('Paris eciN');
    expect(text).toContain('1e+308');
    expect(text).toContain(String(Number.MAX_SAFE_INTEGER));
  });
});

describe('impossible values from the service', () => {
  it('list leaves out and reports records with an impossible date, negative places or a negative price', async () => {
    // --listing: the listing's records and the searches that complete them (without it, the search alone).
    const result = await runCli(
      ['--base-url', impossible.base, 'list', 'Paris', 'Nice', '--listing', '--format', 'ndjson'],
      { env: IMPOSSIBLE_NOW },
    );
    expect(result.code).toBe(0);
    const ids = result.stdout
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as Trip).id);
    expect(ids).toContain('900013');
    for (const id of ['900010', '900011', '900012']) expect(ids).not.toContain(id);
    // The 3 listing records, and the same trips again in the searches that complete the listing's Form A trips.
    expect(result.stderr).toMatch(
      /^Warning: \d+ of \d+ records could not be read and were left out \(first: GET \/route\/(get\/results record \d+|ai\/search routes\[\d+\]): route 9000\d\d: .*\); --strict makes this an error\.$/m,
    );
    expect(result.stderr).toMatch(
      /listing trips without the stopovers or per-leg places the filter reads: the search \(\d requests?\)/,
    );
    expect(result.stderr).not.toMatch(UNSAFE);
  });

  it('search leaves out the impossible trips, prints the others and says how many it left out', async () => {
    for (const format of ['json', 'table']) {
      const result = await runCli(['--base-url', impossible.base, 'search', 'Paris', 'Nice', '--format', format], {
        env: IMPOSSIBLE_NOW,
      });
      expect(result.code).toBe(0);
      if (format === 'json') {
        const ids = (JSON.parse(result.stdout) as Trip[]).map((trip) => trip.id);
        expect(ids).toContain('900013');
        for (const id of ['900010', '900011', '900012']) expect(ids).not.toContain(id);
      }
      expect(result.stderr).toMatch(
        /^Warning: 3 of \d+ records could not be read and were left out \(first: GET \/route\/ai\/search routes\[\d+\]: route 9000\d\d: .+\); --strict makes this an error\.$/m,
      );
      expect(result.stderr).not.toMatch(UNSAFE);
    }
  });

  it('search --strict refuses such a page with one clear line, and prints nothing partial', async () => {
    for (const format of ['json', 'table']) {
      const result = await runCli(
        ['--base-url', impossible.base, '--strict', 'search', 'Paris', 'Nice', '--format', format],
        { env: IMPOSSIBLE_NOW },
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^Error: GET \/route\/ai\/search returned a record motoroute cannot read, routes\[\d+\]: route 9000\d\d: .+ \(without --strict it would be left out\)\.\n$/,
      );
    }
  });

  it.each([
    ['2026-03-02', /routes\[0\]: route 900010: date "2026-02-30" is not a real date/],
    ['2026-03-21', /routes\[0\]: route 900011: slots is \[-3,5\], not a list of counts/],
  ])('search --strict on %s names the impossible field', async (date, message) => {
    const result = await runCli(
      ['--base-url', impossible.base, '--strict', 'search', 'Paris', 'Nice', '--date', date],
      { env: IMPOSSIBLE_NOW },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('search finds the valid trip when the impossible ones are outside the dates asked', async () => {
    const result = await runCli(
      ['--base-url', impossible.base, 'search', 'Paris', 'Nice', '--date', '2026-03-22', '--json'],
      { env: IMPOSSIBLE_NOW },
    );
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Trip[]).map((trip) => trip.id)).toContain('900013');
  });
});
