import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

const service = useService({ routes: 3000 });
const search = (...args: string[]) => runCli(['--base-url', service.base, 'search', ...args]);

beforeEach(() => service.server.stats.reset());

const ids = (trips: readonly Trip[]) => trips.map((trip) => trip.id);

/** An outbound day with Paris → Marseille trips and a later return day with Marseille → Paris trips. */
async function roundTripDays(): Promise<{ out: string; back: string; outTrips: Trip[]; backTrips: Trip[] }> {
  const outbound = await getJson<SearchPage>(
    `${service.base}/route/ai/search?depart=Paris&arrival=Marseille&limit=100`,
  );
  const out = outbound.routes[5]!.date;
  const inbound = await getJson<SearchPage>(
    `${service.base}/route/ai/search?depart=Marseille&arrival=Paris&date_from=${out}&limit=100`,
  );
  const back = inbound.routes.find((trip) => trip.date > out)!.date;
  const day = async (from: string, to: string, date: string) =>
    (
      await getJson<SearchPage>(
        `${service.base}/route/ai/search?depart=${from}&arrival=${to}&date_from=${date}&date_to=${date}&limit=100`,
      )
    ).routes;
  const result = {
    out,
    back,
    outTrips: await day('Paris', 'Marseille', out),
    backTrips: await day('Marseille', 'Paris', back),
  };
  service.server.stats.reset();
  return result;
}

describe('round trips (--return)', () => {
  it('prints {outbound, return} in JSON, from one batch request', async () => {
    const { out, back, outTrips, backTrips } = await roundTripDays();
    const result = await search('Paris', 'Marseille', '--date', out, '--return', back, '--json');
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { outbound: Trip[]; return: Trip[] };
    expect(Object.keys(answer)).toEqual(['outbound', 'return']);
    expect(ids(answer.outbound)).toEqual(ids(outTrips));
    expect(ids(answer.return)).toEqual(ids(backTrips));
    expect(service.server.stats.requests()).toBe(1);
    expect(service.server.stats.requests('/route/ai/batch')).toBe(1);
  });

  it('adds a leg column to NDJSON, CSV and TSV, outbound first', async () => {
    const { out, back, outTrips, backTrips } = await roundTripDays();
    const ndjson = await search('Paris', 'Marseille', '--date', out, '--return', back, '--format', 'ndjson');
    const rows = ndjson.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Trip & { leg: string });
    expect(rows.map((row) => row.leg)).toEqual([...outTrips.map(() => 'out'), ...backTrips.map(() => 'back')]);
    const csv = await search('Paris', 'Marseille', '--date', out, '--return', back, '--format', 'csv');
    expect(csv.stdout.split('\n')[0]).toMatch(/^leg,id,date/);
    const tsv = await search('Paris', 'Marseille', '--date', out, '--return', back);
    expect(tsv.stdout.split('\n')[0]!.split('\t')[0]).toBe('out');
  });

  it('shows two titled sections on a terminal and the cheapest combined price', async () => {
    const { out, back, outTrips, backTrips } = await roundTripDays();
    const result = await runOnTerminal(
      ['--base-url', service.base, '--no-color', 'search', 'Paris', 'Marseille', '--date', out, '--return', back],
      { columns: 120 },
    );
    expect(result.code).toBe(0);
    const screen = result.screen.replace(/\r\n/g, '\n');
    expect(screen).toMatch(/^Outbound: Paris → Marseille, \w{3} \d\d \w{3} \d{4}$/m);
    expect(screen).toMatch(/^Return: Marseille → Paris, \w{3} \d\d \w{3} \d{4}$/m);
    expect(screen.indexOf('Outbound:')).toBeLessThan(screen.indexOf('Return:'));
    const lowest = (trips: Trip[]) => Math.min(...trips.map((trip) => trip.price_min ?? Number.POSITIVE_INFINITY));
    const total = lowest(outTrips) + lowest(backTrips);
    if (Number.isFinite(total)) expect(screen).toMatch(new RegExp(`^Cheapest round trip: ${total} € `, 'm'));
  });

  it('combines with --flex and --radius', async () => {
    const { out, back } = await roundTripDays();
    const result = await search(
      'Paris',
      'Marseille',
      '--date',
      out,
      '--return',
      back,
      '--flex',
      '1',
      '--radius',
      '30',
      '--json',
    );
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as {
      outbound: (Trip & { to_km: number })[];
      return: (Trip & { from_km: number })[];
    };
    expect(answer.outbound.length).toBeGreaterThan(0);
    expect(answer.return.length).toBeGreaterThan(0);
    for (const trip of answer.return) expect(typeof trip.from_km).toBe('number');
    expect(service.server.stats.requests('/route/ai/batch')).toBe(1);
  });

  it.each([
    [
      ['Paris', 'Marseille', '--date', '2027-01-10', '--return', '2027-01-09'],
      /--return \(2027-01-09\) is before --date/,
    ],
    [['Paris', 'Marseille', '--return', '2027-01-09'], /--return needs --date/],
    [['Paris', '--date', '2027-01-08', '--return', '2027-01-09'], /--return needs FROM and TO/],
    [['Paris', 'Marseille', '--date', '2027-01-08', '--return', '2027-02-30'], /--return/],
  ])('refuses %j with exit 2 before any request', async (args, message) => {
    const result = await search(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(service.server.stats.requests()).toBe(0);
  });
});
