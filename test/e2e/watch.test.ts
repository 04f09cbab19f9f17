import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLI, childEnv, fixChildClock, runCli } from '../helpers/cli.js';
import { getJson, useService } from '../helpers/service.js';
import { until } from '../helpers/timers.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

const service = useService({ routes: 2000, today: '2027-03-10' });
// The CLI on the service's day, months away from the real date: --until durations must still be counted from now.
fixChildClock('2027-03-10T02:00:00Z');
const WINDOW = ['Paris', 'Marseille', '--after', '2027-03-10', '--before', '2027-03-24'];
// A high rate budget lets rounds run every 200 ms (MOTOROUTE_RATE=6000: 10 ms a request).
const FAST = { MOTOROUTE_RATE: '6000' };
const watch = (args: string[], env: Record<string, string> = FAST) =>
  runCli(['--base-url', service.base, 'watch', ...args], { env, timeoutMs: 20_000 });

interface Event {
  time: string;
  type: string;
  trip: Trip;
  before?: number[];
  after?: number[];
}

/**
 * Resolves once the service has answered `count` searches: the baseline is taken and a later round has begun. As
 * late as a busy machine gets there: the test's timeout is the guard.
 */
async function searchesSeen(count: number): Promise<void> {
  await until(() => service.server.stats.requests('/route/ai/search') >= count);
}

const parseEvents = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Event);

beforeEach(() => service.server.stats.reset());

describe('watch', () => {
  it('notices a new trip with --until-change, prints it as an NDJSON event and exits 0', async () => {
    const running = watch([...WINDOW, '--every', '200ms', '--until-change', '--format', 'ndjson']);
    await searchesSeen(2);
    const added = service.server.data.addTrip({
      depart: 'Paris',
      arrival: 'Marseille',
      date: '2027-03-15',
      price_min: 199,
      slots: [3],
    });
    const result = await running;
    expect(result.code).toBe(0);
    const events = parseEvents(result.stdout);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'new',
      trip: { id: added.id, date: '2027-03-15', price_min: 199, slots: [3] },
    });
    expect(Object.keys(events[0]!)).toEqual(['time', 'type', 'trip']);
    expect(Date.parse(events[0]!.time)).not.toBeNaN();
    expect(result.stderr).toMatch(
      /Watching Paris → Marseille: \d+ trips now \(1 request a round\), checking every 200ms/,
    );
    expect(result.stderr).toMatch(/First change seen after \d+ rounds/);
  });

  it('notices places freed, with the places before and after', async () => {
    const page = await getJson<SearchPage>(
      `${service.base}/route/ai/search?depart=Paris&arrival=Marseille&date_from=2027-03-10&date_to=2027-03-24`,
    );
    const target = page.routes[0]!;
    service.server.stats.reset();
    const running = watch([...WINDOW, '--every', '200ms', '--until-change', '--format', 'ndjson']);
    await searchesSeen(2);
    service.server.data.setSlots(
      target.id,
      target.slots.map((n) => n + 2),
    );
    const result = await running;
    expect(result.code).toBe(0);
    const events = parseEvents(result.stdout);
    expect(events).toEqual([
      {
        time: expect.any(String),
        type: 'freed',
        trip: { ...target, slots: target.slots.map((n) => n + 2) },
        before: target.slots,
        after: target.slots.map((n) => n + 2),
      },
    ]);
  });

  it('reports a trip that got places back after being full as freed, not as gone then new', async () => {
    const page = await getJson<SearchPage>(
      `${service.base}/route/ai/search?depart=Paris&arrival=Marseille&date_from=2027-03-10&date_to=2027-03-24`,
    );
    const target = page.routes[1]!;
    service.server.stats.reset();
    const running = watch([...WINDOW, '--every', '200ms', '--until', '3s', '--format', 'ndjson']);
    await searchesSeen(2);
    service.server.data.setSlots(
      target.id,
      target.slots.map(() => 0),
    );
    const seen = service.server.stats.requests('/route/ai/search');
    await searchesSeen(seen + 2);
    service.server.data.setSlots(target.id, target.slots);
    const result = await running;
    expect(result.code).toBe(0);
    const events = parseEvents(result.stdout).filter((event) => event.trip.id === target.id);
    expect(events.map((event) => event.type)).toEqual(['gone', 'freed']);
    expect(events[1]).toMatchObject({ before: target.slots.map(() => 0), after: target.slots });
  });

  it('passes each change as JSON on the stdin of --exec, never through a shell', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'motoroute-watch-'));
    const file = join(dir, 'event $HOME.json');
    const script = "require('fs').writeFileSync(process.argv[1], require('fs').readFileSync(0))";
    const exec = `'${process.execPath}' -e "${script}" '${file}'`;
    const running = watch([...WINDOW, '--every', '200ms', '--until-change', '--format', 'ndjson', '--exec', exec]);
    await searchesSeen(2);
    const added = service.server.data.addTrip({
      depart: 'Paris',
      arrival: 'Marseille',
      date: '2027-03-16',
      layovers: ['Lyon'],
      slots: [1, 2],
    });
    const result = await running;
    expect(result.code).toBe(0);
    const received = JSON.parse(readFileSync(file, 'utf8')) as Event;
    expect(received).toEqual(parseEvents(result.stdout)[0]);
    expect(received).toMatchObject({ type: 'new', trip: { id: added.id, layovers: ['Lyon'] } });
  });

  it('reports a trip gone and places taken in a terminal-style line format', async () => {
    const page = await getJson<SearchPage>(
      `${service.base}/route/ai/search?depart=Paris&arrival=Marseille&date_from=2027-03-10&date_to=2027-03-24`,
    );
    const [gone, taken] = page.routes.filter((trip) => trip.slots.every((n) => n >= 2));
    service.server.stats.reset();
    const running = watch([...WINDOW, '--every', '200ms', '--until-change', '--format', 'table']);
    await searchesSeen(2);
    service.server.data.removeTrip(gone!.id);
    service.server.data.setSlots(
      taken!.id,
      taken!.slots.map((n) => n - 1),
    );
    const result = await running;
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    // The two edits may land in one round or two; --until-change stops after the round that saw a change.
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(result.stdout).not.toMatch(/\x1b/);
    for (const line of lines)
      expect(line).toMatch(
        /^\d\d:\d\d:\d\d {2}(gone |taken) {2}\w{3} \d\d \w{3} 2027 \d\d:\d\d {2}Paris → .*Marseille {2}.+ {2}places .+ {2}#\d+$/,
      );
    expect(result.stdout).toMatch(
      new RegExp(`(gone .*#${gone!.id}|taken .*${taken!.slots.join('·')} → .*#${taken!.id})`),
    );
  });

  it('reports a failed check and goes on watching', async () => {
    const running = watch([...WINDOW, '--every', '200ms', '--until-change', '--format', 'ndjson']);
    await searchesSeen(2);
    service.server.faults.failNext(3, '/route/ai/search');
    service.server.data.addTrip({ depart: 'Paris', arrival: 'Marseille', date: '2027-03-17' });
    const result = await running;
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/check failed: .*500.*Watching goes on/);
    expect(parseEvents(result.stdout).map((event) => event.type)).toEqual(['new']);
  });

  it('stops at --until with a summary and nothing on stdout when nothing changed', async () => {
    const result = await watch([...WINDOW, '--every', '200ms', '--until', '1s', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Reached --until after \d+ rounds?.*0 new, 0 gone, 0 freed, 0 taken/);
    // How many rounds fit in the second depends on the machine's load; that rounds repeat is shown by the Ctrl-C
    // test below, which waits for a third search.
    expect(service.server.stats.requests('/route/ai/search')).toBeGreaterThanOrEqual(1);
  });

  it('stops cleanly on Ctrl-C with a summary and exit 130', async () => {
    const child = spawn(
      process.execPath,
      [CLI, '--base-url', service.base, 'watch', ...WINDOW, '--every', '200ms', '--format', 'ndjson'],
      {
        env: childEnv(FAST),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const watching = new Promise<void>((resolve) =>
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        if (/Watching/.test(stderr)) resolve();
      }),
    );
    const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await watching;
    await searchesSeen(3);
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/Stopped after \d+ rounds since \d\d:\d\d:\d\d: 0 new, 0 gone, 0 freed, 0 taken\./);
    expect(stderr).not.toMatch(/Error/);
  });

  it.each([
    [
      ['--every', '500ms'],
      { MOTOROUTE_RATE: '60' },
      /--every 500ms is more often than the rate budget allows: at 60 requests a minute/,
    ],
    [['--every', '5'], FAST, /--every: "5" is not a duration/],
    [['--until', 'yesterday'], FAST, /--until/],
    [['--until', '2020-01-01'], FAST, /already past/],
    [['--exec', 'echo "unclosed'], FAST, /--exec: a double quote is not closed/],
    [['--min-slots', '-1'], FAST, /--min-slots/],
  ])('refuses %j with exit 2 and zero requests', async (args, env, message) => {
    const result = await watch([...WINDOW, ...args], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(service.server.stats.requests()).toBe(0);
  });

  it('slows rounds that need several pages to fit the rate budget', async () => {
    // Every trip of the data takes many pages a round: at 600 a minute (100 ms a request), 200 ms is too often.
    const result = await watch(['--every', '200ms', '--until', '1s', '--format', 'ndjson'], { MOTOROUTE_RATE: '600' });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /a round of this search takes (\d+) requests; at 600 requests a minute rounds run every \d+(ms|s) instead of 200ms/,
    );
  });
});
