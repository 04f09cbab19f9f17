import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import type { Trip } from '../../src/domain/types.js';

const forms = {
  a: useService({ routes: 1500, listingForm: 'a' }),
  b: useService({ routes: 1500, listingForm: 'b' }),
  mixed: useService({ routes: 1500, listingForm: 'mixed' }),
};

const ndjson = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Trip);

describe.each(Object.entries(forms))('list over Form %s', (form, service) => {
  it('normalises every record of the listing to one shape', async () => {
    const records = await getJson<Record<string, unknown>[]>(`${service.base}/route/get/results`);
    const result = await runCli(['--base-url', service.base, 'list', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const trips = ndjson(result.stdout);
    expect(trips.map((trip) => trip.id)).toEqual(records.map((record) => String(record.id)));
    for (const trip of trips) {
      expect(trip.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof trip.id).toBe('string');
      expect(Array.isArray(trip.slots) && Array.isArray(trip.layovers)).toBe(true);
    }
    if (form !== 'a') expect(trips.some((trip) => trip.layovers.length > 0)).toBe(true);
  });

  it('keeps records untouched with --raw', async () => {
    const records = await getJson<unknown[]>(`${service.base}/route/get/results`);
    const result = await runCli(['--base-url', service.base, 'list', '--raw', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(records);
  });

  it('prints --raw records as NDJSON down a pipe when no format is asked for (list --raw | jq .)', async () => {
    const records = await getJson<unknown[]>(`${service.base}/route/get/results`);
    const result = await runCli(['--base-url', service.base, 'list', '--raw']);
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(records);
  });
});

describe('list filters', () => {
  it('finds the same Paris → Marseille trips as an exhaustive search (Form B carries stopovers)', async () => {
    const service = forms.b;
    const listed = await runCli(['--base-url', service.base, 'list', 'Paris', 'Marseille', '--format', 'ndjson']);
    const searched = await runCli([
      '--base-url',
      service.base,
      'search',
      'Paris',
      'Marseille',
      '--all',
      '--limit',
      '100',
      '--format',
      'ndjson',
    ]);
    expect(listed.code).toBe(0);
    expect(searched.code).toBe(0);
    const ids = (text: string) =>
      ndjson(text)
        .map((trip) => trip.id)
        .sort();
    expect(ids(listed.stdout)).toEqual(ids(searched.stdout));
    expect(ids(listed.stdout).length).toBeGreaterThan(0);
  });

  it('sorts by price with trips on quote last, and writes CSV with a header', async () => {
    const result = await runCli([
      '--base-url',
      forms.mixed.base,
      'list',
      '--from',
      'Lyon',
      '--sort',
      'price',
      '--format',
      'csv',
      '--fields',
      'id,price_min',
    ]);
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toBe('id,price_min');
    const prices = rows.map((row) => row.split(',')[1]!).map((price) => (price === '' ? Infinity : Number(price)));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('refuses --raw with a format that cannot carry raw records', async () => {
    const result = await runCli(['--base-url', forms.a.base, 'list', '--raw', '--format', 'csv']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--raw/);
  });
});

describe('list on a terminal, held back by the rate budget', () => {
  it('counts each wait down in its one progress line, never as lines of their own', async () => {
    // Two requests each 6 s: the listing and the first sizing search go at once, the completion's next ones wait.
    const env = { MOTOROUTE_RATE: '2', MOTOROUTE_RATE_WINDOW_MS: '6000' };
    const args = ['--base-url', forms.mixed.base, 'list', '--min-slots', '2', '--format', 'ndjson'];
    const shown = await runOnTerminal(args, { env, columns: 200 });
    expect(shown.code).toBe(0);
    // Each redraw of the progress line starts with a return and a line clear; a note would start a line itself.
    const draws = shown.screen.split(/\r\n|\r\u001b\[2K/).map((draw) => draw.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, ''));
    expect(
      draws.filter((draw) => /^Listing: .* · Waiting \d+ s for the rate budget \(2 requests a minute\)…$/.test(draw))
        .length,
    ).toBeGreaterThan(0);
    expect(draws.filter((draw) => draw.startsWith('Waiting'))).toEqual([]);
  });
});
