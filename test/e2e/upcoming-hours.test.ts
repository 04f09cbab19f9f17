import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { runCli } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { startStdioMcp, type StdioMcp } from '../helpers/mcp.js';
import { allSearchTrips, useService } from '../helpers/service.js';
import { franceMoment } from '../../src/domain/france-time.js';
import { hasLeft } from '../../src/core/upcoming.js';
import type { Trip } from '../../src/domain/types.js';

// "The next trip" and "the cheapest trip" at several hours of France's day, on a service big enough that trips
// leave all day long: a page, --limit and --sort count only the trips still to leave (issue 39).
const service = useService({ routes: 100_000 });
const FAST = { MOTOROUTE_RATE: '6000' };

// FIXED_DAY is in December: France is at UTC+1.
const HOURS = {
  '00:30': '2026-12-09T23:30:00Z',
  '12:00': `${FIXED_DAY}T11:00:00Z`,
  '22:30': `${FIXED_DAY}T21:30:00Z`,
} as const;

const rows = (stdout: string): Trip[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Trip);

const cheapestFirst = (a: Trip, b: Trip) => (a.price_min ?? Infinity) - (b.price_min ?? Infinity);

let reference: Trip[] = [];
beforeAll(async () => {
  reference = await allSearchTrips(service.base, 'depart=Paris&arrival=Marseille');
}, 60_000);

describe.each(Object.entries(HOURS))('at %s in France', (hour, now) => {
  const moment = franceMoment(new Date(now));
  const env = { ...FAST, MOTOROUTE_NOW: now };
  const upcoming = () => reference.filter((trip) => !hasLeft(trip, moment));
  const cli = (args: string[], format = 'ndjson') =>
    runCli(['--base-url', service.base, ...args, '--format', format], { env, timeoutMs: 60_000 });

  it('has trips that left and trips to come (the data exercises the rule)', () => {
    expect(moment.time).toBe(hour);
    expect(upcoming().length).toBeGreaterThan(0);
    if (hour !== '00:30') expect(upcoming().length).toBeLessThan(reference.length);
  });

  it('search --limit 1 prints the next trip', async () => {
    const result = await cli(['search', 'Paris', 'Marseille', '--limit', '1']);
    expect(result.code).toBe(0);
    expect(rows(result.stdout).map((trip) => trip.id)).toEqual([upcoming()[0]?.id]);
    expect(result.stderr).toMatch(/^1 of \d+ upcoming trips written/m);
  }, 60_000);

  it('search --limit 8 prints eight upcoming trips', async () => {
    const result = await cli(['search', 'Paris', 'Marseille', '--limit', '8']);
    expect(rows(result.stdout).map((trip) => trip.id)).toEqual(
      upcoming()
        .slice(0, 8)
        .map((trip) => trip.id),
    );
  }, 60_000);

  it('search --sort price --limit 1 prints the cheapest trip still to leave', async () => {
    const result = await cli(['search', 'Paris', 'Marseille', '--sort', 'price', '--limit', '1']);
    expect(result.code).toBe(0);
    const [trip] = rows(result.stdout);
    const cheapest = upcoming().sort(cheapestFirst)[0];
    expect(trip?.price_min).toBe(cheapest?.price_min);
    expect(trip && hasLeft(trip, moment)).toBe(false);
  }, 60_000);

  it('search --min-slots 2 --limit 1 prints one upcoming trip', async () => {
    const result = await cli(['search', 'Paris', 'Marseille', '--min-slots', '2', '--limit', '1']);
    expect(result.code).toBe(0);
    const expected = upcoming().find((trip) => trip.slots.every((slots) => slots >= 2));
    expect(rows(result.stdout).map((trip) => trip.id)).toEqual([expected?.id]);
  }, 60_000);

  // By default the search of --to answers list; --listing reads and completes the listing.
  it.each([
    ['from the search', []],
    ['from the listing', ['--listing']],
  ])(
    'list (%s) and search --all give the same trips to Paris (a listing record without a time proves nothing)',
    async (_way, way) => {
      const [listed, searched] = await Promise.all([
        cli(['list', '--to', 'Paris', ...way]),
        cli(['search', '--to', 'Paris', '--all']),
      ]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(searched.code, searched.stderr).toBe(0);
      const listedIds = rows(listed.stdout).map((trip) => trip.id);
      expect(listedIds.length).toBeGreaterThan(0);
      expect(listedIds).toEqual(rows(searched.stdout).map((trip) => trip.id));
      for (const trip of rows(listed.stdout)) if (trip.times.length > 0) expect(hasLeft(trip, moment)).toBe(false);
    },
    120_000,
  );

  it('batch prints no trip that left, and totals count the rest', async () => {
    const result = await cli(['batch', '--query', `Paris:Marseille:${FIXED_DAY}:${FIXED_DAY}`], 'json');
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout) as { results: { total: number; routes: Trip[] }[] };
    const today = upcoming().filter((trip) => trip.date === FIXED_DAY);
    expect(answer.results[0]?.routes.map((trip) => trip.id)).toEqual(today.map((trip) => trip.id));
    expect(answer.results[0]?.total).toBe(today.length);
  }, 60_000);
});

describe('the MCP search tools at 12:00 in France', () => {
  const now = HOURS['12:00'];
  const moment = franceMoment(new Date(now));
  let mcp: StdioMcp;
  beforeAll(async () => {
    mcp = await startStdioMcp(['--base-url', service.base], { ...FAST, MOTOROUTE_NOW: now });
  }, 30_000);
  afterAll(async () => {
    await mcp?.close();
  });
  const call = async (name: string, args: Record<string, unknown>) =>
    (await mcp.client.callTool({ name, arguments: args })) as CallToolResult & {
      structuredContent?: Record<string, unknown>;
    };

  it('search_routes with limit 1 gives the next trip, and its next page the one after', async () => {
    const upcoming = reference.filter((trip) => !hasLeft(trip, moment));
    const first = await call('search_routes', { depart: 'Paris', arrival: 'Marseille', limit: 1 });
    const page = first.structuredContent as { trips: Trip[]; total: number; next_page_token: string };
    expect(page.trips.map((trip) => trip.id)).toEqual([upcoming[0]?.id]);
    expect(page.total).toBe(upcoming.length);
    const second = await call('search_routes', {
      depart: 'Paris',
      arrival: 'Marseille',
      limit: 1,
      page_token: page.next_page_token,
    });
    expect((second.structuredContent as { trips: Trip[] }).trips.map((trip) => trip.id)).toEqual([upcoming[1]?.id]);
  }, 60_000);

  it('search_routes sorted by price gives one upcoming trip', async () => {
    const result = await call('search_routes', { depart: 'Paris', arrival: 'Marseille', sort: 'price', limit: 1 });
    const trips = (result.structuredContent as { trips: Trip[] }).trips;
    expect(trips).toHaveLength(1);
    expect(result.content).not.toContainEqual(
      expect.objectContaining({ text: expect.stringMatching(/No trip on this page/) }),
    );
  }, 60_000);

  it('search_batch leaves out the trips that left', async () => {
    const result = await call('search_batch', {
      queries: [{ depart: 'Paris', arrival: 'Marseille', date_from: FIXED_DAY, date_to: FIXED_DAY }],
      limit: 20,
    });
    const [entry] = (result.structuredContent as { results: { trips: Trip[]; total: number }[] }).results;
    const today = reference.filter((trip) => trip.date === FIXED_DAY && !hasLeft(trip, moment));
    expect(entry?.total).toBe(today.length);
    expect(entry?.trips.map((trip) => trip.id)).toEqual(today.slice(0, 20).map((trip) => trip.id));
  }, 60_000);
});
