import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { CLI, childEnv, fixChildClock, runCli } from '../helpers/cli.js';
import { Receiver, type Answer } from '../helpers/receiver.js';
import { getJson, useService } from '../helpers/service.js';
import type { SearchPage, Trip } from '../../src/domain/types.js';

const service = useService({ routes: 2000, today: '2027-03-10', control: true });
fixChildClock('2027-03-10T09:00:00Z');
const WINDOW = ['Paris', 'Marseille', '--after', '2027-03-10', '--before', '2027-03-24'];
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

let stateHome: string;
const receivers: Receiver[] = [];
beforeEach(() => {
  stateHome = mkdtempSync(join(tmpdir(), 'motoroute-alerts-state-'));
});
afterEach(async () => {
  rmSync(stateHome, { recursive: true, force: true });
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(name: string, answers?: Answer[], events?: string[]): Promise<Receiver> {
  const started = await Receiver.start(name, answers, events);
  receivers.push(started);
  return started;
}

const once = (args: string[], env: Record<string, string> = {}) =>
  runCli(['--base-url', service.base, 'watch', ...WINDOW, '--once', ...args], {
    env: { XDG_STATE_HOME: stateHome, MOTOROUTE_WEBHOOK_SECRET: SECRET, MOTOROUTE_NOTIFY_RETRY_MS: '20,20,20', ...env },
    timeoutMs: 30_000,
  });

/** The local service's control endpoints, over HTTP as a tester would use them. */
async function control(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${new URL(service.base).origin}/__control${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return response.json();
}

async function someTrip(index: number): Promise<Trip> {
  const page = await getJson<SearchPage>(
    `${service.base}/route/ai/search?depart=Paris&arrival=Marseille&date_from=2027-03-10&date_to=2027-03-24`,
  );
  return page.routes[index]!;
}

const verify = (request: { body: string; headers: Record<string, string> }) =>
  new Webhook(SECRET).verify(request.body, request.headers) as { type: string; data: Record<string, unknown> };

describe('watch alerts, through the saved state', () => {
  it('records the first look, sends one signed webhook for places freed, then nothing; a change while no watcher ran is sent by the next run', async () => {
    const hook = await receiver('hook');
    const full = await someTrip(0);
    await control(`/trips/${full.id}/slots`, { slots: full.slots.map(() => 0) });
    const first = await once(['--notify', `${hook.origin}/hooks`]);
    expect(first.stderr).toMatch(/First look at this watch: \d+ trips recorded; nothing is sent/);
    expect(first.code).toBe(5);
    expect(hook.requests).toEqual([]);
    expect(readdirSync(join(stateHome, 'motoroute')).filter((name) => name.endsWith('.json'))).toHaveLength(1);

    await control(`/trips/${full.id}/slots`, { slots: full.slots.map(() => 2) });
    const second = await once(['--notify', `${hook.origin}/hooks`]);
    expect(second.code).toBe(0);
    expect(hook.requests).toHaveLength(1);
    const [request] = hook.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/hooks' });
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{16}$/);
    const payload = verify(request!);
    expect(payload.type).toMatch(/^trip\.(freed|new)$/);
    expect(payload.data).toMatchObject({ trip: { id: full.id }, after: { places: 2 } });
    const link = new URL(String(payload.data.bookingUrl));
    expect(link.searchParams.get('route_id')).toBe(full.id);
    expect(() =>
      new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(request!.body, request!.headers),
    ).toThrow();

    const third = await once(['--notify', `${hook.origin}/hooks`]);
    expect(third.code).toBe(5);
    expect(third.stderr).toMatch(/No change since the last look/);
    expect(hook.requests).toHaveLength(1);

    // Nothing runs while the service changes; the next run sends it, once.
    const added = (await control('/trips', {
      depart: 'Paris',
      arrival: 'Marseille',
      date: '2027-03-18',
      price_min: 249,
      slots: [3],
    })) as Trip;
    const fourth = await once(['--notify', `${hook.origin}/hooks`]);
    expect(fourth.code).toBe(0);
    expect(hook.requests).toHaveLength(2);
    expect(verify(hook.requests[1]!)).toMatchObject({ type: 'trip.new', data: { trip: { id: added.id } } });
    expect((await once(['--notify', `${hook.origin}/hooks`])).code).toBe(5);
    expect(hook.requests).toHaveLength(2);
  });

  it('leaves the state to another live watch of the same query', async () => {
    expect((await once([])).code).toBe(5);
    const [file] = readdirSync(join(stateHome, 'motoroute'));
    const lock = join(stateHome, 'motoroute', `${file}.lock`);
    writeFileSync(lock, String(process.pid));
    const busy = await once([]);
    expect(busy.code).toBe(5);
    expect(busy.stderr).toBe(
      `Another motoroute watch of this query is running (pid ${process.pid}): it keeps the state and sends the alerts; this run stops (exit 5).\n`,
    );
    rmSync(lock);
    expect((await once([])).stderr).toMatch(/No change since the last look/);
    expect(readdirSync(join(stateHome, 'motoroute'))).toEqual([file]);
  });

  it('retries a receiver that answers 500 twice, which gets the alert once with the same id; a 410 disables its target', async () => {
    const flaky = await receiver('flaky', [500, 500, 200]);
    const goneHook = await receiver('gone', [410]);
    const targets = ['--notify', `${flaky.origin}/a`, '--notify', `${goneHook.origin}/b`];
    expect((await once(targets)).code).toBe(5);
    const trip = await someTrip(1);
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map((n) => n + 3) });
    await control(`/trips/${(await someTrip(2)).id}/slots`, { slots: [0] });
    const run = await once(targets);
    expect(run.code).toBe(0);
    // One alert or two (places freed, the other trip gone): each reached the flaky receiver once, after two 500s.
    const ids = flaky.requests.map((request) => request.headers['webhook-id']);
    const statuses = new Map<string, number>();
    for (const id of ids) statuses.set(id!, (statuses.get(id!) ?? 0) + 1);
    expect([...statuses.values()][0]).toBe(3);
    for (const request of flaky.requests) expect(verify(request).type).toMatch(/^trip\./);
    expect(run.stderr).toMatch(/answered 500; it will be tried again/);
    expect(run.stderr).toMatch(new RegExp(`Sent 1 alert to ${flaky.origin}/a`));
    expect(goneHook.requests).toHaveLength(1);
    expect(run.stderr).toMatch(/answered 410 Gone: this target is now disabled/);

    const flakyCount = flaky.requests.length;
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 0) });
    const next = await once(targets);
    expect(next.stderr).toMatch(/is disabled since .*410 Gone/);
    expect(goneHook.requests).toHaveLength(1);
    expect(flaky.requests.length).toBeGreaterThan(flakyCount);
  });

  it('honours Retry-After over the schedule, and --test-notify enables again a target a 410 disabled', async () => {
    const busy = await receiver('busy', [{ status: 503, headers: { 'retry-after': '0' } }, 200]);
    const moved = await receiver('moved', [410, 200]);
    const targets = ['--notify', `${busy.origin}/r`, '--notify', `${moved.origin}/m`];
    // The schedule's next wait (10 minutes) is past --notify-timeout: only Retry-After: 0 lets the retry run now.
    const slow = { MOTOROUTE_NOTIFY_RETRY_MS: '600000' };
    const trips = [await someTrip(9), await someTrip(10)];
    for (const trip of trips) await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 0) });
    expect((await once(targets, slow)).code).toBe(5);
    await control(`/trips/${trips[0]!.id}/slots`, { slots: trips[0]!.slots.map(() => 1) });
    const run = await once(targets, slow);
    expect(run.code).toBe(0);
    expect(busy.requests).toHaveLength(2);
    expect(busy.requests[1]!.headers['webhook-id']).toBe(busy.requests[0]!.headers['webhook-id']);
    expect(run.stderr).toMatch(/answered 410 Gone: this target is now disabled/);
    // The same watch (its service and query) names the state whose disabled target the test enables again.
    const test = await runCli(['--base-url', service.base, 'watch', ...WINDOW, ...targets, '--test-notify'], {
      env: { XDG_STATE_HOME: stateHome, MOTOROUTE_WEBHOOK_SECRET: SECRET },
    });
    expect(test.code).toBe(0);
    await control(`/trips/${trips[1]!.id}/slots`, { slots: trips[1]!.slots.map(() => 1) });
    const after = await once(targets, slow);
    expect(after.stderr).not.toMatch(/disabled/);
    // Full at the first look, the trips were not offered then: freed places show them as new trips.
    expect(moved.requests.map((request) => verify(request).type)).toEqual(['trip.new', 'watch.test', 'trip.new']);
    expect(verify(moved.requests[2]!)).toMatchObject({ data: { trip: { id: trips[1]!.id } } });
  });

  it('sends an alert left pending by a crash once, with its id, and finds nothing new for it', async () => {
    const events: string[] = [];
    const hook = await receiver('hook', ['hang', 200], events);
    const targets = ['--notify', `${hook.origin}/c`];
    const trip = await someTrip(7);
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 0) });
    expect((await once(targets)).code).toBe(5);
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 2) });
    // The watcher dies (SIGKILL) while its alert is on the wire: recorded as seen, not yet as sent.
    const child = spawn(process.execPath, [CLI, '--base-url', service.base, 'watch', ...WINDOW, '--once', ...targets], {
      env: childEnv({ XDG_STATE_HOME: stateHome, MOTOROUTE_WEBHOOK_SECRET: SECRET }),
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    while (!events.includes('hook:received')) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await exited;
    const next = await once(targets);
    expect(next.code).toBe(5);
    expect(hook.requests).toHaveLength(2);
    expect(hook.requests[1]!.headers['webhook-id']).toBe(hook.requests[0]!.headers['webhook-id']);
    expect(verify(hook.requests[1]!)).toMatchObject({ data: { trip: { id: trip.id } } });
    expect((await once(targets)).code).toBe(5);
    expect(hook.requests).toHaveLength(2);
  });

  it('a target that hangs does not hold back another target', async () => {
    const events: string[] = [];
    const hanging = await receiver('hang', ['hang'], events);
    const quick = await receiver('quick', [200], events);
    const targets = ['--notify', `${hanging.origin}/h`, '--notify', `${quick.origin}/q`, '--notify-timeout', '3s'];
    const trip = await someTrip(3);
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 0) });
    await once(targets);
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 1) });
    const run = await once(targets);
    expect(run.code).toBe(0);
    expect(quick.requests).toHaveLength(1);
    // The quick target got its alert while the hanging one was still waiting for an answer.
    expect(events).toContain('hang:closed');
    expect(events.indexOf('quick:received')).toBeLessThan(events.indexOf('hang:closed'));
    expect(run.stderr).toMatch(/did not answer in time/);
  });

  it('publishes to ntfy as its publishing API reads it: POST to the topic, Title, Priority, Tags and Click', async () => {
    const ntfy = await receiver('ntfy');
    const target = `ntfy://${new URL(ntfy.origin).host}/my-trips`;
    await once(['--notify', target]);
    const trip = await someTrip(4);
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 0) });
    await once(['--notify', target]);
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 2) });
    const run = await once(['--notify', target, '--lang', 'fr']);
    expect(run.code).toBe(0);
    const published = ntfy.requests.filter((request) => request.headers.priority === '4');
    expect(published).toHaveLength(1);
    const [request] = published;
    expect(request).toMatchObject({ method: 'POST', path: '/my-trips' });
    expect(request!.headers['content-type']).toMatch(/^text\/plain/);
    const title = /^=\?UTF-8\?B\?(.+)\?=$/.exec(request!.headers.title ?? '');
    expect(Buffer.from(title![1]!, 'base64').toString('utf8')).toMatch(/^Places libérées: Paris → Marseille, 2027-03-/);
    expect(request!.headers.tags!.split(',')).toEqual(['motorcycle', 'tada']);
    expect(new URL(request!.headers.click!).searchParams.get('route_id')).toBe(trip.id);
    expect(request!.body).toMatch(/2 places libres, avant 0/);
    expect(request!.body).toContain(request!.headers.click!);
  });

  it('holds alerts through quiet hours (France time) and sends one digest afterwards', async () => {
    const hook = await receiver('hook');
    const targets = ['--notify', `${hook.origin}/d`, '--quiet-hours', '22:00-07:00'];
    const night = { MOTOROUTE_NOW: '2027-03-10T22:30:00Z' };
    const trips = [await someTrip(5), await someTrip(6)];
    for (const trip of trips) await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 0) });
    await once(targets, night);
    for (const trip of trips) await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 4) });
    expect((await once(targets, night)).code).toBe(0);
    expect(hook.requests).toEqual([]);
    const morning = await once(targets, { MOTOROUTE_NOW: '2027-03-11T07:30:00Z' });
    expect(morning.code).toBe(5);
    expect(hook.requests).toHaveLength(1);
    const digest = verify(hook.requests[0]!) as { type: string; data: { alerts: unknown[] } };
    expect(digest.type).toBe('watch.digest');
    expect(digest.data.alerts).toHaveLength(2);
  });
});

describe('a running watch with alerts', () => {
  it('sends a change as it happens, and a hanging target holds back neither another target nor the next rounds', async () => {
    const events: string[] = [];
    const hanging = await receiver('hang', ['hang'], events);
    const quick = await receiver('quick', [200], events);
    const trip = await someTrip(8);
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 0) });
    service.server.stats.reset();
    const searches = () => service.server.stats.requests('/route/ai/search');
    const running = runCli(
      [
        '--base-url',
        service.base,
        'watch',
        ...WINDOW,
        '--every',
        '200ms',
        '--until',
        '5s',
        '--format',
        'ndjson',
        '--notify',
        `${hanging.origin}/h`,
        '--notify',
        `${quick.origin}/q`,
        '--notify-timeout',
        '6s',
      ],
      {
        env: { XDG_STATE_HOME: stateHome, MOTOROUTE_WEBHOOK_SECRET: SECRET, MOTOROUTE_RATE: '6000' },
        timeoutMs: 30_000,
      },
    );
    while (searches() < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await control(`/trips/${trip.id}/slots`, { slots: trip.slots.map(() => 2) });
    while (!events.includes('hang:received')) await new Promise((resolve) => setTimeout(resolve, 20));
    const atHang = searches();
    // Rounds go on while the hanging target still holds its request.
    while (searches() < atHang + 2) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).not.toContain('hang:closed');
    const result = await running;
    expect(result.code).toBe(0);
    expect(quick.requests).toHaveLength(1);
    expect(verify(quick.requests[0]!)).toMatchObject({ data: { trip: { id: trip.id } } });
    expect(events.indexOf('quick:received')).toBeLessThan(events.indexOf('hang:closed'));
    expect(result.stdout).toContain(trip.id);
  });
});

describe('watch --test-notify', () => {
  it('sends a test alert to a webhook, an ntfy topic and a command; says when there is no desktop session', async () => {
    const hook = await receiver('hook');
    const ntfy = await receiver('ntfy');
    const dir = mkdtempSync(join(tmpdir(), 'motoroute-test-notify-'));
    try {
      const file = join(dir, 'alert.json');
      const script = "require('fs').writeFileSync(process.argv[1], require('fs').readFileSync(0))";
      const command = `'${process.execPath}' -e "${script}" '${file}'`;
      const sent = await runCli(
        [
          'watch',
          'Paris',
          'Marseille',
          '--test-notify',
          '--notify',
          `${hook.origin}/t`,
          '--notify',
          `ntfy://${new URL(ntfy.origin).host}/alerts`,
          '--notify-exec',
          command,
        ],
        { env: { XDG_STATE_HOME: stateHome, MOTOROUTE_WEBHOOK_SECRET: SECRET } },
      );
      expect(sent.stderr).toMatch(new RegExp(`^Test alert sent to ${hook.origin}/t\\.$`, 'm'));
      expect(sent.stderr).toMatch(/^Test alert sent to ntfy:\/\/127\.0\.0\.1:\d+\/alerts\.$/m);
      expect(sent.stderr).toMatch(/^Test alert sent to exec:\/\//m);
      expect(sent.stderr).not.toMatch(/Warning/);
      expect(sent.code).toBe(0);
      expect(verify(hook.requests[0]!).type).toBe('watch.test');
      expect(ntfy.requests[0]).toMatchObject({
        method: 'POST',
        path: '/alerts',
        headers: { title: 'motoroute: test alert' },
      });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
        type: 'watch.test',
        data: { message: expect.any(String) },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const desktop = await runCli(['watch', 'Paris', 'Marseille', '--test-notify', '--notify', 'desktop://'], {
      env: { XDG_STATE_HOME: stateHome, DBUS_SESSION_BUS_ADDRESS: undefined },
    });
    expect(desktop.code).toBe(1);
    expect(desktop.stderr).toMatch(
      /^Warning: Test alert not sent: desktop:\/\/: no desktop session here \(DBUS_SESSION_BUS_ADDRESS is not set\)[^\n]*\n$/,
    );
  });

  it.each([
    [['--notify', 'gopher://example'], /--notify: "gopher:\/\/example" is not a target/],
    [['--notify', 'ntfy://host'], /needs one topic after the host/],
    [['--notify', 'http://127.0.0.1:9/x'], /give its secret with --webhook-secret/],
    [
      ['--notify', 'http://127.0.0.1:9/x', '--webhook-secret', 'nope'],
      /--webhook-secret: a webhook secret starts with whsec_/,
    ],
    [['--test-notify'], /--test-notify is about alerts: give a target/],
    [['--notify', 'desktop://', '--quiet-hours', '23:00'], /--quiet-hours: "23:00" is not a range of hours/],
  ])('refuses %j in one line, exit 2, before any request', async (args, message) => {
    service.server.stats.reset();
    const result = await runCli(['--base-url', service.base, 'watch', 'Paris', 'Marseille', ...args], {
      env: { XDG_STATE_HOME: stateHome },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(service.server.stats.requests()).toBe(0);
  });
});
