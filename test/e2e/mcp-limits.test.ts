import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHostileServer } from '../helpers/hostile-server.js';
import { connectHttp, startHttpMcp, startStdioMcp, textOf, type StdioMcp } from '../helpers/mcp.js';
import { getJson, useService } from '../helpers/service.js';
import { until } from '../helpers/timers.js';
import type { SearchPage } from '../../src/domain/types.js';

// Every call answers within the client's timeout: a service that never answers, a burst of calls, a 429, the rate
// budget and a cancelled call each end the call in time, with a result saying what to do. "In time" without an upper
// bound on a clock: each call that went wrong would wait past its test's timeout (a silent service, a 60 s
// Retry-After, a minute's request budget), and each result names the limit that ended it.

const silent = useHostileServer({ '*': () => undefined });
const service = useService({ routes: 300, seed: 11 });
const wide = useService({ routes: 4000, seed: 17 });

async function timed(work: Promise<unknown>): Promise<{ result: CallToolResult; ms: number }> {
  const started = Date.now();
  const result = (await work) as CallToolResult;
  return { result, ms: Date.now() - started };
}

describe('motoroute mcp: a service that never answers', () => {
  let mcp: StdioMcp;
  beforeAll(async () => {
    mcp = await startStdioMcp(['--base-url', silent.base]);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('answers isError at the default 25 s deadline, saying what to do', async () => {
    const { result, ms } = await timed(mcp.client.callTool({ name: 'cities_near', arguments: { location: 'Lyon' } }));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^The service did not answer within 25 s, so the call was stopped\. Retry in a minute/,
    );
    // Timed from before the call was sent: the server's 25 s cannot end sooner, however busy the machine.
    expect(ms).toBeGreaterThanOrEqual(24_000);
  }, 40_000);
});

describe('motoroute mcp: deadlines, progress and cancellation', () => {
  it('sends progress while a call waits, when the request has a progress token, and ends at --deadline', async () => {
    const mcp = await startStdioMcp(['--base-url', silent.base, '--deadline', '5']);
    try {
      const progress: { progress: number; message?: string }[] = [];
      const result = (await mcp.client.callTool({ name: 'search_routes', arguments: { depart: 'Paris' } }, undefined, {
        onprogress: (note) => progress.push(note),
      })) as CallToolResult;
      expect(textOf(result)).toMatch(/did not answer within 5 s/);
      expect(progress.length).toBeGreaterThanOrEqual(2);
      expect(progress.map((note) => note.progress)).toEqual(
        [...progress.map((note) => note.progress)].sort((a, b) => a - b),
      );
      expect(progress[progress.length - 1]?.message).toMatch(/working: \d+ s of at most 5 s/);
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it("over Streamable HTTP too: progress on the call's stream, and the answer at the deadline", async () => {
    const server = await startHttpMcp(['--base-url', silent.base], ['--deadline', '3']);
    const { client } = await connectHttp(server.url);
    try {
      const progress: number[] = [];
      const result = (await client.callTool({ name: 'cities_near', arguments: { location: 'Lyon' } }, undefined, {
        onprogress: (note) => progress.push(note.progress),
      })) as CallToolResult;
      expect(textOf(result)).toMatch(/did not answer within 3 s/);
      expect(progress.length).toBeGreaterThanOrEqual(2);
    } finally {
      await client.close();
      await server.stop();
    }
  }, 60_000);

  it('a cancelled call sends no more requests (its retries are dropped with it)', async () => {
    // With a 2 s timeout and fast backoff, the lookup would try again 3 times in about 4 s if the call went on.
    const mcp = await startStdioMcp(['--base-url', silent.base, '--timeout', '2', '--deadline', '20']);
    try {
      const before = silent.requests.length;
      const controller = new AbortController();
      const call = mcp.client.callTool({ name: 'route_details', arguments: { route_id: 100042 } }, undefined, {
        signal: controller.signal,
      });
      call.catch(() => undefined);
      await until(() => silent.requests.length > before);
      // The core asks the small Paris–Marseille cache first, before reading the whole listing.
      expect(silent.requests.slice(before)).toEqual(['GET /v1/route/paris-marseille-cache']);
      controller.abort();
      await expect(call).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(silent.requests.length - before).toBe(1);
      // The server still serves the next call.
      const next = (await mcp.client.callTool({
        name: 'get_booking_url',
        arguments: { need: 'quote' },
      })) as CallToolResult;
      expect(next.isError ?? false).toBe(false);
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it('30 parallel route_details all answer, each by its 8 s deadline', async () => {
    const mcp = await startStdioMcp(['--base-url', service.base, '--deadline', '8']);
    try {
      const page = await getJson<SearchPage>(`${service.base}/route/ai/search?limit=30`);
      expect(page.routes.length).toBe(30);
      const results = await Promise.all(
        page.routes.map(
          (trip, index) =>
            mcp.client.callTool({
              name: 'route_details',
              arguments: { route_id: index % 2 ? Number(trip.id) : trip.id },
            }) as Promise<CallToolResult>,
        ),
      );
      let found = 0;
      for (const [index, result] of results.entries()) {
        if (result.isError) expect(textOf(result)).toMatch(/did not answer within 8 s|slow down.*; retry in \d+ s/);
        else {
          expect((result.structuredContent as { trip: { id: string } }).trip.id).toBe(page.routes[index]?.id);
          found += 1;
        }
      }
      expect(found).toBeGreaterThan(0);
    } finally {
      await mcp.close();
    }
  }, 40_000);
});

describe('motoroute mcp: the rate budget and 429 answer at once', () => {
  it('a 429 asking for 60 s answers at once: retry in 60 s', async () => {
    const mcp = await startStdioMcp(['--base-url', service.base]);
    try {
      service.server.faults.rateLimitNext(1, 60, '/route/cities-near');
      const result = (await mcp.client.callTool({
        name: 'cities_near',
        arguments: { location: 'Lyon' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('The service asks us to slow down; retry in 60 s.');
    } finally {
      await mcp.close();
    }
  });

  it('a call that would wait for the request budget past its deadline answers at once with when to retry', async () => {
    const mcp = await startStdioMcp(['--base-url', service.base], { MOTOROUTE_RATE: '2' });
    try {
      for (const location of ['Lyon', 'Nice']) {
        const result = (await mcp.client.callTool({ name: 'cities_near', arguments: { location } })) as CallToolResult;
        expect(result.isError ?? false, textOf(result)).toBe(false);
      }
      const result = (await mcp.client.callTool({
        name: 'cities_near',
        arguments: { location: 'Annecy' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /^The service asks us to slow down \(our budget of requests a minute is spent\); retry in (5\d|60) s\.$/,
      );
    } finally {
      await mcp.close();
    }
  });
});

describe('motoroute mcp: a price search reads a bounded number of pages', () => {
  it('sort by price over thousands of trips reads at most 5 pages of 100 (plus those already in flight), and says the total is partial', async () => {
    const mcp = await startStdioMcp(['--base-url', wide.base]);
    try {
      const pages = (await getJson<SearchPage>(`${wide.base}/route/ai/search?limit=100`)).total_pages;
      expect(pages).toBeGreaterThan(20);
      wide.server.stats.reset();
      const result = (await mcp.client.callTool({
        name: 'search_routes',
        arguments: { sort: 'price', limit: 5 },
      })) as CallToolResult;
      expect(result.isError ?? false, textOf(result)).toBe(false);
      const found = result.structuredContent as { trips: { price_min: number | null }[]; total_exact: boolean };
      expect(found.total_exact).toBe(false);
      expect(found.trips.length).toBe(5);
      // Five pages read; the pages fetched ahead (--concurrency 4) may have started before the sixth was refused.
      const searches = wide.server.stats.requests('/route/ai/search');
      expect(searches).toBeGreaterThanOrEqual(5);
      expect(searches).toBeLessThanOrEqual(5 + 3);
      expect(textOf(result)).toMatch(/at least \d+ matching/);
    } finally {
      await mcp.close();
    }
  });
});
