import { describe, expect, it } from 'vitest';
import { answer, useHostileServer } from '../helpers/hostile-server.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { CONTROL_CLASSES, firstUnsafe } from '../helpers/terminal-classes.js';

// The hints after an empty search (on a terminal only) name the cities the service gave: fed each class of
// terminal control in those names, the screen shows the hint, and nothing of the controls.

let payload = '';
const trip = (depart: string, arrival: string) => ({
  id: `${depart}-${arrival}`,
  date: '2027-01-19',
  depart,
  arrival,
  layovers: [],
  price_min: 99,
  price_max: 99,
  slots: [2],
  times: ['08:00', '12:00'],
});

const hostile = useHostileServer({
  '/route/ai/search': answer(
    200,
    JSON.stringify({ routes: [], total: 0, page: 1, limit: 50, total_pages: 0, has_next: false }),
  ),
  '/route/cities-near': (socket, request) => {
    const place = request.query.get('location') ?? '';
    const body = {
      cities: [
        { name: place, distance_km: 0 },
        { name: `Near${payload}by`, distance_km: 20 },
      ],
      source: `test ${payload}`,
    };
    answer(200, JSON.stringify(body))(socket, request);
  },
  '/route/ai/batch': (socket, request) => {
    const { queries } = JSON.parse(request.body) as { queries: { depart?: string; arrival?: string }[] };
    const results = queries.map((query, index) => {
      const routes = query.depart?.startsWith('Near') ? [trip(query.depart, query.arrival ?? '')] : [];
      return { index, query, routes, total: routes.length };
    });
    answer(200, JSON.stringify({ results }))(socket, request);
  },
});

describe('hints quote served cities, never their controls', () => {
  it.each(Object.entries(CONTROL_CLASSES))('with %s in a nearby city', async (_name, value) => {
    payload = value;
    const result = await runOnTerminal(['--base-url', hostile.base, '--no-color', 'search', 'Grenoble', 'Marseille'], {
      columns: 120,
    });
    const screen = result.screen.replace(/\r\n/g, '\n');
    expect(result.code).toBe(0);
    expect(screen).toMatch(/Served cities nearby with trips:\n {2}Near.*by \(20 km from Grenoble\) → Marseille/);
    expect(firstUnsafe(screen)).toBeUndefined();
  });
});
