import { spawnSync } from 'node:child_process';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStdioMcp, textOf, type StdioMcp } from '../helpers/mcp.js';
import { getJson, useService } from '../helpers/service.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

// What a model receives: tool listings small and portable (every schema compiles in Python's jsonschema, a validator
// that is not JavaScript's), results lean (a booking draft within 3,500 bytes), inputs as models send them, resources
// and completions.

const service = useService({ routes: 300, seed: 13 });
let mcp: StdioMcp;

beforeAll(async () => {
  mcp = await startStdioMcp(['--base-url', service.base], {
    MOTOROUTE_GREETING: 'Bonjour Symone,',
    MOTOROUTE_SIGNATURE: 'Atelier Moto Lyon\\n04 72 00 00 00',
  });
});
afterAll(async () => {
  await mcp?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const result = (await mcp.client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false, textOf(result)).toBe(false);
  return result;
}

async function firstTrip(query: string): Promise<Trip> {
  const trip = (await getJson<SearchPage>(`${service.base}/route/ai/search?${query}`)).routes[0];
  if (!trip) throw new Error(`no trip for ${query}`);
  return trip;
}

// Checks every schema with the draft-07 meta-schema (patterns compiled by Python's re) and validates the results.
const PYTHON_CHECK = `
import json, re, sys
from jsonschema import Draft7Validator
data = json.load(sys.stdin)
problems = []
def patterns(node, where):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == 'pattern' and isinstance(value, str):
                try: re.compile(value)
                except re.error as error: problems.append(f'{where}: pattern {value!r}: {error}')
            else: patterns(value, where)
    elif isinstance(node, list):
        for item in node: patterns(item, where)
for tool in data['tools']:
    for kind in ('inputSchema', 'outputSchema'):
        schema = tool[kind]
        where = f"{tool['name']}.{kind}"
        try: Draft7Validator.check_schema(schema)
        except Exception as error: problems.append(f'{where}: {error.message}')
        patterns(schema, where)
for name, value in data['results']:
    schema = next(tool['outputSchema'] for tool in data['tools'] if tool['name'] == name)
    for error in Draft7Validator(schema).iter_errors(value): problems.append(f'{name} result: {error.message}')
print(json.dumps({'checked': len(data['tools']), 'problems': problems}))
`;

describe('motoroute mcp: portable, small listings', () => {
  it("every input and output schema compiles in Python's jsonschema, and real results validate there", async () => {
    const { tools } = await mcp.client.listTools();
    const trip = await firstTrip('depart=Paris&arrival=Marseille&limit=1');
    const results: [string, unknown][] = [];
    for (const [name, args] of [
      ['search_routes', { depart: 'Paris', limit: 3 }],
      ['route_details', { route_id: trip.id }],
      ['price_calendar', { depart: 'Paris', arrival: 'Marseille' }],
      ['get_booking_url', { route_id: trip.id }],
      ['draft_booking_email', { route_id: trip.id, formula: 'rider' }],
    ] as const) {
      results.push([name, (await call(name, args)).structuredContent]);
    }
    const check = spawnSync('python3', ['-c', PYTHON_CHECK], {
      input: JSON.stringify({ tools, results }),
      encoding: 'utf8',
    });
    if (check.error || check.status !== 0) {
      throw new Error(
        `python3 with the jsonschema module is needed (apt-get install -y python3-jsonschema; .ci/run installs it): ${check.error?.message ?? check.stderr}`,
      );
    }
    const report = JSON.parse(check.stdout) as { checked: number; problems: string[] };
    expect(report.problems).toEqual([]);
    expect(report.checked).toBe(tools.length);
    for (const tool of tools) expect(JSON.stringify(tool), tool.name).not.toMatch(/\\\\p\{|"type":\[/);
  });

  it('tools/list is smaller than before this issue (22.6 KB for 7 tools), with 8 tools', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.length).toBe(8);
    const bytes = Buffer.byteLength(JSON.stringify({ tools }));
    // 21,000 until the booking tools took the customer's civility and reference (issue 36): about 450 bytes for two tools.
    expect(bytes).toBeLessThan(21_500);
    for (const tool of tools as Tool[]) expect(tool.description?.length, tool.name).toBeLessThan(500);
  });
});

describe('motoroute mcp: lean results', () => {
  it('a booking draft result is at most 3,500 bytes, the e-mail and its mailto: link once, with the greeting and signature settings', async () => {
    const trip = await firstTrip('depart=Paris&arrival=Marseille&limit=1');
    for (const lang of ['fr', 'en']) {
      const args = {
        route_id: trip.id,
        formula: 'rider',
        make: 'Honda',
        model: 'CB500F',
        name: 'Jeanne Dupont',
        email: 'jeanne@example.fr',
        phone: '06 12 34 56 78',
        lang,
      };
      const result = await call('draft_booking_email', args);
      const bytes = Buffer.byteLength(JSON.stringify(result));
      expect(bytes, lang).toBeLessThanOrEqual(3_500);
      const draft = result.structuredContent as { body: string; mailto: string; form_url: string };
      expect(draft.body.startsWith('Bonjour Symone,')).toBe(true);
      expect(draft.mailto).toMatch(/^mailto:reservation@symone\.fr\?subject=/);
      const text = textOf(result);
      expect(text).toContain(draft.body);
      // The link is in the structured result only: it repeats the whole e-mail, percent-encoded.
      expect(text).not.toMatch(/mailto:reservation/);
      expect(text.split(draft.form_url).length - 1).toBe(1);
    }
    // No name given: the signature setting signs it.
    const unsigned = (await call('draft_booking_email', { route_id: trip.id, formula: 'rider', lang: 'en' }))
      .structuredContent as { body: string };
    expect(unsigned.body).toMatch(/Atelier Moto Lyon\n04 72 00 00 00\s*$/);
  });

  it('a long comment keeps the draft small: the mailto: link then carries address and subject only', async () => {
    const trip = await firstTrip('depart=Paris&arrival=Marseille&limit=1');
    const comment = 'Arrivée en train, merci de confirmer le lieu de dépôt exact et les horaires. '.repeat(8).trim();
    const result = await call('draft_booking_email', { route_id: trip.id, formula: 'rider', comment, lang: 'fr' });
    const draft = result.structuredContent as { body: string; mailto: string };
    expect(draft.body).toContain(comment.slice(0, 40));
    expect(draft.mailto).not.toContain('body=');
    expect(textOf(result)).toMatch(/too long for a mailto: link/);
    // The comment is in the text, the structured body and the form link; nowhere else. (French typography's
    // no-break spaces take two bytes each: the fixed part has a little room for them.)
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(3_600 + 3 * Buffer.byteLength(comment));
  });

  it('route_details says "1 free place", never "1 free places"', async () => {
    const page = await getJson<SearchPage>(`${service.base}/route/ai/search?limit=100`);
    const trip = page.routes.find((candidate) => Math.min(...candidate.slots) === 1);
    expect(trip, 'a trip with one free place').toBeDefined();
    const text = textOf(await call('route_details', { route_id: Number(trip?.id) }));
    expect(text).toMatch(/\b1 free place\b/);
    expect(text).not.toMatch(/\b1 free places/);
  });
});

describe('motoroute mcp: inputs as models send them', () => {
  it('route_id as a number or as text', async () => {
    const trip = await firstTrip('depart=Lyon&limit=1');
    const asNumber = (await call('route_details', { route_id: Number(trip.id) })).structuredContent as { trip: Trip };
    const asText = (await call('route_details', { route_id: trip.id })).structuredContent as { trip: Trip };
    expect(asNumber.trip).toEqual(asText.trip);
    const refused = (await mcp.client.callTool({
      name: 'route_details',
      arguments: { route_id: -4 },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^route_id: /);
  });

  it('request_quote: the quote e-mail and the quote form for a route without a scheduled trip', async () => {
    const result = await call('request_quote', {
      depart: 'Lyon',
      arrival: 'Nice',
      date: '+15d',
      make: 'BMW',
      model: 'R 1250 GS',
      lang: 'en',
    });
    const draft = result.structuredContent as {
      to: string;
      subject: string;
      body: string;
      form_url: string;
      sent: boolean;
    };
    expect(draft.sent).toBe(false);
    expect(draft.to).toBe('reservation@symone.fr');
    expect(draft.body).toMatch(/Lyon/);
    expect(draft.body).toMatch(/BMW R 1250 GS/);
    const form = new URL(draft.form_url);
    expect(form.searchParams.get('tab')).toBe('tab-devis');
    expect(form.searchParams.get('formula')).toBe('rider');
    const missing = (await mcp.client.callTool({
      name: 'request_quote',
      arguments: { depart: 'Lyon', arrival: 'Nice' },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^date: /);
  });
});

describe('motoroute mcp: resources and completions', () => {
  it('lists and reads the served cities and the booking contacts', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['motoroute://cities', 'motoroute://booking-contacts']);
    const cities = await mcp.client.readResource({ uri: 'motoroute://cities' });
    const names = (cities.contents[0] as { text: string }).text.split('\n');
    const trip = await firstTrip('limit=1');
    expect(names).toContain(trip.depart);
    expect(names).toContain(trip.arrival);
    expect(new Set(names).size).toBe(names.length);
    const contacts = await mcp.client.readResource({ uri: 'motoroute://booking-contacts' });
    expect(JSON.parse((contacts.contents[0] as { text: string }).text)).toEqual({
      reservation_email: 'reservation@symone.fr',
      booking_form: 'https://symone.fr/moto',
      quote_form: 'https://symone.fr/moto?tab=tab-devis',
    });
    await expect(mcp.client.readResource({ uri: 'motoroute://nothing' })).rejects.toThrow(/There is no resource/);
  });

  it("completes plan_trip's city arguments from the served cities, case and accents ignored", async () => {
    const answer = await mcp.client.complete({
      ref: { type: 'ref/prompt', name: 'plan_trip' },
      argument: { name: 'to', value: 'MAR' },
    });
    expect(answer.completion.values).toContain('Marseille');
    for (const value of answer.completion.values) expect(value.toLowerCase()).toContain('mar');
    const none = await mcp.client.complete({
      ref: { type: 'ref/prompt', name: 'plan_trip' },
      argument: { name: 'dates', value: '2026' },
    });
    expect(none.completion.values).toEqual([]);
  });
});
