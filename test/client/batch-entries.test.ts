import { describe, expect, it } from 'vitest';
import { readBatchEntries, splitBatchEntries } from '../../src/client/batch-entries.js';
import { readBatch } from '../../src/client/readers.js';
import type { RawResponse } from '../../src/client/options.js';
import { localService, STACKS, testClient } from './helpers.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const texts = (text: string) =>
  splitBatchEntries(bytes(text))?.map(([start, end]) => new TextDecoder().decode(bytes(text).subarray(start, end)));

const trip = (id: string, date: string) => ({
  id,
  date,
  depart: 'Paris',
  arrival: 'Lyon',
  layovers: [],
  price_min: 100,
  price_max: 120,
  slots: [2],
  times: ['08:00', '12:00'],
});

const response = (body: string, contentType = 'application/json; charset=utf-8'): RawResponse => ({
  status: 200,
  statusText: 'OK',
  url: 'http://127.0.0.1/v1/route/ai/batch',
  headers: { 'content-type': contentType },
  body: bytes(body),
});

const options = { strict: false, bookingUrl: 'https://book.example/' };

describe('splitBatchEntries', () => {
  it('finds each entry of results, whatever the keys around it, strings holding braces included', () => {
    const body = `\uFEFF {"book_url":"x{[","results" : [ {"index":0,"routes":[{"id":"a}]"}],"total":1} ,{"index":1,"routes":[],"q":"\\"}"}\n],"after":{"results":[1]}}\n`;
    expect(texts(body)).toEqual([
      '{"index":0,"routes":[{"id":"a}]"}],"total":1}',
      '{"index":1,"routes":[],"q":"\\"}"}',
    ]);
  });

  it('is undefined for a body it cannot split safely: its reader reads it whole', () => {
    for (const body of [
      '{"results":[null]}',
      '{"results":[{"index":0}, 3]}',
      '{"results":[[]]}',
      '{"results":[]} trailing',
      '{"results":[{"index":0}]',
      '[{"results":[]}]',
      '{"routes":[]}',
      '{"results":[],"results":[]}',
    ])
      expect(splitBatchEntries(bytes(body)), body).toBeUndefined();
    expect(texts('{"results":[]}')).toEqual([]);
  });
});

describe('readBatchEntries', () => {
  it('reads the same entries as readBatch, one at a time', () => {
    const body = JSON.stringify({
      results: [
        { index: 1, query: { depart: 'Paris' }, routes: [trip('2', '2026-12-02'), { id: 'broken' }], total: 2 },
        { index: 0, query: { depart: 'Paris' }, routes: [trip('1', '2026-12-01')], total: 1 },
        { index: 2, routes: 'not a list' },
      ],
      book_url: 'https://book.example/',
    });
    const queries = [{ depart: 'Paris' }, { depart: 'Paris' }];
    expect(splitBatchEntries(bytes(body))).toHaveLength(3);
    const skipped: unknown[] = [];
    const lazily = [
      ...readBatchEntries(response(body), queries, { ...options, onSkippedRecords: (s) => skipped.push(s) }),
    ];
    expect(lazily).toEqual(readBatch(response(body), queries, options).results);
    expect(lazily.map((entry) => entry.index)).toEqual([1, 0]);
    // One report for the run: the broken trip and the broken entry, the first reason kept.
    expect(skipped).toEqual([expect.objectContaining({ skipped: 2 })]);
  });

  it('a body in another charset, or not split, is read whole with readBatch’s reasons', () => {
    const body = JSON.stringify({ results: [{ index: 0, routes: [trip('1', '2026-12-01')], total: 1 }] });
    expect([...readBatchEntries(response(body, 'application/json; charset=latin1'), [{}], options)]).toHaveLength(1);
    expect(() => [...readBatchEntries(response('{"results": 3}'), [{}], options)]).toThrow(/unexpected body/);
  });
});

describe.each(STACKS)('client.batchEntries through %s', (stack) => {
  it('gives the entries batch() gives, for the same queries, with an Idempotency-Key', async () => {
    const service = await localService({ routes: 2000 });
    const { client } = testClient(service.v1, {}, stack);
    const queries = [
      { depart: 'Paris', date_from: '2026-05-01', date_to: '2026-05-20' },
      { arrival: 'Lyon' },
      { depart: 'Nowhere' },
    ];
    const whole = await client.batch(queries, { idempotencyKey: 'same-1' });
    const entries = [...(await client.batchEntries(queries, { idempotencyKey: 'same-2' }))];
    expect(entries).toEqual(whole.results);
    expect(entries.map((entry) => entry.routes.length).reduce((a, b) => a + b)).toBeGreaterThan(10);
    expect(service.stats.batchRuns()).toBe(2);
  });
});
