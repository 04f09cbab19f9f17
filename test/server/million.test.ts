import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TODAY } from './fixtures/service.js';
import { useServiceProcess } from './fixtures/service-process.js';

const MAX_RSS_MIB = 350;

/** Downloads the listing, counting records as the bytes go by (a Form A/B record has one "depart" key). */
function countListing(
  url: string,
  pauseMs: number,
): Promise<{ records: number; bytes: number; first: string; last: string; ms: number }> {
  const needle = Buffer.from('"depart":');
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    request(`${url}/v1/route/get/results`, (res) => {
      let records = 0;
      let bytes = 0;
      let first = '';
      let tail = Buffer.alloc(0);
      let paused = false;
      res.on('data', (chunk: Buffer) => {
        if (!paused) {
          // Stop reading for a while: a server ignoring backpressure would pile the body up in memory now.
          paused = true;
          res.pause();
          setTimeout(() => res.resume(), pauseMs);
        }
        if (first === '') first = chunk.subarray(0, 1).toString();
        bytes += chunk.length;
        const window = Buffer.concat([tail, chunk]);
        for (let at = window.indexOf(needle); at >= 0; at = window.indexOf(needle, at + needle.length)) records++;
        tail = Buffer.from(window.subarray(Math.max(0, window.length - needle.length + 1)));
      });
      res.on('end', () =>
        resolve({
          records,
          bytes,
          first,
          last: tail.toString().trim().slice(-1),
          ms: Math.round(performance.now() - startedAt),
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('a 1,000,000-route service', () => {
  const service = useServiceProcess({ routes: 1_000_000, today: TODAY, seed: 3 });

  it('streams the whole listing with bounded memory', async () => {
    // The build's speed is `npm run bench`'s to say; the test's timeout guards against a build that never ends.
    const { started } = service;
    const listing = await countListing(started.url, 1500);
    const peakMiB = await service.peakRssMiB();
    console.info(
      `1M routes: built in ${started.buildMs} ms; listing of ${listing.records} records, ${(listing.bytes / 1e6).toFixed(1)} MB ` +
        `in ${listing.ms} ms (including a 1.5 s read pause); service peak RSS ${peakMiB} MiB`,
    );
    expect(listing.first).toBe('[');
    expect(listing.last).toBe(']');
    expect(listing.records).toBe(started.expected);
    expect(listing.records).toBeGreaterThan(800_000);
    expect(peakMiB).toBeLessThan(MAX_RSS_MIB);
  }, 60_000);
});
