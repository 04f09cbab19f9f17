import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { answer, useHostileServer } from '../helpers/hostile-server.js';

// Paging that lies ends with an error (exit 1) instead of looping or printing trips twice: a cursor that
// never changes, a `page` parameter ignored, "more" past the announced total. What was printed before
// stays well formed, and never holds a trip twice.

const trip = (mode: string, n: number) => ({
  id: `${mode}-${n}`,
  date: '2026-12-05',
  depart: mode,
  arrival: 'Lyon',
  layovers: [],
  price_min: 100 + n,
  price_max: 100 + n,
  slots: [2],
  times: ['08:00', '12:00'],
});

const hostile = useHostileServer({
  '/route/ai/search': (socket, request) => {
    const mode = request.query.get('depart') ?? '';
    const page = Number(request.query.get('page') ?? 1);
    const cursor = request.query.get('cursor');
    const send = (body: unknown) => answer(200, JSON.stringify(body))(socket, request);
    switch (mode) {
      case 'samecursor':
        // The cursor never changes, the trips do: the service pages in a loop.
        return send({
          routes: cursor ? [trip(mode, 3), trip(mode, 4)] : [trip(mode, 1), trip(mode, 2)],
          next_cursor: 'c1',
          has_next: true,
        });
      case 'cursorrepeat':
        // A new cursor each time, the same trips each time (what made calendar count 8 where 4 were sent).
        return send({
          routes: [1, 2, 3, 4].map((n) => trip(mode, n)),
          next_cursor: `c${(cursor ?? 'c0').slice(1) + 1}`,
          has_next: true,
        });
      case 'pageignored':
        return send({
          routes: [trip(mode, 1), trip(mode, 2)],
          total: 6,
          page: 1,
          limit: 2,
          total_pages: 3,
          has_next: true,
        });
      case 'pasttotal':
        // New trips on every page and has_next for ever, past the total of 4 it announced.
        return send({
          routes: [trip(mode, 2 * page - 1), trip(mode, 2 * page)],
          total: 4,
          page,
          limit: 2,
          total_pages: 2,
          has_next: true,
        });
      default:
        return send({ routes: [], total: 0 });
    }
  },
});

const run = (args: string[]) => runCli(['--base-url', hostile.base, ...args]);
const ids = (stdout: string) => (JSON.parse(stdout) as { id: string }[]).map((row) => row.id);

describe('paging that lies', () => {
  it('a cursor that never changes: exit 1, the trips before printed once, the array closed', async () => {
    const result = await run(['search', 'samecursor', 'Lyon', '--all', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Error: GET \/route\/ai\/search sent the cursor "c1" a second time: its paging loops\. motoroute stopped after 2 pages \(4 trips\); the answer is incomplete\.\n$/,
    );
    expect(ids(result.stdout)).toEqual(['samecursor-1', 'samecursor-2', 'samecursor-3', 'samecursor-4']);
  });

  it('new cursors on the same trips: stopped before printing any trip twice', async () => {
    const result = await run(['search', 'cursorrepeat', 'Lyon', '--all', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/page 2 of GET \/route\/ai\/search holds the same trips as page 1/);
    expect(ids(result.stdout)).toEqual(['cursorrepeat-1', 'cursorrepeat-2', 'cursorrepeat-3', 'cursorrepeat-4']);
  });

  it('the page parameter ignored (page 2 is page 1 again): exit 1, nothing twice', async () => {
    const result = await run(['search', 'pageignored', 'Lyon', '--all', '--json', '--concurrency', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /page 2 of GET \/route\/ai\/search holds the same trips as page 1: the service ignores the page asked for/,
    );
    expect(ids(result.stdout)).toEqual(['pageignored-1', 'pageignored-2']);
  });

  it('"more" past the announced total: exit 1 after the total', async () => {
    const result = await run(['search', 'pasttotal', 'Lyon', '--all', '--format', 'ndjson']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/still says there is more after 6 trips, past the 4 it announced/);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual(['pasttotal-1', 'pasttotal-2', 'pasttotal-3', 'pasttotal-4']);
  });

  it('calendar never counts the same trips twice: it fails instead', async () => {
    const result = await run(['calendar', 'cursorrepeat', 'Lyon', '--month', '2026-12', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/holds the same trips as page 1/);
    expect(result.stdout).not.toMatch(/"trips":\s*8/);
  });

  it('calendar with a cursor that never changes fails too', async () => {
    const result = await run(['calendar', 'samecursor', 'Lyon', '--month', '2026-12', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/sent the cursor "c1" a second time/);
  });

  it('api --paginate stops with an error on a repeated cursor and on a page ignored', async () => {
    const loop = await run(['api', '/route/ai/search', '-f', 'depart=samecursor', '--paginate']);
    expect(loop.code).toBe(1);
    expect(loop.stderr).toMatch(/sent the cursor "c1" a second time/);
    const ignored = await run(['api', '/route/ai/search', '-f', 'depart=pageignored', '--paginate']);
    expect(ignored.code).toBe(1);
    expect(ignored.stderr).toMatch(/page 2 of GET \/route\/ai\/search holds the same trips as page 1/);
    // The page sent again is not printed again: one body, as received.
    expect(ignored.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(loop.stdout.trimEnd().split('\n')).toHaveLength(2);
  });
});
