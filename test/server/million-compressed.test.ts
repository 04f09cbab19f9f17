import { request } from 'node:http';
import { createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TODAY } from './fixtures/service.js';
import { useServiceProcess } from './fixtures/service-process.js';

const MAX_RSS_MIB = 350;

/** Downloads the gzipped listing, pausing first so a server ignoring backpressure would pile it up; counts decoded records. */
function countGzippedListing(
  url: string,
  pauseMs: number,
): Promise<{ records: number; compressed: number; decoded: number; ms: number }> {
  const needle = Buffer.from('"depart":');
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    request(`${url}/v1/route/get/results`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      expect(res.headers['content-encoding']).toBe('gzip');
      let compressed = 0;
      let decoded = 0;
      let records = 0;
      let tail = Buffer.alloc(0);
      res.on('data', (chunk: Buffer) => {
        compressed += chunk.length;
      });
      res.pause();
      setTimeout(() => {
        const gunzip = res.pipe(createGunzip());
        gunzip.on('data', (chunk: Buffer) => {
          decoded += chunk.length;
          const window = Buffer.concat([tail, chunk]);
          for (let at = window.indexOf(needle); at >= 0; at = window.indexOf(needle, at + needle.length)) records++;
          tail = Buffer.from(window.subarray(Math.max(0, window.length - needle.length + 1)));
        });
        gunzip.on('end', () =>
          resolve({ records, compressed, decoded, ms: Math.round(performance.now() - startedAt) }),
        );
        gunzip.on('error', reject);
      }, pauseMs);
    })
      .on('error', reject)
      .end();
  });
}

describe('a 1,000,000-route service with compression', () => {
  const service = useServiceProcess({ routes: 1_000_000, today: TODAY, seed: 3, compress: 'gzip' });

  it('streams the whole gzipped listing with bounded memory', async () => {
    const listing = await countGzippedListing(service.started.url, 1500);
    const peakMiB = await service.peakRssMiB();
    console.info(
      `1M routes gzipped: ${listing.records} records, ${(listing.compressed / 1e6).toFixed(1)} MB for ${(listing.decoded / 1e6).toFixed(1)} MB ` +
        `in ${listing.ms} ms (including a 1.5 s read pause); service peak RSS ${peakMiB} MiB`,
    );
    expect(listing.records).toBe(service.started.expected);
    expect(listing.compressed).toBeLessThan(listing.decoded / 5);
    expect(peakMiB).toBeLessThan(MAX_RSS_MIB);
  }, 60_000);
});
