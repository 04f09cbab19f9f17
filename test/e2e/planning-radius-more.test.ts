import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { until } from '../helpers/timers.js';
import type { Trip } from '../../src/domain/types.js';

const service = useService({ routes: 3000, today: '2027-03-10' });
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(['--base-url', service.base, ...args], { env, timeoutMs: 20_000 });

beforeEach(() => service.server.stats.reset());

/** Resolves once the service has answered `count` batches, as late as a busy machine gets there. */
async function batchesSeen(count: number): Promise<void> {
  await until(() => service.server.stats.requests('/route/ai/batch') >= count);
}

describe('--radius on calendar and watch', () => {
  it('calendar counts the trips of the served cities around an unserved town, in one batch', async () => {
    const months = ['--month', '2027-03', '--months', '3', '--json'];
    const plain = JSON.parse((await cli(['calendar', 'Grenoble', 'Marseille', '--no-hints', ...months])).stdout) as {
      trips: number;
    }[];
    expect(plain.reduce((sum, day) => sum + day.trips, 0)).toBe(0);
    service.server.stats.reset();
    const result = await cli(['calendar', 'Grenoble', 'Marseille', '--radius', '60', ...months]);
    expect(result.code).toBe(0);
    const days = JSON.parse(result.stdout) as { trips: number }[];
    expect(days.reduce((sum, day) => sum + day.trips, 0)).toBeGreaterThan(0);
    expect(service.server.stats.requests('/route/ai/batch')).toBe(1);
    expect(service.server.stats.requests('/route/cities-near')).toBe(2);
    expect(service.server.stats.requests('/route/ai/search')).toBe(0);
  });

  it('watch asks cities-near once, then one batch a round, and reports a new trip to a nearby city with its distance', async () => {
    const args = [
      'watch',
      'Paris',
      'Marseille',
      '--radius',
      '30',
      '--after',
      '2027-03-10',
      '--before',
      '2027-03-24',
      '--every',
      '200ms',
      '--until-change',
      '--format',
      'ndjson',
    ];
    const running = cli(args, { MOTOROUTE_RATE: '6000' });
    await batchesSeen(3);
    const added = service.server.data.addTrip({
      depart: 'Paris',
      arrival: 'Aix-en-Provence',
      date: '2027-03-15',
      price_min: 199,
      slots: [3],
    });
    const result = await running;
    expect(result.code).toBe(0);
    const events = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; trip: Trip & { to_km: number } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'new', trip: { id: added.id, arrival: 'Aix-en-Provence' } });
    expect(events[0]!.trip.to_km).toBeGreaterThan(20);
    expect(service.server.stats.requests('/route/cities-near')).toBe(2);
    expect(service.server.stats.requests('/route/ai/search')).toBe(0);
  });

  it('refuses --radius without FROM or TO with exit 2 before any request', async () => {
    for (const command of ['calendar', 'watch']) {
      const result = await cli([command, '--radius', '30', '--via', 'Lyon']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--radius widens FROM and TO/);
    }
    expect(service.server.stats.requests()).toBe(0);
  });
});
