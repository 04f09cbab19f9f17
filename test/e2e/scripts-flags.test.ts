import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { getJson, useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

// Issue 28, as a script sees it: every flag reaches every trip (--radius --all, list --limit), a first page
// is never taken for the whole answer, and TSV says what its columns are when asked for.

const service = useService({ routes: 3000 });
const cli = (...args: string[]) => runCli(['--base-url', service.base, ...args]);
const ids = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as Trip).id);

/** A date ten days after the service's today: a window that holds fewer trips than one page. */
const tenDaysOn = () => addDays(FIXED_DAY, 10);

beforeEach(() => service.server.stats.reset());

describe('--radius and the trips the batch already holds', () => {
  it('--all prints every trip found, --limit N the first N, and a piped cut is said on stderr', async () => {
    const all = await cli('search', 'Paris', '--radius', '50', '--all', '--format', 'ndjson');
    expect(all.code).toBe(0);
    expect(all.stderr).toBe('');
    const every = ids(all.stdout);
    expect(every.length).toBeGreaterThan(100);

    const hundred = await cli('search', 'Paris', '--radius', '50', '--limit', '100', '--format', 'ndjson');
    expect(ids(hundred.stdout)).toEqual(every.slice(0, 100));
    expect(hundred.stderr).toBe(`Trips: 100 of ${every.length}; --all shows them all.\n`);

    const piped = await cli('search', 'Paris', '--radius', '50');
    expect(piped.stdout.trim().split('\n')).toHaveLength(50);
    expect(piped.stderr).toBe(`Trips: 50 of ${every.length}; --all shows them all.\n`);
    expect((await cli('-q', 'search', 'Paris', '--radius', '50')).stderr).toBe('');
  });

  it('on a terminal the footer names what shows more: --all past 100, never --limit', async () => {
    const all = ids((await cli('search', 'Paris', '--radius', '50', '--all', '--format', 'ndjson')).stdout).length;
    const screen = await runOnTerminal(
      ['--base-url', service.base, '--no-color', 'search', 'Paris', '--radius', '50', '--limit', '100'],
      { columns: 160 },
    );
    expect(screen.code).toBe(0);
    expect(screen.screen).toContain(`100 trips (100 of ${all}; --all shows them all)`);
    expect(screen.screen).not.toContain('--limit shows more');
  });

  it('--radius refuses --page and --async in one line, before any request', async () => {
    const result = await cli('search', 'Paris', '--radius', '50', '--page', '2');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: --radius searches through the batch endpoint[^\n]*\n$/);
    expect(service.server.stats.requests()).toBe(0);
  });
});

describe('a first page is not the whole answer', () => {
  it('piped or --json, a search that stops at page 1 says how many trips there are and that --all fetches them', async () => {
    const page = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Paris`);
    expect(page.total_pages).toBeGreaterThan(1);
    for (const format of [[], ['--json'], ['--format', 'csv']]) {
      const result = await cli('search', 'Paris', ...format);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(
        `${page.routes.length} of ${page.total} upcoming trips written; --all fetches them all.\n`,
      );
    }
    expect((await cli('-q', 'search', 'Paris', '--json')).stderr).toBe('');
    // Asked for: a page by number, or every page.
    expect((await cli('search', 'Paris', '--page', '2', '--json')).stderr).toBe('');
    expect((await cli('search', 'Paris', '--all', '--json')).stderr).toBe('');
  });

  it('says nothing when page 1 is all there is', async () => {
    const page = await getJson<SearchPage>(
      `${service.base}/route/ai/search?depart=Paris&arrival=Marseille&date_to=${tenDaysOn()}`,
    );
    expect(page.total_pages).toBe(1);
    expect(page.total).toBeGreaterThan(0);
    expect((await cli('search', 'Paris', 'Marseille', '--before', tenDaysOn(), '--json')).stderr).toBe('');
  });
});

describe('list takes the flags of search that apply', () => {
  it('--limit N prints the first N matches, in date and in price order', async () => {
    const every = await cli('list', 'Paris', '--format', 'ndjson');
    const five = await cli('list', 'Paris', '--limit', '5', '--format', 'ndjson');
    expect(five.code).toBe(0);
    expect(ids(five.stdout)).toEqual(ids(every.stdout).slice(0, 5));
    const byPrice = await cli('list', 'Paris', '--sort', 'price', '--format', 'ndjson');
    const cheapest = await cli('list', 'Paris', '--sort', 'price', '--limit', '3', '--format', 'ndjson');
    expect(ids(cheapest.stdout)).toEqual(ids(byPrice.stdout).slice(0, 3));
    const raw = await cli('list', '--raw', '--limit', '2', '--format', 'ndjson');
    expect(raw.stdout.trim().split('\n')).toHaveLength(2);
    expect((await cli('list', 'Paris', '--all', '--format', 'ndjson')).stdout).toBe(every.stdout);
  });

  it('says in one line which of search’s flags do not apply, before any request', async () => {
    const one = await cli('list', 'Paris', '--page', '2');
    expect(one.code).toBe(2);
    expect(one.stderr).toBe(
      'Error: --page does not apply to list, which reads the whole listing; use motoroute search for it.\n',
    );
    const three = await cli('list', 'Paris', '--async', '--radius', '30', '--return', '2027-01-01');
    expect(three.code).toBe(2);
    expect(three.stderr).toBe(
      'Error: --async, --radius and --return do not apply to list, which reads the whole listing; use motoroute search for them.\n',
    );
    expect(service.server.stats.requests()).toBe(0);
  });
});

describe('TSV and CSV headers', () => {
  const KEYS = 'id\tdate\ttime\tdepart\tarrival\tlayovers\tprice_min\tprice_max\tslots\ttimes';

  it('--format tsv starts with the column names; piped by default it is rows only; --no-header leaves it out', async () => {
    const asked = await cli('search', 'Paris', 'Marseille', '--limit', '3', '--format', 'tsv');
    const lines = asked.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(KEYS);
    expect(lines).toHaveLength(4);
    const fields = await cli('search', 'Paris', 'Marseille', '--limit', '3', '--format', 'tsv', '--fields', 'date,id');
    expect(fields.stdout.split('\n')[0]).toBe('date\tid');

    const piped = await cli('search', 'Paris', 'Marseille', '--limit', '3');
    expect(piped.stdout.trimEnd().split('\n')).toEqual(lines.slice(1));
    const bare = await cli('search', 'Paris', 'Marseille', '--limit', '3', '--format', 'tsv', '--no-header');
    expect(bare.stdout).toBe(piped.stdout);
    const csv = await cli('search', 'Paris', 'Marseille', '--limit', '3', '--format', 'csv', '--no-header');
    expect(csv.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(csv.stdout).not.toContain('price_min');
  });

  it('an empty answer in --format tsv is the header alone, so a reader still knows the columns', async () => {
    const none = await cli(
      'search',
      'Paris',
      'Marseille',
      '--max-price',
      '1',
      '--limit',
      '3',
      '--format',
      'tsv',
      '--no-hints',
    );
    expect(none.code).toBe(0);
    expect(none.stdout).toBe(`${KEYS}\n`);
  });
});

describe('CSV and TSV cells a spreadsheet would run', () => {
  const hostile = useService({ routes: 20, today: '2026-03-10', seed: 3 });
  const base = { date: '2026-03-20', published: true, passenger_places: 1, price_min: 299, price_max: 399 };
  const legs = () => ({ times: ['08:00', '12:00', '15:00'], slots: [2, 2] });

  it('gets a leading apostrophe (OWASP) when it starts with = + - @, a tab or a carriage return; numbers are kept', async () => {
    hostile.server.data.addRawTrip({
      ...base,
      ...legs(),
      id: '910001',
      depart: '=HYPERLINK("https://evil.example","Paris")',
      arrival: '+Nice',
      layovers: ['@SUM(A1)'],
    });
    hostile.server.data.addRawTrip({
      ...base,
      ...legs(),
      id: '910002',
      depart: '-2+3',
      arrival: '\tTab',
      layovers: ['\rReturn'],
    });
    const run = (format: string) =>
      runCli(
        [
          '--base-url',
          hostile.base,
          'search',
          '--date',
          '2026-03-20',
          '--limit',
          '100',
          '--format',
          format,
          '--fields',
          'id,depart,arrival,layovers,price_min',
        ],
        { env: { MOTOROUTE_NOW: '2026-03-10T08:00:00+01:00' } },
      );
    const csv = (await run('csv')).stdout.split('\n');
    expect(csv).toContain(`910001,"'=HYPERLINK(""https://evil.example"",""Paris"")",'+Nice,'@SUM(A1),299`);
    expect(csv).toContain("910002,'-2+3,' Tab,' Return,299");
    const tsv = (await run('tsv')).stdout.split('\n');
    expect(tsv).toContain(`910001\t'=HYPERLINK("https://evil.example","Paris")\t'+Nice\t'@SUM(A1)\t299`);
    // JSON is data for programs, not a spreadsheet: the strings stay as the service sent them.
    const json = JSON.parse((await run('json')).stdout) as Trip[];
    expect(json.find((trip) => trip.id === '910001')?.arrival).toBe('+Nice');
  });
});
