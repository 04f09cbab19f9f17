import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { runCli } from '../helpers/cli.js';
import { FIXED_DAY } from '../helpers/fixed-clock.js';
import { getJson, useService } from '../helpers/service.js';
import type { SearchPage, SearchQuery } from '../../src/domain/types.js';

const service = useService({ routes: 2000 });

/** What the recording proxy saw of one batch request. */
interface SeenBatch {
  key: string | undefined;
  queries: SearchQuery[];
}

// A pass-through proxy in front of the service that notes each batch request's Idempotency-Key and body.
const seen: SeenBatch[] = [];
let proxy: Server;
let proxyBase = '';
beforeAll(async () => {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url?.includes('/route/ai/batch')) {
        const key = req.headers['idempotency-key'];
        seen.push({
          key: Array.isArray(key) ? key[0] : key,
          queries: (JSON.parse(body.toString('utf8')) as { queries: SearchQuery[] }).queries,
        });
      }
      const target = new URL(req.url ?? '/', service.server.url);
      const forward = request(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

beforeEach(() => {
  service.server.stats.reset();
  seen.length = 0;
});

const dir = mkdtempSync(join(tmpdir(), 'motoroute-batch-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const batch = (args: string[], input?: string) =>
  runCli(['--base-url', proxyBase, 'batch', ...args], input === undefined ? {} : { input });

interface BatchJson {
  results: { index: number; query: SearchQuery; total: number; routes: { id: string; depart: string }[] }[];
  book_url: string;
}

const CITIES = [
  'Paris',
  'Lyon',
  'Marseille',
  'Nice',
  'Lille',
  'Bordeaux',
  'Toulouse',
  'Nantes',
  'Dijon',
  'Avignon',
  'Montpellier',
  'Rennes',
];

describe('batch: requests of 10', () => {
  it('sends 23 queries as 3 requests with 3 distinct keys and prints the results in input order', async () => {
    const queries: SearchQuery[] = Array.from({ length: 23 }, (_, index) => ({
      depart: CITIES[index % CITIES.length]!,
      ...(index % 3 === 0 ? {} : { arrival: CITIES[(index * 5 + 1) % CITIES.length]! }),
    }));
    const result = await batch([file('23.json', JSON.stringify(queries)), '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);

    expect(seen.map((request) => request.queries.length)).toEqual([10, 10, 3]);
    expect(seen.flatMap((request) => request.queries)).toEqual(queries);
    const keys = seen.map((request) => request.key);
    expect(keys.every((key) => typeof key === 'string' && /^[0-9a-f-]{36}$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(3);
    expect(service.server.stats.requests('/route/ai/batch')).toBe(3);
    expect(service.server.stats.batchRuns()).toBe(3);

    const output = JSON.parse(result.stdout) as BatchJson;
    expect(output.book_url).toMatch(/^https?:\/\//);
    expect(output.results.map((entry) => entry.index)).toEqual(queries.map((_, index) => index));
    expect(output.results.map((entry) => entry.query)).toEqual(queries);
    // Each result is the search of its own query: compare with the service's search of the same query.
    for (const index of [0, 9, 10, 17, 22]) {
      const query = queries[index]!;
      const params = new URLSearchParams({ ...query, limit: '100' });
      const expected = await getJson<SearchPage>(`${service.base}/route/ai/search?${params}`);
      expect(output.results[index]!.total).toBe(expected.total);
      expect(output.results[index]!.routes.slice(0, 100).map((trip) => trip.id)).toEqual(
        expected.routes.map((trip) => trip.id),
      );
    }
  });

  it('retries a failed request with the same key, and the service runs it once', async () => {
    service.server.faults.failNext(1, '/route/ai/batch');
    const result = await batch(['--query', 'Paris:Marseille', '--query', ':Lyon', '--json']);
    expect(result.code).toBe(0);
    expect(service.server.stats.requests('/route/ai/batch')).toBe(2);
    expect(service.server.stats.batchRuns()).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toBeDefined();
    expect(seen[1]!.key).toBe(seen[0]!.key);
    expect((JSON.parse(result.stdout) as BatchJson).results.map((entry) => entry.query)).toEqual([
      { depart: 'Paris', arrival: 'Marseille' },
      { arrival: 'Lyon' },
    ]);
  });

  it('sends the given --idempotency-key, and refuses it for more than 10 queries without sending anything', async () => {
    const ok = await batch(['--query', 'Nice:', '--idempotency-key', 'my-batch-key-1', '--json']);
    expect(ok.code).toBe(0);
    expect(seen.map((request) => request.key)).toEqual(['my-batch-key-1']);

    service.server.stats.reset();
    const lines = Array.from({ length: 11 }, (_, index) => JSON.stringify({ depart: CITIES[index] })).join('\n');
    const refused = await batch([file('11.ndjson', lines), '--idempotency-key', 'k1']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/--idempotency-key applies to one request, but 11 queries need 2/);
    expect(service.server.stats.requests()).toBe(0);
  });
});

describe('batch: input formats', () => {
  const queriesOf = async (args: string[], input?: string) => {
    const result = await batch([...args, '--json'], input);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return (JSON.parse(result.stdout) as BatchJson).results.map((entry) => entry.query);
  };

  it('reads a JSON array, {queries}, NDJSON and CSV files', async () => {
    const expected = [
      { depart: 'Paris', arrival: 'Lyon' },
      { arrival: 'Nice', date_from: '2099-01-01' },
    ];
    expect(await queriesOf([file('a.json', JSON.stringify(expected))])).toEqual(expected);
    expect(await queriesOf([file('q.json', JSON.stringify({ queries: expected }, null, 2))])).toEqual(expected);
    expect(
      await queriesOf([file('q.ndjson', `${JSON.stringify(expected[0])}\n\n${JSON.stringify(expected[1])}\n`)]),
    ).toEqual(expected);
    expect(
      await queriesOf([file('q.csv', 'depart,arrival,date_from,date_to\nParis,Lyon,,\n,Nice,2099-01-01,\n')]),
    ).toEqual(expected);
  });

  it('reads stdin when no FILE is given and with -', async () => {
    expect(await queriesOf([], 'depart,arrival\nLille,Paris\n')).toEqual([{ depart: 'Lille', arrival: 'Paris' }]);
    expect(await queriesOf(['-'], '[{"depart":"Dijon"}]')).toEqual([{ depart: 'Dijon' }]);
  });

  it("reads repeated --query with empty cities and relative dates, on the run's clock", async () => {
    const queries = await queriesOf(['--query', 'Paris:Marseille:today:+30d', '--query', ':Lyon']);
    expect(queries[1]).toEqual({ arrival: 'Lyon' });
    // MOTOROUTE_NOW (test/helpers/fixed-clock.ts), not the host's date.
    expect(queries[0]).toEqual({
      depart: 'Paris',
      arrival: 'Marseille',
      date_from: FIXED_DAY,
      date_to: addDays(FIXED_DAY, 30),
    });
  });

  it('reports a bad line by its number and sends nothing', async () => {
    const ndjson = await batch([
      file('bad.ndjson', '{"depart":"Paris"}\n{"depart":"Lyon"}\n{"depart":"Nice","date_to":"2026-02-30"}\n'),
    ]);
    expect(ndjson.code).toBe(2);
    expect(ndjson.stderr).toMatch(/bad\.ndjson line 3: date_to: "2026-02-30" is not a date/);
    const csv = await batch(['-'], 'depart,arrival\nParis,Lyon\nNice,Lyon,extra\n');
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('stdin line 3: 3 values for 2 columns');
    const json = await batch([file('bad.json', '[{"depart":"Paris"},{"depart":"Lyon","via":"Dijon"}]')]);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/bad\.json \[1\]: unknown field "via"/);
    const order = await batch(['--query', 'Paris:Lyon:2099-02-01:2099-01-01']);
    expect(order.code).toBe(2);
    expect(order.stderr).toMatch(/is later than date_to/);
    expect(service.server.stats.requests()).toBe(0);
  });

  it('reads a file as offices save it: ; and Windows-1252, said once, and refuses a PDF in one line', async () => {
    const french = join(dir, 'villes.csv');
    writeFileSync(french, Buffer.from('depart;arrival\r\nBesan\xe7on;N\xeemes\r\nParis;\r\n;\r\n', 'latin1'));
    const result = await batch([french, '--format', 'ndjson']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('read as Windows-1252').length - 1).toBe(1);
    expect(service.server.stats.requests()).toBeGreaterThan(0);
    const pdf = join(dir, 'villes.pdf');
    writeFileSync(pdf, Buffer.from('%PDF-1.4\n\u0000\u0001', 'latin1'));
    const refused = await batch([pdf]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^Error: batch: \S+villes\.pdf looks like a PDF document; give a CSV or text file \(, ; or tab between values\), NDJSON, an \.xlsx or \.ods spreadsheet\.\n$/,
    );
  });

  it('refuses an empty stdin, a missing file, and FILE together with --query', async () => {
    const empty = await batch([], '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/stdin holds no queries/);
    const missing = await batch([join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^Error: batch: cannot read .*nope\.json \(no such file\)\.$/m);
    const both = await batch([file('x.json', '[{}]'), '--query', 'Paris:Lyon']);
    expect(both.code).toBe(2);
    expect(service.server.stats.requests()).toBe(0);
  });
});

describe('batch: output', () => {
  it('prints one NDJSON row per trip carrying the query index, in input order', async () => {
    const result = await batch(['--query', 'Paris:Marseille', '--query', 'Lyon:', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { index: number; id: string; depart: string });
    expect(Object.keys(rows[0]!)[0]).toBe('index');
    const indexes = rows.map((row) => row.index);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    expect(new Set(indexes)).toEqual(new Set([0, 1]));
    const direct = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Lyon&limit=100`);
    expect(rows.filter((row) => row.index === 1).length).toBe(direct.total);
  });

  it('puts the index column first in csv, also with --fields', async () => {
    const result = await batch(['--query', 'Paris:Marseille', '--format', 'csv', '--fields', 'id,date']);
    expect(result.code).toBe(0);
    const [header, first] = result.stdout.split('\n');
    expect(header).toBe('index,id,date');
    expect(first).toMatch(/^0,[^,]+,\d{4}-\d{2}-\d{2}$/);
  });

  it('prints a heading per query with its total, then its trips, in a table', async () => {
    const direct = await getJson<SearchPage>(`${service.base}/route/ai/search?depart=Nice&arrival=Cannes`);
    const result = await batch(['--query', 'Nice:Cannes', '--query', 'Nowhere:Atall', '--format', 'table']);
    // Every query's results are printed; a query naming a city the service does not serve then ends the run with 2.
    expect(result.stderr).toMatch(/^Error: Nowhere → Atall: FROM: "Nowhere" is not a city the service serves\./);
    expect(result.code).toBe(2);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`#0 Nice → Cannes: ${direct.total} trip${direct.total === 1 ? '' : 's'}`);
    expect(result.stdout).toContain(direct.routes[0]!.id);
    expect(result.stdout).toContain('#1 Nowhere → Atall: 0 trips');
  });
});
