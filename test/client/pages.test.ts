import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SearchResultPage } from '../../src/client/page-links.js';
import type { RouteClient } from '../../src/client/client.js';
import type { SearchJob, Trip } from '../../src/domain/types.js';
import { RateLimitError, UsageError } from '../../src/errors.js';
import { startLocalService } from '../../src/server/public.js';
import { localService, testClient } from './helpers.js';

const SEARCH = '/route/ai/search';

describe('pages as the SDKs give them', () => {
  it('a break after page 2 leaves the service with at most 2 + pageConcurrency requests, and the next fault meets the next request', async () => {
    const service = await localService({ routes: 2000 });
    for (const pageConcurrency of [1, 4, 8]) {
      const { client } = testClient(service.v1, { pageConcurrency, maxAttempts: 1 });
      const before = service.stats.requests(SEARCH);
      const seen: number[] = [];
      for await (const page of client.searchPages({}, { limit: 5 })) {
        seen.push(page.page);
        if (page.page === 2) break;
      }
      await service.idle();
      expect(seen).toEqual([1, 2]);
      const sent = service.stats.requests(SEARCH) - before;
      expect(sent).toBeGreaterThanOrEqual(2);
      expect(sent).toBeLessThanOrEqual(2 + pageConcurrency);
      service.faults.rateLimitNext(1, 1, SEARCH);
      await expect(client.search({})).rejects.toBeInstanceOf(RateLimitError);
      // The fault was spent by that request, not left for a later one.
      await expect(client.search({})).resolves.toMatchObject({ page: 1 });
    }
  });

  it('a page knows its next page: walking with getNextPage() gives what searchPages gives', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    const walked: string[][] = [];
    let page = await client.search({ depart: 'Paris' }, { limit: 10 });
    walked.push(page.routes.map((trip) => trip.id));
    while (page.hasNextPage()) {
      page = await page.getNextPage({ timeoutMs: 5_000 });
      walked.push(page.routes.map((trip) => trip.id));
    }
    const paged: string[][] = [];
    for await (const each of client.searchPages({ depart: 'Paris' }, { limit: 10 }))
      paged.push(each.routes.map((trip) => trip.id));
    expect(walked.length).toBeGreaterThan(1);
    expect(walked).toEqual(paged);
    await expect(page.getNextPage()).rejects.toThrow(UsageError);
    await expect(page.getNextPage()).rejects.toThrow(/is the last page of this search: check hasNextPage\(\)/);
  });

  it('a page stays plain data: its two methods are not enumerable', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    const page = await client.search({ depart: 'Paris' }, { limit: 2 });
    expect(Object.keys(page)).not.toContain('hasNextPage');
    expect(JSON.parse(JSON.stringify(page))).toEqual({ ...page });
  });

  it('follows cursors the same way', async () => {
    const service = await localService({ cursorPaging: true, maxLimit: 10 });
    const { client } = testClient(service.v1);
    let page = await client.search({ depart: 'Paris' }, { limit: 10 });
    let pages = 1;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      pages++;
    }
    let count = 0;
    for await (const _ of client.searchPages({ depart: 'Paris' }, { limit: 10 })) count++;
    expect(pages).toBe(count);
    expect(pages).toBeGreaterThan(1);
  });

  it('types the generators and the job union', () => {
    type Pages = ReturnType<RouteClient['searchPages']>;
    type Trips = ReturnType<RouteClient['searchTrips']>;
    expectTypeOf<Awaited<ReturnType<Pages['next']>>>().toEqualTypeOf<IteratorResult<SearchResultPage, void>>();
    expectTypeOf<Awaited<ReturnType<Trips['next']>>>().not.toBeAny();
    expectTypeOf<Awaited<ReturnType<Trips['next']>>>().toEqualTypeOf<IteratorResult<Trip, void>>();
    const narrow = (job: SearchJob) => {
      if (job.status === 'completed') expectTypeOf(job.result).toBeUnknown();
      if (job.status === 'failed') expectTypeOf(job.error).toEqualTypeOf<string | undefined>();
      if (job.status === 'pending') expectTypeOf(job.result).toEqualTypeOf<undefined>();
    };
    expect(typeof narrow).toBe('function');
  });

  it.each([0, -1, 100, 2.5, Number.NaN])('refuses pageConcurrency %s with a RangeError naming it', (value) => {
    expect(() => testClient('http://127.0.0.1:2/v1', { pageConcurrency: value })).toThrow(
      /^pageConcurrency must be a whole number of pages from 1 to 8; got /,
    );
  });

  it('close() is final: a call made afterwards rejects with a UsageError, sending nothing', async () => {
    const service = await localService();
    const { client } = testClient(service.v1);
    await client.search({});
    await client.close();
    const before = service.stats.requests(SEARCH);
    await expect(client.search({})).rejects.toThrow(UsageError);
    await expect(client.search({})).rejects.toThrow(/This client was closed \(close\(\) is final\)/);
    await expect(client.searchPages({}).next()).rejects.toThrow(UsageError);
    expect(service.stats.requests(SEARCH)).toBe(before);
  });
});

describe('the local service checks its options at start', () => {
  it.each([
    [{ log: true }, /^log must be a function/],
    [{ log: false }, /^log must be a function/],
    [{ cors: 'yes' }, /^cors must be true or false/],
    [{ deprecate: '/route/ai/search' }, /^deprecate must be a list of paths/],
  ])('refuses %o with a RangeError naming the option', async (options, message) => {
    const started = startLocalService(options as never);
    await expect(started).rejects.toBeInstanceOf(RangeError);
    await expect(started).rejects.toThrow(message);
  });
});
