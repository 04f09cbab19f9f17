import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import type { RequestCallOptions } from '../../src/client/options.js';
import { localService, testClient } from './helpers.js';

const SEARCH = '/route/ai/search';

describe('a bad per-call value is a RangeError naming the option, before any request', () => {
  const bad: [string, Record<string, unknown>, RegExp][] = [
    [
      'timeoutMs 0',
      { timeoutMs: 0 },
      /^timeoutMs must be a number of milliseconds above 0, at most 2147483647; got 0\.$/,
    ],
    ['timeoutMs -5', { timeoutMs: -5 }, /^timeoutMs must .*; got -5\.$/],
    ['timeoutMs NaN', { timeoutMs: Number.NaN }, /^timeoutMs must .*; got NaN\.$/],
    ["timeoutMs past a timer's limit", { timeoutMs: 2 ** 31 }, /^timeoutMs must .*; got 2147483648\.$/],
    ['timeoutMs as text', { timeoutMs: '300' }, /^timeoutMs must .*; got "300"\.$/],
    ['maxAttempts 0', { maxAttempts: 0 }, /^maxAttempts must be a whole number of attempts from 1 .*; got 0\.$/],
    ['maxAttempts 1.5', { maxAttempts: 1.5 }, /^maxAttempts must .*; got 1\.5\.$/],
    ['signal not a signal', { signal: {} }, /^signal must be an AbortSignal; got an object \(Object\)\.$/],
    ['headers not an object', { headers: 'x-a: b' }, /^headers must be an object .*; got "x-a: b"\.$/],
    ['a header name with a space', { headers: { 'x a': 'b' } }, /^headers must have valid header names; got "x a"\.$/],
    [
      'a header value with a line break',
      { headers: { 'x-a': 'b\r\nx-injected: 1' } },
      /^headers must have text values without line breaks; got .* for x-a\.$/,
    ],
  ];

  it.each(bad)('%s', async (_name, values, message) => {
    // What a JavaScript caller (no type checks) may pass.
    const options = values as RequestCallOptions;
    const service = await localService();
    const { client } = testClient(service.v1);
    const calls: (() => Promise<unknown>)[] = [
      () => client.search({}, options),
      () => client.citiesNear('Lyon', options),
      () => client.parisMarseilleCache(options),
      () => client.batch([{ depart: 'Paris' }], options),
      () => client.batchEntries([{ depart: 'Paris' }], options),
      () => client.createJob({}, options),
      () => client.getJob('job', options),
      () => client.ask('?', options),
      () => client.request('GET', SEARCH, options),
      () => client.getJson('/openapi.json', options),
    ];
    for (const call of calls) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RangeError);
      expect((error as Error).message).toMatch(message);
    }
    // The iterators throw when called, before anything is read.
    expect(() => client.searchPages({}, options)).toThrow(message);
    expect(() => client.searchTrips({}, options)).toThrow(message);
    expect(() => client.listing(options)).toThrow(message);
    expect(() => client.listingRecords(options)).toThrow(message);
    expect(service.stats.requests()).toBe(0);
  });

  it("checks the client's own timeoutMs and maxAttempts the same way", () => {
    expect(() => new RouteClient({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 0 })).toThrow(/^timeoutMs must be/);
    expect(() => new RouteClient({ baseUrl: 'http://127.0.0.1:9/v1', maxAttempts: 0 })).toThrow(/^maxAttempts must be/);
  });
});
