import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import { Core } from '../../src/core/core.js';
import { LISTING_TTL_MS, ListingCache } from '../../src/core/listing-snapshot.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { useService } from '../helpers/service.js';

// Issue 38: a long-lived server that falls idle lets its listing read go once its time is over, instead of keeping
// every trip of it until the next call.

const service = useService({ routes: 300, seed: 38 });

function cacheOnService(clock: ManualClock): ListingCache {
  const client = new RouteClient({ baseUrl: service.base });
  return new ListingCache(async () => client, LISTING_TTL_MS, clock);
}

describe('the listing cache when idle', () => {
  it('holds the trips of a read while it is fresh, and none once its time has passed', async () => {
    const clock = new ManualClock();
    const cache = cacheOnService(clock);
    expect(cache.heldTrips).toBe(0);
    const snapshot = await cache.snapshot();
    expect(snapshot.trips.size).toBeGreaterThan(0);
    expect(cache.heldTrips).toBe(snapshot.trips.size);

    clock.advance(LISTING_TTL_MS - 1_000);
    expect(cache.heldTrips).toBe(snapshot.trips.size);
    expect(await cache.held()).toBe(snapshot);

    clock.advance(2_000);
    expect(cache.heldTrips).toBe(0);
    expect(await cache.held()).toBeUndefined();
    expect(clock.pendingTimers).toBe(0);
  });

  it('reads again after letting a read go, and keeps one release timer whatever the reads', async () => {
    const clock = new ManualClock();
    const cache = cacheOnService(clock);
    const before = service.server.stats.requests();
    await cache.snapshot();
    await cache.snapshot();
    expect(service.server.stats.requests()).toBe(before + 1);
    expect(clock.pendingTimers).toBe(1);

    clock.advance(LISTING_TTL_MS + 1_000);
    expect(cache.heldTrips).toBe(0);
    const again = await cache.snapshot();
    expect(service.server.stats.requests()).toBe(before + 2);
    expect(cache.heldTrips).toBe(again.trips.size);
    expect(clock.pendingTimers).toBe(1);
  });

  it('lets the core of a server go idle: served cities read, then nothing held after the listing time', async () => {
    const clock = new ManualClock();
    const client = new RouteClient({ baseUrl: service.base });
    const core = new Core({ client: async () => client, cacheClock: clock });
    const cities = await core.servedCities();
    expect(cities.names.length).toBeGreaterThan(0);
    expect(core.listingTripsHeld).toBeGreaterThan(0);
    clock.advance(LISTING_TTL_MS + 1);
    expect(core.listingTripsHeld).toBe(0);
  });

  it('reads the served names once for concurrent callers, keeps no trip for them, and reads them again when stale', async () => {
    const clock = new ManualClock();
    const client = new RouteClient({ baseUrl: service.base });
    const core = new Core({ client: async () => client, cacheClock: clock });
    const before = service.server.stats.requests();
    const [first, second, third] = await Promise.all([
      core.servedCityNames(),
      core.servedCityNames(),
      core.servedCityNames(),
    ]);
    expect(first.names.length).toBeGreaterThan(0);
    expect(second).toBe(first);
    expect(third).toBe(first);
    const oneRead = service.server.stats.requests() - before;
    expect(oneRead).toBeGreaterThan(0);
    expect(core.listingTripsHeld).toBe(0);
    expect(await core.servedCityNames()).toBe(first);
    expect(service.server.stats.requests() - before).toBe(oneRead);
    clock.advance(LISTING_TTL_MS + 1);
    expect(await core.servedCityNames()).not.toBe(first);
    expect(service.server.stats.requests() - before).toBe(2 * oneRead);
  });

  it('answers the served names from a listing read held for trips, without reading again', async () => {
    const clock = new ManualClock();
    const client = new RouteClient({ baseUrl: service.base });
    const core = new Core({ client: async () => client, cacheClock: clock });
    const cities = await core.servedCities();
    const before = service.server.stats.requests();
    expect(await core.servedCityNames()).toBe(cities);
    expect(service.server.stats.requests()).toBe(before);
  });

  it('lets a names read that every caller gave up be read again at once', async () => {
    const clock = new ManualClock();
    const client = new RouteClient({ baseUrl: service.base });
    const core = new Core({ client: async () => client, cacheClock: clock });
    const gaveUp = new AbortController();
    const abandoned = core.servedCityNames(gaveUp.signal);
    gaveUp.abort(new Error('given up'));
    await expect(abandoned).rejects.toThrow('given up');
    expect((await core.servedCityNames()).names.length).toBeGreaterThan(0);
  });
});
