import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RouteClient, checkTrip, franceMoment } from '../../src/index.js';
import { addDays } from '../../src/domain/dates.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';
import { runCli } from '../helpers/cli.js';
import { resultText, startMcpSession, type McpStdioSession } from '../helpers/mcp-session.js';
import { getJson, useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';

// The rules of src/core/, each through at least two faces (the CLI, the MCP server, the library) on one local
// service, with the service's clock fixed: the same request gives the same trips and the same refusal everywhere.

const DAY = '2026-12-10';
/** 11:30 in France on DAY; already 00:30 on the next day in Kiritimati (UTC+14). */
const LATE_MORNING = '2026-12-10T10:30:00Z';
/** 10:00 in France on DAY; still 22:00 the day before in Pago Pago (UTC-11). */
const MORNING = '2026-12-10T09:00:00Z';

const service = useService({ routes: 3000, today: DAY, seed: 11 });
const env = { MOTOROUTE_NOW: LATE_MORNING };
const cli = (args: string[], extra: Record<string, string> = {}) =>
  runCli(['--base-url', service.base, ...args], { env: { ...env, ...extra } });
const ids = { leftThisMorning: '', leavesTonight: '', oneFreeLeg: '', tooEarlyBack: '' };
let mcp: McpStdioSession;

beforeAll(async () => {
  const data = service.server.data;
  ids.leftThisMorning = data.addTrip({ depart: 'Paris', arrival: 'Lyon', date: DAY, time: '08:00', slots: [3] }).id;
  ids.leavesTonight = data.addTrip({ depart: 'Paris', arrival: 'Lyon', date: DAY, time: '18:00', slots: [3] }).id;
  ids.oneFreeLeg = data.addTrip({
    depart: 'Lille',
    arrival: 'Marseille',
    layovers: ['Paris', 'Lyon'],
    date: addDays(DAY, 3),
    times: ['06:30', '09:05', '13:40', '17:15'],
    slots: [2, 3, 1],
  }).id;
  mcp = await startMcpSession(['--base-url', service.base], env);
});
afterAll(async () => {
  await mcp?.close();
  for (const id of Object.values(ids)) if (id) service.server.data.removeTrip(id);
});
beforeEach(() => service.server.stats.reset());

const listedIds = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0]);

describe("the service's clock is France's", () => {
  for (const [zone, now] of [
    ['Pacific/Kiritimati', LATE_MORNING],
    ['Pacific/Pago_Pago', MORNING],
  ] as const) {
    it(`--date today asks for France's today on a host in ${zone}`, async () => {
      const result = await cli(['-v', 'search', 'Paris', 'Lyon', '--date', 'today'], { TZ: zone, MOTOROUTE_NOW: now });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(`date_from=${DAY}&date_to=${DAY}`);
      const session = await startMcpSession(['--base-url', service.base], { TZ: zone, MOTOROUTE_NOW: now });
      try {
        const answer = await session.call('search_routes', { depart: 'Paris', date_from: 'today', date_to: 'today' });
        const trips = (answer.structuredContent as { trips: Trip[] }).trips;
        expect(trips.length).toBeGreaterThan(0);
        expect(new Set(trips.map((trip) => trip.date))).toEqual(new Set([DAY]));
      } finally {
        await session.close();
      }
    });
  }
});

describe('a trip that left earlier today is not upcoming', () => {
  it('is left out of search and list, and said once', async () => {
    for (const command of ['search', 'list']) {
      const result = await cli([command, 'Paris', 'Lyon', '--date', 'today']);
      expect(result.code).toBe(0);
      expect(listedIds(result.stdout)).toContain(ids.leavesTonight);
      expect(listedIds(result.stdout)).not.toContain(ids.leftThisMorning);
      expect(result.stderr).toMatch(/^Left out \d+ trips? that already left today \(it is 11:30 in France\)\.$/m);
    }
  });

  it('is left out of the MCP search too', async () => {
    const answer = await mcp.call('search_routes', {
      depart: 'Paris',
      arrival: 'Lyon',
      date_from: DAY,
      date_to: DAY,
      limit: 50,
    });
    const found = (answer.structuredContent as { trips: Trip[] }).trips.map((trip) => trip.id);
    expect(found).toContain(ids.leavesTonight);
    expect(found).not.toContain(ids.leftThisMorning);
  });

  it('is refused alike by book, the MCP draft and the library', async () => {
    const sentence = 'left today at 08:00 (it is 11:30 in France).';
    const book = await cli(['book', ids.leftThisMorning, '--formula', 'rider']);
    expect(book.code).toBe(2);
    expect(book.stderr).toContain(`Route ${ids.leftThisMorning} ${sentence}`);
    const draft = await mcp.call('draft_booking_email', { route_id: ids.leftThisMorning, formula: 'rider' });
    expect(draft.isError).toBe(true);
    expect(resultText(draft)).toContain(`Route ${ids.leftThisMorning} ${sentence}`);
    const trip = await findByLibrary(ids.leftThisMorning, 'Paris', 'Lyon', DAY);
    expect(checkTrip(trip, { motorcycles: 1 }, franceMoment(new Date(LATE_MORNING))).problems).toEqual([
      `Route ${ids.leftThisMorning} ${sentence}`,
    ]);
  });

  it('is refused at a terminal before any question is asked', async () => {
    const result = await runOnTerminal(['--base-url', service.base, 'book', ids.leftThisMorning], {
      env,
      stdinOnTerminal: true,
    });
    expect(result.code).toBe(2);
    expect(result.screen).toContain(`Route ${ids.leftThisMorning} left today at 08:00 (it is 11:30 in France).`);
    expect(result.screen).not.toMatch(/formula|formule/i);
  });
});

describe('the trip check counts the legs ridden', () => {
  it('refuses two motorcycles over a leg with one free place, in book, MCP and the library', async () => {
    const sentence = `Route ${ids.oneFreeLeg} has 1 free motorcycle place on its fullest leg, and 2 motorcycles were asked for.`;
    const book = await cli(['book', ids.oneFreeLeg, '--formula', 'rider', '--motorcycles', '2']);
    expect(book.code).toBe(2);
    expect(book.stderr).toContain(sentence);
    for (const tool of ['draft_booking_email', 'get_booking_url']) {
      const answer = await mcp.call(tool, { route_id: ids.oneFreeLeg, formula: 'rider', motorcycles: 2 });
      expect(answer.isError, tool).toBe(true);
      expect(resultText(answer)).toContain(sentence);
    }
    const trip = await findByLibrary(ids.oneFreeLeg, 'Lille', 'Marseille', addDays(DAY, 3));
    expect(checkTrip(trip, { motorcycles: 2 }, franceMoment(new Date(LATE_MORNING))).problems).toEqual([sentence]);
  });

  it('takes them from a stopover, with that stop’s time, when the legs ridden have room', async () => {
    const book = await cli([
      'book',
      ids.oneFreeLeg,
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--formula',
      'rider',
      '--motorcycles',
      '2',
      '--email',
      'a@b.fr',
      '--text',
      '--lang',
      'en',
    ]);
    expect(book.code, book.stderr).toBe(0);
    expect(book.stdout).toContain('- Departure: Paris at 09:05\n- Arrival: Lyon, expected at 13:40\n');
    expect(book.stdout).toContain('- Free motorcycle places: 3 at the time of writing\n');
    const draft = await mcp.call('draft_booking_email', {
      route_id: ids.oneFreeLeg,
      depart: 'Paris',
      arrival: 'Lyon',
      formula: 'rider',
      motorcycles: 2,
      lang: 'en',
    });
    expect(draft.isError ?? false, resultText(draft)).toBe(false);
    expect((draft.structuredContent as { body: string }).body).toContain(
      '- Departure: Paris at 09:05\n- Arrival: Lyon, expected at 13:40\n',
    );
  });
});

describe('trips by id', () => {
  it('30 route_details calls in one MCP session read the listing once', async () => {
    const trips = (await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Lyon&limit=100`)).routes;
    const chosen = trips.filter((trip) => !(trip.depart === 'Paris' && trip.arrival === 'Marseille')).slice(0, 30);
    expect(chosen).toHaveLength(30);
    const session = await startMcpSession(['--base-url', service.base], env);
    try {
      service.server.stats.reset();
      const answers = await Promise.all(chosen.map((trip) => session.call('route_details', { route_id: trip.id })));
      for (const [index, answer] of answers.entries()) {
        expect(answer.isError ?? false, resultText(answer)).toBe(false);
        expect((answer.structuredContent as { trip: Trip }).trip).toEqual(chosen[index]);
      }
      expect(service.server.stats.requests('/route/get/results')).toBe(1);
    } finally {
      await session.close();
    }
  });
});

describe('cities', () => {
  it('answer a typo with what was meant, in search and watch', async () => {
    const search = await cli(['search', 'Marseile', 'Lyon']);
    expect(search.code).toBe(2);
    expect(search.stderr).toContain(
      'Error: FROM: "Marseile" is not a city the service serves. Did you mean Marseille?',
    );
    expect(search.stderr).toMatch(/^ {2}motoroute --base-url \S+ search Marseille Lyon$/m);
    const watch = await cli(['watch', 'Marseile', 'Lyon', '--every', '1m']);
    expect(watch.code).toBe(2);
    expect(watch.stderr).toBe(
      'Error: FROM: "Marseile" is not a city the service serves. Did you mean Marseille? Nothing to watch.\n',
    );
  });

  it('answer a typo with what was meant in the MCP search, and take "Paris, France" and "st etienne" there too', async () => {
    const typo = await mcp.call('search_routes', { depart: 'Marseile', arrival: 'Lyon' });
    expect(typo.isError ?? false).toBe(false);
    expect((typo.structuredContent as { trips: Trip[] }).trips).toEqual([]);
    expect(resultText(typo)).toContain('depart: "Marseile" is not a city the service serves. Did you mean Marseille?');
    const country = await mcp.call('search_routes', {
      depart: 'Paris, France',
      arrival: 'Lyon',
      date_from: addDays(DAY, 1),
      date_to: addDays(DAY, 1),
    });
    expect((country.structuredContent as { trips: Trip[] }).trips.length).toBeGreaterThan(0);
    const draft = await mcp.call('draft_booking_email', {
      depart: 'st etienne',
      arrival: 'nice',
      date: addDays(DAY, 5),
      formula: 'rider',
      lang: 'en',
    });
    expect((draft.structuredContent as { subject: string }).subject).toContain('Saint-Étienne → Nice');
  });

  it('take the served spelling in book: St Etienne, nice, Paris, France', async () => {
    const book = await cli([
      'book',
      '--from',
      'St Etienne',
      '--to',
      'nice',
      '--date',
      addDays(DAY, 5),
      '--formula',
      'rider',
      '--email',
      'a@b.fr',
      '--text',
      '--lang',
      'en',
    ]);
    expect(book.code, book.stderr).toBe(0);
    expect(book.stdout).toMatch(/^Subject: .*: Saint-Étienne → Nice on /m);
    const search = await cli(['search', 'Paris, France', 'Lyon', '--date', addDays(DAY, 1)]);
    expect(search.code).toBe(0);
    expect(listedIds(search.stdout).length).toBeGreaterThan(0);
  });
});

describe('round trips', () => {
  it('name the cheapest pair whose return leaves after the outbound arrives', async () => {
    const outDay = addDays(DAY, 2);
    const data = service.server.data;
    const outbound = data.addTrip({
      depart: 'Paris',
      arrival: 'Lyon',
      date: outDay,
      times: ['08:00', '13:00'],
      slots: [2],
      price_min: 10,
      price_max: 20,
    });
    const tooEarly = data.addTrip({
      depart: 'Lyon',
      arrival: 'Paris',
      date: outDay,
      times: ['07:00', '12:00'],
      slots: [2],
      price_min: 1,
      price_max: 2,
    });
    const evening = data.addTrip({
      depart: 'Lyon',
      arrival: 'Paris',
      date: outDay,
      times: ['20:00', '23:50'],
      slots: [2],
      price_min: 11,
      price_max: 20,
    });
    try {
      const result = await runOnTerminal(
        ['--base-url', service.base, 'search', 'Paris', 'Lyon', '--date', outDay, '--return', outDay],
        { env },
      );
      expect(result.code).toBe(0);
      const summary = /Cheapest round trip: .+ \((\d+) on \S+ \+ (\d+) on \S+\)/.exec(result.screen);
      expect(summary?.[1]).toBe(outbound.id);
      expect(summary?.[2]).toBe(evening.id);
      expect(result.screen).not.toContain(`+ ${tooEarly.id} on`);
    } finally {
      for (const trip of [outbound, tooEarly, evening]) data.removeTrip(trip.id);
    }
  });
});

describe('motorcycles of different makes', () => {
  it('are described as pairs, in book and in the MCP draft', async () => {
    const args = [
      '--from',
      'Paris',
      '--to',
      'Lyon',
      '--date',
      addDays(DAY, 5),
      '--formula',
      'rider',
      '--email',
      'a@b.fr',
      '--text',
      '--lang',
      'en',
    ];
    const book = await cli(['book', ...args, '--make', 'Yamaha, BMW', '--model', 'MT-07, R1250GS']);
    expect(book.code, book.stderr).toBe(0);
    expect(book.stdout).toContain('Yamaha MT-07, BMW R1250GS');
    const draft = await mcp.call('draft_booking_email', {
      depart: 'Paris',
      arrival: 'Lyon',
      date: addDays(DAY, 5),
      formula: 'rider',
      make: 'Yamaha, BMW',
      model: 'MT-07, R1250GS',
      lang: 'en',
    });
    expect((draft.structuredContent as { body: string }).body).toContain('Yamaha MT-07, BMW R1250GS');
  });
});

/** The library's way: the client's search of the trip's day, as any TypeScript user would find it. */
async function findByLibrary(id: string, depart: string, arrival: string, date: string): Promise<Trip> {
  const client = new RouteClient({ baseUrl: service.base });
  try {
    const page = await client.search({ depart, arrival, date_from: date, date_to: date }, { limit: 100 });
    const trip = page.routes.find((route) => route.id === id);
    if (!trip) throw new Error(`the library did not find ${id}`);
    return trip;
  } finally {
    await client.close();
  }
}
