import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasLeft } from '../../src/core/upcoming.js';
import { franceMoment } from '../../src/domain/france-time.js';
import type { Trip } from '../../src/domain/types.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { startStdioMcp, type StdioMcp } from '../helpers/mcp.js';
import { allSearchTrips, useService } from '../helpers/service.js';

// search_routes with `limit: 1` (and 2, 5) gives that many upcoming trips whenever that many match, at any hour of
// France's day (issue 38): trips of the day that left earlier come first in the service's pages, and a page the
// server drops them from is refilled from the next one. The built CLI over stdio, its clock set per hour.

const service = useService();
const DEPART = 'Aix-en-Provence';
// FIXED_DAY is in December: France is at UTC+1.
const HOURS = {
  '00:30': '2026-12-09T23:30:00Z',
  '12:00': `${FIXED_DAY}T11:00:00Z`,
  '22:30': `${FIXED_DAY}T21:30:00Z`,
} as const;
const added: string[] = [];
let reference: Trip[] = [];

beforeAll(async () => {
  // Trips of the day at every hour: at each instant below, some have left and some are to come.
  for (const time of ['00:10', '05:00', '09:30', '11:45', '13:00', '18:00', '22:00', '23:40'])
    added.push(service.server.data.addTrip({ depart: DEPART, arrival: 'Lyon', date: FIXED_DAY, time, slots: [3] }).id);
  reference = await allSearchTrips(service.base, `depart=${encodeURIComponent(DEPART)}`);
});
afterAll(() => {
  for (const id of added) service.server.data.removeTrip(id);
});

describe.each(Object.entries(HOURS))('search_routes at %s in France', (hour, now) => {
  const moment = franceMoment(new Date(now));
  let mcp: StdioMcp;
  beforeAll(async () => {
    mcp = await startStdioMcp(['--base-url', service.base], { MOTOROUTE_RATE: '6000', MOTOROUTE_NOW: now });
  }, 30_000);
  afterAll(async () => {
    await mcp?.close();
  });

  it('has trips of the day that left and trips to come (the data exercises the rule)', () => {
    expect(moment.time).toBe(hour);
    const today = reference.filter((trip) => trip.date === FIXED_DAY);
    if (hour !== '00:30') expect(today.some((trip) => hasLeft(trip, moment))).toBe(true);
    expect(today.some((trip) => !hasLeft(trip, moment))).toBe(true);
  });

  for (const limit of [1, 2, 5]) {
    it(`limit ${limit} gives the next ${limit} upcoming trips`, async () => {
      const upcoming = reference.filter((trip) => !hasLeft(trip, moment));
      expect(upcoming.length).toBeGreaterThanOrEqual(limit);
      const result = (await mcp.client.callTool({
        name: 'search_routes',
        arguments: { depart: DEPART, limit },
      })) as CallToolResult;
      expect(result.isError ?? false).toBe(false);
      const trips = (result.structuredContent as { trips: Trip[] }).trips;
      expect(trips.map((trip) => trip.id)).toEqual(upcoming.slice(0, limit).map((trip) => trip.id));
      const first = result.content[0];
      expect(first?.type === 'text' ? first.text : '').not.toMatch(/No trip on this page/);
    }, 60_000);
  }
});
