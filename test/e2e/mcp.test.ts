import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import { until } from '../helpers/timers.js';
import type { BatchResponse, NearbyCities, SearchPage, Trip } from '../../src/domain/types.js';
import type { ServiceTrip } from '../../src/server/index.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';

// `motoroute mcp` driven the way an assistant drives it: the SDK's own Client over stdio, launching the built CLI.
// The SDK Client checks every structuredContent against the tool's outputSchema; the values are compared with
// what the same local service answers directly.

const TOOL_NAMES = [
  'search_routes',
  'cities_near',
  'price_calendar',
  'route_details',
  'get_booking_url',
  'request_quote',
  'draft_booking_email',
  'search_batch',
];

interface McpSession {
  client: Client;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** The local service the sandbox started (read from its note on stderr). */
  base(): Promise<string>;
}

/** Starts `motoroute ARGS mcp` as a child process and connects the SDK Client to it. */
async function startMcp(args: string[]): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env: childEnv({ LANG: 'en_GB.UTF-8', MOTOROUTE_RETRY_BASE_MS: '20' }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'motoroute-e2e', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    async base() {
      for (let waited = 0; waited < 5000; waited += 20) {
        const url = /Sandbox: using the local service at (\S+)/.exec(stderr)?.[1];
        if (url) return url;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no sandbox note on stderr: ${stderr}`);
    },
  };
}

/** Calls a tool; the SDK Client has already checked structuredContent against the outputSchema. */
async function call(session: McpSession, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await session.client.callTool({ name, arguments: args })) as CallToolResult;
}

function structured<T>(result: CallToolResult): T {
  expect(result.isError ?? false, textOf(result)).toBe(false);
  expect(result.structuredContent).toBeDefined();
  return result.structuredContent as T;
}

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** A refused call: isError, one line, and the server still answers the next call. */
async function expectToolError(
  session: McpSession,
  name: string,
  args: Record<string, unknown>,
  wording: RegExp,
): Promise<string> {
  const result = await call(session, name, args);
  expect(result.isError, JSON.stringify(result)).toBe(true);
  const text = textOf(result);
  expect(text).toMatch(wording);
  expect(text).not.toContain('\n');
  expect(text).not.toMatch(/\bat .+:\d+:\d+\)?$/m); // no stack trace
  const next = await session.client.listTools();
  expect(next.tools.length).toBe(TOOL_NAMES.length);
  return text;
}

let session: McpSession;
let base: string;

beforeAll(async () => {
  session = await startMcp(['--sandbox']);
  base = await session.base();
});

afterAll(async () => {
  await session?.client.close();
});

describe('motoroute mcp: listing', () => {
  it('lists every tool with a description, bounded input schema, output schema and annotations', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    const search = tools.find((tool) => tool.name === 'search_routes') as Tool;
    const properties = search.inputSchema.properties as Record<
      string,
      { maximum?: number; minimum?: number; examples?: unknown[]; description?: string }
    >;
    expect(Object.keys(properties)).toEqual([
      'depart',
      'arrival',
      'date_from',
      'date_to',
      'min_slots',
      'max_price',
      'via',
      'sort',
      'limit',
      'page_token',
    ]);
    expect(properties.limit).toMatchObject({ minimum: 1, maximum: 50 });
    expect(properties.depart?.examples).toEqual(['Paris']);
    expect(properties.date_from?.description).toMatch(/today/);
    // Every parameter is described, with an example.
    for (const tool of tools) {
      for (const [name, schema] of Object.entries(
        tool.inputSchema.properties as Record<string, { description?: string; examples?: unknown[] }>,
      )) {
        expect(schema.description, `${tool.name}.${name}`).toBeTruthy();
        if (name !== 'page_token')
          expect(`${schema.description} ${JSON.stringify(schema.examples ?? [])}`, `${tool.name}.${name}`).toMatch(
            /e\.g\.|\[.+\]/i,
          );
      }
    }
    const draft = tools.find((tool) => tool.name === 'draft_booking_email') as Tool;
    expect(draft.description).toMatch(/NEVER sends/);
    expect(draft.inputSchema.required).toEqual(['formula']);
  });

  it('lists the plan_trip prompt and expands it into the search → choose → e-mail steps', async () => {
    const { prompts } = await session.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['plan_trip']);
    expect(prompts[0]?.arguments?.map((argument) => [argument.name, argument.required])).toEqual([
      ['from', true],
      ['to', true],
      ['dates', false],
      ['formula', false],
    ]);
    const prompt = await session.client.getPrompt({
      name: 'plan_trip',
      arguments: { from: 'Paris', to: 'Marseille', dates: '2026-12-05', formula: 'rider' },
    });
    const message = prompt.messages[0]?.content;
    const text = message?.type === 'text' ? message.text : '';
    expect(text).toContain('from Paris to Marseille');
    expect(text.indexOf('search_routes')).toBeLessThan(text.indexOf('draft_booking_email'));
    expect(text).toMatch(/Nothing is booked or sent/);
    await expect(session.client.getPrompt({ name: 'plan_trip', arguments: { to: 'Marseille' } })).rejects.toThrow(
      /from/,
    );
  });
});

describe('motoroute mcp: search_routes', () => {
  interface SearchResult {
    trips: Trip[];
    total: number;
    total_exact: boolean;
    next_page_token: string | null;
    book_url: string;
  }

  it('returns the service page, its total, and a token for the next page', async () => {
    const first = structured<SearchResult>(
      await call(session, 'search_routes', { depart: 'Paris', arrival: 'Marseille', limit: 3 }),
    );
    const expected = await getJson<SearchPage>(`${base}/route/ai/search?depart=Paris&arrival=Marseille&limit=3`);
    expect(first.trips.map((trip) => trip.id)).toEqual(expected.routes.map((trip) => trip.id));
    expect(first.trips[0]).toEqual(expected.routes[0]);
    expect(first.total).toBe(expected.total);
    expect(first.total_exact).toBe(true);
    expect(first.book_url).toBe(expected.book_url);
    expect(first.next_page_token).toMatch(/^[\w-]+$/);

    const second = structured<SearchResult>(
      await call(session, 'search_routes', {
        depart: 'Paris',
        arrival: 'Marseille',
        limit: 3,
        page_token: first.next_page_token,
      }),
    );
    const page2 = await getJson<SearchPage>(`${base}/route/ai/search?depart=Paris&arrival=Marseille&limit=3&page=2`);
    expect(second.trips.map((trip) => trip.id)).toEqual(page2.routes.map((trip) => trip.id));
  });

  it('applies min_slots, max_price and price order over every page, and pages through the matches', async () => {
    const args = { depart: 'Paris', min_slots: 2, sort: 'price', limit: 4 };
    const first = structured<SearchResult>(await call(session, 'search_routes', args));
    expect(first.total_exact).toBe(true);
    expect(first.trips.length).toBe(4);
    for (const trip of first.trips) expect(Math.min(...trip.slots)).toBeGreaterThanOrEqual(2);
    const prices = first.trips.map((trip) => trip.price_min ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const second = structured<SearchResult>(
      await call(session, 'search_routes', { ...args, page_token: first.next_page_token }),
    );
    expect(second.trips[0]?.price_min ?? Infinity).toBeGreaterThanOrEqual(prices[3] ?? 0);
    expect(second.trips.map((trip) => trip.id)).not.toContain(first.trips[0]?.id);

    const cheap = structured<SearchResult>(
      await call(session, 'search_routes', { depart: 'Paris', max_price: 320, date_from: 'today', date_to: '+30d' }),
    );
    for (const trip of cheap.trips) expect(trip.price_min).not.toBeNull();
    for (const trip of cheap.trips) expect(trip.price_min ?? Infinity).toBeLessThanOrEqual(320);
  });

  it('refuses bad input with one line a model can act on, and keeps serving', async () => {
    await expectToolError(session, 'search_routes', { depart: '75001' }, /^depart: use a city name/);
    await expectToolError(
      session,
      'search_routes',
      { depart: 'Paris', date_from: '2020-01-01' },
      /^date_from 2020-01-01 is in the past \(today is \d{4}-\d\d-\d\d\)/,
    );
    await expectToolError(
      session,
      'search_routes',
      { date_from: '2026-02-30' },
      /date_from: "2026-02-30" is not a date/,
    );
    await expectToolError(
      session,
      'search_routes',
      { date_from: '+10d', date_to: '+2d' },
      /date_from .* is later than date_to/,
    );
    await expectToolError(session, 'search_routes', { limit: 500 }, /^limit: .*50/);
    await expectToolError(session, 'search_routes', { departure: 'Paris' }, /departure/);
    const other = structured<SearchResult>(await call(session, 'search_routes', { depart: 'Lyon', limit: 1 }));
    await expectToolError(
      session,
      'search_routes',
      { depart: 'Paris', limit: 1, page_token: other.next_page_token },
      /page_token belongs to another search/,
    );
    await expectToolError(
      session,
      'search_routes',
      { page_token: 'not-a-token' },
      /page_token is not a token this server gave/,
    );
  });
});

describe('motoroute mcp: the other tools', () => {
  it('cities_near: served cities nearest first, as the service lists them', async () => {
    const result = structured<NearbyCities>(await call(session, 'cities_near', { location: 'Annecy' }));
    const expected = await getJson<NearbyCities>(`${base}/route/cities-near?location=Annecy`);
    expect(result.cities.map((city) => city.name).sort()).toEqual(expected.cities.map((city) => city.name).sort());
    const distances = result.cities.map((city) => city.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(result.source).toBe(expected.source);
    await expectToolError(session, 'cities_near', {}, /^location: /);
    await expectToolError(session, 'cities_near', { location: 'Annecy\u001b[2J' }, /^location: use a place name/);
  });

  it('price_calendar: every day of the month, equal to the service search day by day', async () => {
    // The month after the service's day.
    const [year, monthIndex] = FIXED_DAY.split('-').map(Number) as [number, number];
    const next = new Date(Date.UTC(year, monthIndex, 1));
    const month = next.toISOString().slice(0, 7);
    const days = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    const result = structured<{
      month: string;
      days: { date: string; trips: number; price_min: number | null; slots_max: number | null }[];
      cheapest_dates: string[];
      trips: number;
    }>(await call(session, 'price_calendar', { depart: 'Paris', arrival: 'Marseille', month })) as {
      month: string;
      days: { date: string; trips: number; price_min: number | null; slots_max: number | null }[];
      days_without_trips: number;
      cheapest_dates: string[];
      trips: number;
    };
    expect(result.month).toBe(month);
    // Only days with trips are listed; the others are counted.
    for (const day of result.days) expect(day.trips).toBeGreaterThan(0);
    expect(result.days.length + result.days_without_trips).toBe(days);
    const trips: Trip[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        depart: 'Paris',
        arrival: 'Marseille',
        date_from: `${month}-01`,
        date_to: `${month}-${days}`,
        limit: '100',
        page: String(page),
      });
      const answer = await getJson<SearchPage>(`${base}/route/ai/search?${query}`);
      trips.push(...answer.routes);
      if (!answer.has_next) break;
    }
    expect(result.trips).toBe(trips.length);
    expect(result.days.map((day) => day.date)).toEqual([...new Set(trips.map((trip) => trip.date))].sort());
    for (const day of result.days) {
      const onDay = trips.filter((trip) => trip.date === day.date);
      expect(day.trips, day.date).toBe(onDay.length);
      const lows = onDay.flatMap((trip) => (trip.price_min === null ? [] : [trip.price_min]));
      expect(day.price_min, day.date).toBe(lows.length ? Math.min(...lows) : null);
    }
    const lowest = Math.min(...result.days.flatMap((day) => (day.price_min === null ? [] : [day.price_min])));
    for (const date of result.cheapest_dates)
      expect(result.days.find((day) => day.date === date)?.price_min).toBe(lowest);
    // A past month is read as the calendar command reads it: every day gone by, none with a trip to take.
    const past = await call(session, 'price_calendar', { depart: 'Paris', arrival: 'Marseille', month: '2020-01' });
    expect(structured(past)).toMatchObject({ days: [], days_without_trips: 31, trips: 0 });
    expect(textOf(past)).toContain('this month has passed');
    await expectToolError(
      session,
      'price_calendar',
      { depart: 'Paris', arrival: 'Marseille', month: '2026-13' },
      /^month: use YYYY-MM/,
    );
    await expectToolError(session, 'price_calendar', { depart: 'Paris' }, /^arrival: /);
  });

  it('route_details: one trip with its stops, legs, places and booking link', async () => {
    const page = await getJson<SearchPage>(`${base}/route/ai/search?depart=Paris&arrival=Marseille&limit=100`);
    // A trip with room on every leg: one with a full leg has no booking link (mcp-trip-findings.test.ts).
    const trip = page.routes.find(
      (candidate) => candidate.layovers.length > 0 && candidate.slots.every((slots) => slots > 0),
    ) as Trip;
    const result = structured<{
      trip: Trip;
      stops: { city: string; time: string | null }[];
      legs: { from: string; to: string; free_places: number | null }[];
      free_places: number;
      booking_url: string;
    }>(await call(session, 'route_details', { route_id: trip.id }));
    expect(result.trip).toEqual(trip);
    expect(result.stops.map((stop) => stop.city)).toEqual([trip.depart, ...trip.layovers, trip.arrival]);
    expect(result.stops[0]?.time).toBe(trip.times[0]);
    expect(result.legs.length).toBe(trip.layovers.length + 1);
    expect(result.legs.map((leg) => leg.free_places)).toEqual(trip.slots);
    expect(result.free_places).toBe(Math.min(...trip.slots));
    expect(result.booking_url).toContain(`route_id=${trip.id}`);
    const missing = await expectToolError(
      session,
      'route_details',
      { route_id: '999999999' },
      /^Not found: No upcoming trip has the id "999999999" \(the service lists neither past nor full trips\)\. Find ids with search_routes\.$/,
    );
    expect(missing).toMatch(/search_routes/);
    await expectToolError(session, 'route_details', { route_id: '12 34' }, /^route_id: /);
  });

  it('get_booking_url: the booking form for a trip id, the quote form for cities and a date', async () => {
    const page = await getJson<SearchPage>(`${base}/route/ai/search?depart=Lyon&limit=1`);
    const trip = page.routes[0] as Trip;
    const booking = structured<{ url: string; form: string; route_id: string | null }>(
      await call(session, 'get_booking_url', { route_id: Number(trip.id), formula: 'moto-only' }),
    );
    expect(booking.form).toBe('booking');
    expect(booking.route_id).toBe(trip.id);
    const url = new URL(booking.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://symone.fr/moto');
    expect(url.searchParams.get('route_id')).toBe(trip.id);
    expect(url.searchParams.get('formula')).toBe('moto-only');
    const quote = structured<{ url: string; form: string; date: string }>(
      await call(session, 'get_booking_url', { depart: 'Lyon', arrival: 'Nice', date: '+10d' }),
    );
    expect(quote.form).toBe('quote');
    expect(new URL(quote.url).searchParams.get('tab')).toBe('tab-devis');
    expect(quote.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    await expectToolError(
      session,
      'get_booking_url',
      { depart: 'Lyon', arrival: 'Nice' },
      /^Required booking field is missing: date\. Give route_id \(a trip from search_routes\), or depart, arrival and date for a quote request\.$/,
    );
    await expectToolError(
      session,
      'get_booking_url',
      { route_id: trip.id, date: '+3d' },
      /^route_id \S+ already sets the date; drop date/,
    );
    // depart and arrival beside route_id name the stops where the traveller boards and leaves: they must be the trip's.
    await expectToolError(
      session,
      'get_booking_url',
      { route_id: trip.id, depart: 'Quimper' },
      /does not stop in Quimper before its last stop/,
    );
    // The official connector's arguments: need (and route_id).
    const withNeed = structured<{ url: string; form: string; route_id: string | null }>(
      await call(session, 'get_booking_url', { need: 'booking', route_id: trip.id }),
    );
    expect(withNeed).toMatchObject({ form: 'booking', route_id: trip.id });
    const quoteForm = structured<{ url: string; form: string; route_id: string | null }>(
      await call(session, 'get_booking_url', { need: 'a quote for another date' }),
    );
    expect(quoteForm).toMatchObject({ form: 'quote', url: 'https://symone.fr/moto?tab=tab-devis', route_id: null });
  });

  it('draft_booking_email: the whole e-mail in English or French, never sent', async () => {
    const page = await getJson<SearchPage>(`${base}/route/ai/search?depart=Paris&arrival=Marseille&limit=1`);
    const trip = page.routes[0] as Trip;
    type Draft = { to: string; subject: string; body: string; mailto: string; form_url: string; sent: boolean };
    const english = structured<Draft>(
      await call(session, 'draft_booking_email', {
        route_id: trip.id,
        formula: 'rider',
        make: 'Honda',
        model: 'CB500F',
        name: 'Jeanne Dupont',
        email: 'jeanne@example.fr',
        lang: 'en',
      }),
    );
    expect(english.to).toBe('reservation@symone.fr');
    expect(english.sent).toBe(false);
    expect(english.body).toContain('Honda CB500F');
    expect(english.body).toContain(trip.id);
    expect(english.body).toContain('Jeanne Dupont');
    expect(english.mailto).toMatch(/^mailto:reservation@symone\.fr\?subject=/);
    expect(new URL(english.form_url).searchParams.get('route_id')).toBe(trip.id);
    const french = structured<Draft>(
      await call(session, 'draft_booking_email', {
        depart: 'Lyon',
        arrival: 'Nice',
        date: '+12d',
        return_date: '+19d',
        formula: 'moto-only',
        lang: 'fr',
      }),
    );
    expect(french.body).toMatch(/Bonjour/);
    // The customer's civility and reference, as the desk gives them: the subject carries the reference.
    const named = structured<Draft>(
      await call(session, 'draft_booking_email', {
        depart: 'Lyon',
        arrival: 'Nice',
        date: '+12d',
        formula: 'rider',
        name: 'Hélène Lefèvre',
        civility: 'Mme',
        reference: 'D-2026-104',
        lang: 'fr',
      }),
    );
    expect(named.subject).toMatch(/^Demande de devis moto \(réf\.\u00a0D-2026-104\)\u00a0: Lyon → Nice, le /);
    expect(named.body).toMatch(/Mme\sHélène Lefèvre/);
    const neutral = structured<Draft>(
      await call(session, 'draft_booking_email', {
        depart: 'Lyon',
        arrival: 'Nice',
        date: '+12d',
        formula: 'rider',
        name: 'Hélène Lefèvre',
        civility: 'none',
        lang: 'fr',
      }),
    );
    expect(neutral.subject).not.toContain('réf.');
    expect(neutral.body).not.toContain('Mme');
    await expectToolError(session, 'draft_booking_email', { formula: 'rider', civility: 'Dr' }, /civility/);
    expect(new URL(french.form_url).searchParams.get('formula')).toBe('moto-only');
    expect(new URL(french.form_url).searchParams.get('tab')).toBe('tab-devis');
    await expectToolError(session, 'draft_booking_email', { route_id: trip.id }, /^formula: /);
    await expectToolError(
      session,
      'draft_booking_email',
      { route_id: trip.id, formula: 'rider', email: 'not-an-email' },
      /^email: "not-an-email" is not an e-mail address/,
    );
    await expectToolError(
      session,
      'draft_booking_email',
      { depart: 'Lyon', arrival: 'Nice', date: 'today', return_date: '2020-01-01', formula: 'rider' },
      /^return_date 2020-01-01 is in the past/,
    );
    await expectToolError(
      session,
      'draft_booking_email',
      { route_id: trip.id, formula: 'moto-only', riders: 2 },
      /riders 2 contradicts formula moto-only/,
    );
  });

  it('search_batch: up to 10 searches in one request; 11 are refused before anything is sent', async () => {
    const queries = [
      { depart: 'Paris', arrival: 'Marseille' },
      { depart: 'Lyon', date_from: 'today', date_to: '+20d' },
    ];
    const result = structured<{ results: { index: number; total: number; trips: Trip[] }[] }>(
      await call(session, 'search_batch', { queries, limit: 2 }),
    );
    const expected = await fetch(`${base}/route/ai/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queries: [queries[0]] }),
    }).then((response) => response.json() as Promise<BatchResponse>);
    expect(result.results.map((entry) => entry.index)).toEqual([0, 1]);
    expect(result.results[0]?.total).toBe(expected.results[0]?.total);
    expect(result.results[0]?.trips.map((trip) => trip.id)).toEqual(
      expected.results[0]?.routes.slice(0, 2).map((trip) => trip.id),
    );
    expect(result.results[1]?.trips.length).toBeLessThanOrEqual(2);
    const eleven = Array.from({ length: 11 }, () => ({ depart: 'Paris' }));
    await expectToolError(session, 'search_batch', { queries: eleven }, /^queries: at most 10 searches in one call/);
  });

  it('answers an unknown tool with an error result', async () => {
    const result = await call(session, 'book_trip', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/There is no tool "book_trip"; the tools are search_routes/);
  });
});

describe('motoroute mcp: failures of the service', () => {
  const hostile = useService({ routes: 20, seed: 3 });
  const DATE = '2099-01-15';
  const TRIP: ServiceTrip = {
    id: '900001',
    date: DATE,
    published: true,
    passenger_places: 1,
    price_min: 299,
    price_max: 399,
    depart: 'Paris\x1b[31mRED\x1b]0;title\x07',
    arrival: 'Mar\u202eseille\u200b',
    layovers: ['Ly\non'],
    slots: [2, 3],
    times: ['08:00\x1b[2J', '10:00', '18:00'],
  };
  let other: McpSession;

  beforeAll(async () => {
    hostile.server.data.addRawTrip(TRIP);
    other = await startMcp(['--base-url', hostile.base]);
  });
  afterAll(async () => {
    await other?.client.close();
  });

  it('sanitises the service strings like the terminal output', async () => {
    const result = await call(other, 'search_routes', { date_from: '2099-01-15', date_to: '2099-01-15' });
    const trips = structured<{ trips: Trip[] }>(result).trips;
    expect(trips.map((trip) => [trip.depart, trip.arrival, trip.layovers, trip.times[0]])).toEqual([
      ['ParisRED', 'Marseille', ['Ly on'], '08:00'],
    ]);
    expect(JSON.stringify(result)).not.toMatch(/\\u001b|\\u0007|\u202e|\u200b/);
  });

  it('reports a service error with the exit-code meaning in words, and keeps serving', async () => {
    // Three 500s: every attempt the retry rule allows.
    hostile.server.faults.failNext(3, '/route/cities-near');
    const result = await call(other, 'cities_near', { location: 'Lyon' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The service answered with an error: /);
    expect(textOf(result)).not.toContain('\n');
    const again = structured<NearbyCities>(await call(other, 'cities_near', { location: 'Lyon' }));
    expect(again.cities.length).toBeGreaterThan(0);
  });

  it('reports a network failure as such', async () => {
    const failing = await startMcp(['--base-url', 'http://127.0.0.1:9/v1', '--timeout', '2']);
    try {
      const result = await call(failing, 'cities_near', { location: 'Lyon' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /^Network failure or timeout after retries \(the service could not be reached\): /,
      );
      expect(textOf(result)).not.toContain('\n');
    } finally {
      await failing.client.close();
    }
  });
});

describe('motoroute mcp: the process', () => {
  it('writes only JSON-RPC on stdout, notes on stderr, survives a line that is not JSON-RPC, answers what was sent and ends with exit 0 when stdin closes', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--sandbox'], {
      env: childEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    child.stdin.write('this is not JSON-RPC\n');
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'search_routes', arguments: { depart: 'Paris', limit: 2 } },
    });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_routes', arguments: { depart: 42 } } });
    // Closed at once: the calls already sent are still answered before the process ends.
    child.stdin.write('{"jsonrpc":"2.0","id":9,"method":42}\n');
    child.stdin.end();
    expect(await closed).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBe(5);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    // The unreadable lines get JSON-RPC's replies, id null: a parse error, and an invalid request.
    const replies = lines.map((line) => JSON.parse(line) as { id: number | null; error?: { code: number } });
    expect(
      replies
        .filter((reply) => reply.id === null)
        .map((reply) => reply.error?.code)
        .sort(),
    ).toEqual([-32700, -32600].sort());
    expect(stderr).toMatch(/^Sandbox: using the local service at http:\/\/127\.0\.0\.1:\d+\/v1$/m);
    expect(stdout).not.toContain('Sandbox:');
    // The line that was not a message is said on stderr, on one line, and the calls after it were answered.
    expect(stderr).toMatch(/^MCP: .*JSON/m);
    // One short line each, not the parser's dump.
    for (const line of stderr.split('\n').filter((text) => text.startsWith('MCP:')))
      expect(line.length).toBeLessThan(200);
    expect(stderr.length).toBeLessThan(600);
    expect(
      replies
        .filter((reply) => reply.id !== null)
        .map((reply) => reply.id)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('ends on Ctrl-C', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--sandbox'], {
      env: childEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Ctrl-C once the server is up, however long a busy machine takes to start it.
    await until(() => stderr.includes('Sandbox:'));
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(stderr).not.toMatch(/\n\s+at /);
    child.stdin.destroy();
  });
});
