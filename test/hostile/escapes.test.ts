import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { CLI, childEnv, runCli } from '../helpers/cli.js';
import { answer, useHostileServer, type HostileCase } from '../helpers/hostile-server.js';
import { CONTROL_CLASSES, firstUnsafe } from '../helpers/terminal-classes.js';

// Every message path that can quote the service, fed each class of terminal control: the `error` of a
// 500 and of a 404, the warning that quotes a value left out, a body that is not a listing, a failed
// job, and the MCP error text. The message is still said (the text around the controls is there);
// nothing of the controls reaches stdout or stderr raw.

let payload = '';
const json =
  (status: number, body: () => unknown): HostileCase =>
  (socket, request) =>
    answer(status, JSON.stringify(body()))(socket, request);
const trip = (extra: Record<string, unknown>) => ({
  id: '1',
  date: '2026-12-05',
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: [],
  price_min: 299,
  price_max: 399,
  slots: [2],
  times: ['08:00', '18:00'],
  ...extra,
});

const hostile = useHostileServer({
  '/route/ai/search': (socket, request) => {
    const mode = request.query.get('depart');
    if (mode === 'error500') return json(500, () => ({ error: `failed ${payload} badly` }))(socket, request);
    if (mode === 'error404') return json(404, () => ({ error: `unknown ${payload} route` }))(socket, request);
    // doctor's first probe (`?limit=1`): its checklist quotes the error.
    if (mode === null && request.query.get('limit') === '1')
      return json(500, () => ({ error: `failed ${payload} badly` }))(socket, request);
    if (mode === 'deprecated') {
      // Header values may carry C1 bytes (obs-text); C0 and DEL would make the answer unreadable HTTP.
      const headers = {
        'content-type': 'application/json',
        deprecation: 'true',
        link: `<https://evil.example/>; rel="x" ${payload}`,
        sunset: `soon ${payload}`,
      };
      return answer(200, JSON.stringify({ routes: [], total: 0 }), headers)(socket, request);
    }
    // A record left out: the warning quotes the value that could not be read.
    return json(200, () => ({
      routes: [trip({}), trip({ id: '2', slots: `n/a ${payload}` })],
      total: 2,
      page: 1,
      limit: 50,
      total_pages: 1,
      has_next: false,
    }))(socket, request);
  },
  '/route/cities-near': (socket, request) => {
    if (request.query.get('location') === 'Errville')
      return json(500, () => ({ error: `failed ${payload} badly` }))(socket, request);
    return json(200, () => ({
      cities: [
        { name: 'Lyon', distance_km: 3 },
        { name: 'Vienne', distance_km: `far ${payload}` },
      ],
      source: 'test',
    }))(socket, request);
  },
  '/route/get/results': (socket, request) => answer(200, `${payload} this is no listing`)(socket, request),
  '/route/ai/jobs/j1': (socket, request) =>
    json(200, () => ({ job_id: 'j1', status: 'failed', error: `search ${payload} broke` }))(socket, request),
});

const CASES = Object.entries(CONTROL_CLASSES);

/** Runs the CLI against the hostile server with `value` in its answers; both streams must be clean. */
async function run(value: string, args: string[]) {
  payload = value;
  const result = await runCli(['--base-url', hostile.base, ...args]);
  expect(firstUnsafe(result.stderr), 'stderr').toBeUndefined();
  expect(firstUnsafe(result.stdout), 'stdout').toBeUndefined();
  return result;
}

describe('service text in messages never drives the terminal', () => {
  it.each(CASES)('search: the error of a 500, with %s', async (_name, value) => {
    const result = await run(value, ['search', 'error500', 'Marseille']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: The service answered 500 Internal Server Error .*: "failed .*badly"\n$/);
  });

  it.each(CASES)('search: the error of a 404, with %s', async (_name, value) => {
    const result = await run(value, ['search', 'error404', 'Marseille']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/"unknown .*route"/);
  });

  it.each(CASES)('search: the warning quoting a value left out, with %s', async (_name, value) => {
    const result = await run(value, ['search', 'Paris', 'Marseille', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^Warning: 1 of 2 records could not be read .*slots is "n\/a /);
    expect(JSON.parse(result.stdout)).toHaveLength(1);
  });

  it.each(CASES.filter(([name]) => name.startsWith('C1')))(
    'search: the deprecation warning quoting headers, with %s',
    async (_name, value) => {
      const result = await run(value, ['search', 'deprecated', 'Marseille']);
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(
        /^Warning: \/route\/ai\/search is deprecated by the service \(removal planned soon .*see <https:\/\/evil\.example\/>; rel="x" .*\)\.\n/m,
      );
    },
  );

  it.each(CASES)('near: the error of a 500, with %s', async (_name, value) => {
    const result = await run(value, ['near', 'Errville']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: The service answered 500 .*: "failed .*badly"\n$/);
  });

  it.each(CASES)('near: the warning quoting a value left out, with %s', async (_name, value) => {
    const result = await run(value, ['near', 'Lyon', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^Warning: 1 of 2 records could not be read .*"far /);
  });

  it.each(CASES)('list: a body that is not a listing, quoted, with %s', async (_name, value) => {
    const result = await run(value, ['list', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Error: GET \/route\/get\/results returned a body that is not a route listing: .*\n$/,
    );
  });

  it.each(CASES)('job wait: the error of a failed job, with %s', async (_name, value) => {
    const result = await run(value, ['job', 'wait', 'j1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Job j1 failed: search .*broke/);
  });

  it.each(CASES)('doctor: its checklist quoting what the service answered, with %s', async (_name, value) => {
    const result = await run(value, ['doctor']);
    expect(result.stdout).toMatch(/^Checking /);
    expect(result.stdout).toMatch(/failed .*badly/);
  });

  it('the MCP error text of a tool whose request failed, for every class', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--base-url', hostile.base],
      env: childEnv({ MOTOROUTE_RETRY_BASE_MS: '20' }),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'hostile', version: '1.0.0' });
    await client.connect(transport);
    try {
      for (const [name, value] of CASES) {
        payload = value;
        const result = (await client.callTool({
          name: 'cities_near',
          arguments: { location: 'Errville' },
        })) as CallToolResult;
        const first = result.content[0];
        const text = first?.type === 'text' ? first.text : '';
        expect(result.isError, name).toBe(true);
        expect(text, name).toMatch(/failed .*badly/);
        expect(firstUnsafe(text), name).toBeUndefined();
      }
    } finally {
      await client.close();
    }
    expect(firstUnsafe(stderr)).toBeUndefined();
  });
});
