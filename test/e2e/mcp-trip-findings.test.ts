import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPage, Trip } from '../../src/domain/types.js';
import { connectStdioLane } from '../helpers/mcp-lanes.js';
import { getJson, useService } from '../helpers/service.js';

// What the tools say of a trip that cannot be booked end to end, and of a place the service cannot locate: the
// built CLI over stdio (2026-07-28 client) against the local service.

const service = useService();

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

describe('motoroute mcp: trips that cannot be booked, places that are unknown', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectStdioLane('2026-07-28', ['--base-url', service.base]);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('route_details of a trip with a full leg gives no booking link, names the full leg and the way on', async () => {
    const page = await getJson<SearchPage>(`${service.base}/route/ai/search?limit=100`);
    const trip = page.routes.find((candidate) => candidate.slots.includes(0)) as Trip;
    expect(trip).toBeDefined();
    const result = (await client.callTool({
      name: 'route_details',
      arguments: { route_id: trip.id },
    })) as CallToolResult;
    expect(result.isError ?? false).toBe(false);
    const structured = result.structuredContent as { booking_url: string | null; free_places: number };
    expect(structured.booking_url).toBeNull();
    expect(structured.free_places).toBe(0);
    const text = textOf(result);
    expect(text).not.toMatch(/Book:|https?:/);
    const stops = [trip.depart, ...trip.layovers, trip.arrival];
    const fullLeg = trip.slots.indexOf(0);
    expect(text).toContain(`No free place on ${stops[fullLeg]} → ${stops[fullLeg + 1]}`);
    expect(text).toMatch(/request_quote/);
  });

  it('route_details of a trip with room on every leg links its booking form', async () => {
    const page = await getJson<SearchPage>(`${service.base}/route/ai/search?limit=100`);
    const trip = page.routes.find((candidate) => candidate.slots.every((slots) => slots > 0)) as Trip;
    const result = (await client.callTool({
      name: 'route_details',
      arguments: { route_id: trip.id },
    })) as CallToolResult;
    const structured = result.structuredContent as { booking_url: string | null };
    expect(structured.booking_url).toContain(`route_id=${trip.id}`);
    expect(textOf(result)).toContain(`Book: ${structured.booking_url}`);
  });

  it('cities_near on a place the service cannot locate says it is unknown, not that nothing is near', async () => {
    const unknown = (await client.callTool({
      name: 'cities_near',
      arguments: { location: 'Chamonix' },
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^location: the service does not know the place "Chamonix"; name a nearby town/);
    expect(textOf(unknown)).not.toMatch(/No served city/);
    const known = (await client.callTool({ name: 'cities_near', arguments: { location: 'Annecy' } })) as CallToolResult;
    expect(known.isError ?? false).toBe(false);
  });

  it("search_routes from a stopover shows the boarding stop's time and the places of the legs ridden", async () => {
    const result = (await client.callTool({
      name: 'search_routes',
      arguments: { depart: 'Lyon', arrival: 'Marseille', limit: 50 },
    })) as CallToolResult;
    expect(result.isError ?? false).toBe(false);
    type Part = { time?: string; places?: number };
    const trips = (result.structuredContent as { trips: (Trip & { part?: Part })[] }).trips;
    const boarding = trips.filter((trip) => trip.depart !== 'Lyon' && trip.layovers.includes('Lyon'));
    expect(boarding.length).toBeGreaterThan(0);
    for (const trip of boarding) {
      const stops = [trip.depart, ...trip.layovers, trip.arrival];
      const board = stops.indexOf('Lyon');
      const leave = stops.indexOf('Marseille', board + 1);
      const expected = {
        time: trip.times[board],
        places: Math.min(...trip.slots.slice(board, leave)),
      };
      expect(trip.part).toEqual(expected);
      const line = textOf(result)
        .split('\n')
        .find((text) => text.endsWith(`(id ${trip.id})`));
      expect(line).toContain(`${trip.date} ${expected.time} Lyon → Marseille (on the trip ${trip.depart} →`);
      expect(line).toContain(`${expected.places} free place`);
    }
    // A trip that starts in Lyon is the whole trip: no part.
    for (const trip of trips.filter((candidate) => candidate.depart === 'Lyon' && candidate.arrival === 'Marseille'))
      expect(trip.part).toBeUndefined();
  });
});
