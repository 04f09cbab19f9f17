import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import type { Trip } from '../../src/domain/types.js';

const service = useService({ routes: 2000 });
const ask = (...args: string[]) => runCli(['--base-url', service.base, 'ask', ...args]);

/** The local service's own answer, as a reference. */
async function directAnswer(question: string): Promise<{ answer: string; routes: Trip[] }> {
  const response = await fetch(`${service.base}/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  return (await response.json()) as { answer: string; routes: Trip[] };
}

beforeEach(() => service.server.stats.reset());

describe('ask against the local service', () => {
  it('prints the answer text, then its trips as a table', async () => {
    const expected = await directAnswer('from Paris to Marseille');
    expect(expected.routes.length).toBeGreaterThan(0);
    const result = await ask('from', 'Paris', 'to', 'Marseille', '--format', 'table');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [text, blank, header] = result.stdout.split('\n');
    expect(text).toBe(expected.answer);
    expect(blank).toBe('');
    expect(header).toMatch(/^Date\s+Time\s+Route/);
    for (const trip of expected.routes) expect(result.stdout).toContain(trip.id);
  });

  it('sends the words as {question} and prints the answer untouched with --json', async () => {
    const expected = await directAnswer('Lyon to Nice?');
    service.server.stats.reset();
    const result = await ask('Lyon to Nice?', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(expected);
    expect(service.server.stats.requests('/ask')).toBe(1);
  });

  it('writes the text then tab-separated trips when piped', async () => {
    const expected = await directAnswer('Paris Lyon');
    const result = await ask('Paris Lyon');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(expected.answer);
    expect(lines.slice(1).map((line) => line.split('\t')[0])).toEqual(expected.routes.map((trip) => trip.id));
  });

  it('refuses an empty question without sending it', async () => {
    const result = await ask('   ');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/ask needs a question/);
    expect(service.server.stats.requests()).toBe(0);
  });
});

// The reference does not document /ask's answer: a stand-in that answers whatever a test sets.
let nextAnswer = '';
let oddService: Server;
let oddBase = '';
beforeAll(async () => {
  oddService = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(nextAnswer);
    });
  });
  await new Promise<void>((resolve) => oddService.listen(0, '127.0.0.1', resolve));
  oddBase = `http://127.0.0.1:${(oddService.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  oddService.closeAllConnections();
  await new Promise<void>((resolve) => oddService.close(() => resolve()));
});

describe('ask tolerates any JSON answer', () => {
  const askOdd = (answer: unknown, ...flags: string[]) => {
    nextAnswer = JSON.stringify(answer);
    return runCli(['--base-url', oddBase, 'ask', 'anything', ...flags]);
  };
  const trip = {
    id: 't1',
    date: '2030-05-01',
    depart: 'Paris',
    arrival: 'Lyon',
    layovers: [],
    price_min: 299,
    price_max: 349,
    slots: [2],
    times: ['08:00'],
  };

  it('shows a plain string, with terminal controls removed', async () => {
    const result = await askOdd('Yes.\u001b[2J Trips leave daily.\nSee the site.');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Yes. Trips leave daily.\nSee the site.\n');
  });

  it('finds the text and the trips under other field names', async () => {
    const result = await askOdd({ message: 'One trip.', trips: [trip, { nonsense: true }] });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('One trip.');
    expect(result.stdout).toContain('t1');
    expect(result.stderr).toMatch(/1 trip of the answer could not be read/);
  });

  it('shows an array of trips, an array of strings and an unknown object', async () => {
    expect((await askOdd([trip])).stdout.split('\t')[0]).toBe('t1');
    expect((await askOdd(['first', 'second'])).stdout).toBe('first\nsecond\n');
    const unknown = await askOdd({ suggestion: { city: 'Lyon' }, score: 3 });
    expect(unknown.code).toBe(0);
    expect(JSON.parse(unknown.stdout)).toEqual({ suggestion: { city: 'Lyon' }, score: 3 });
  });

  it('prints the answer untouched with --json, and compact with --format ndjson', async () => {
    expect(JSON.parse((await askOdd({ anything: [1, 2] }, '--json')).stdout)).toEqual({ anything: [1, 2] });
    expect((await askOdd([1, 'two'], '--format', 'ndjson')).stdout).toBe('[1,"two"]\n');
  });
});
