import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import { Core } from '../../src/core/core.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { useService } from '../helpers/service.js';

// One cities-near answer a place for a core: a run asks once (a failure too, so it says the service failed rather
// than ask again), and a long MCP session asks again a minute after a failure.

const service = useService({ routes: 200, seed: 36 });

function coreOnService(clock: ManualClock): Core {
  const client = new RouteClient({ baseUrl: service.base });
  return new Core({ client: async () => client, cacheClock: clock });
}

describe('the places a core has asked the service about', () => {
  it('asks once a place, whatever its spelling, for the check, the hints and a quote alike', async () => {
    const core = coreOnService(new ManualClock());
    service.server.stats.reset();
    const near = await core.citiesNear('Pontarlier');
    expect(near.source).not.toBe('unknown');
    const place = await core.locatePlace('PONTARLIER');
    expect(place).toMatchObject({ located: true, source: near.source });
    await core.citiesNear('pontarlier');
    expect(service.server.stats.requests('/route/cities-near')).toBe(1);
  });

  it('lets a failed look-up stand for a minute, tried once, then asks again', async () => {
    const clock = new ManualClock();
    const core = coreOnService(clock);
    service.server.stats.reset();
    service.server.faults.failNext(1, '/route/cities-near');
    await expect(core.citiesNear('Arras')).rejects.toThrow(/500/);
    await expect(core.locatePlace('Arras')).rejects.toThrow(/500/);
    expect(service.server.stats.requests('/route/cities-near')).toBe(1);

    clock.advance(60_001);
    expect(await core.locatePlace('Arras')).toMatchObject({ located: true });
    expect(service.server.stats.requests('/route/cities-near')).toBe(2);
  });

  it('asks again at once after an asker gave up', async () => {
    const core = coreOnService(new ManualClock());
    const gaveUp = new AbortController();
    gaveUp.abort();
    await expect(core.citiesNear('Alès', gaveUp.signal)).rejects.toThrow();
    expect(await core.locatePlace('Alès')).toMatchObject({ located: true });
  });

  it('goes on for the askers left when one gives up: one MCP session\u2019s cancel spoils no other\u2019s look-up', async () => {
    const core = coreOnService(new ManualClock());
    service.server.stats.reset();
    const leaving = new AbortController();
    const first = core.citiesNear('Dinan', leaving.signal);
    const second = core.locatePlace('Dinan');
    leaving.abort();
    await expect(first).rejects.toThrow();
    expect(await second).toMatchObject({ located: true });
    expect(service.server.stats.requests('/route/cities-near')).toBe(1);
  });
});
