import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SkippedRecords } from '../../src/client/options.js';
import { ApiError, NetworkError } from '../../src/errors.js';
import { collect, rawServer, STACKS, testClient, testClient as testClientOf } from './helpers.js';

const trip = (id: string | number, extra: Record<string, unknown> = {}) => ({
  id,
  date: '2026-05-02',
  depart: 'Paris',
  arrival: 'Marseille',
  layovers: ['Lyon'],
  price_min: 299,
  price_max: 349,
  slots: [2, 1],
  times: ['08:00', '12:00', '18:00'],
  ...extra,
});
const page = (routes: unknown[], extra: Record<string, unknown> = {}) => ({
  routes,
  total: routes.length,
  page: 1,
  limit: 50,
  total_pages: 1,
  has_next: false,
  book_url: 'https://symone.fr/moto',
  ...extra,
});
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const ENCODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gzipSync,
  'x-gzip': gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

function send(res: ServerResponse, body: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

// fetch decodes answers itself and sends its own Accept-Encoding (a browser forbids setting it); node:http (the CLI's
// stack) asks for gzip, deflate and br and decodes with node:zlib. Every other rule holds alike on both.
describe.each(STACKS)('compressed answers, through %s', (stack) => {
  const testClient = (baseUrl: string, options: Parameters<typeof testClientOf>[1] = {}) =>
    testClientOf(baseUrl, options, stack);

  it('asks for gzip, deflate and br on every request', async () => {
    const server = await rawServer((_req, res) => send(res, Buffer.from(JSON.stringify(page([])))));
    const { client } = testClient(server.url);
    await client.search({});
    await client.batch([{}]).catch(() => undefined);
    const asked = server.requests.map((req) => req.headers['accept-encoding']);
    if (stack === 'node:http') expect(asked).toEqual(['gzip, deflate, br', 'gzip, deflate, br']);
    // fetch asks for what it decodes (Node 20: gzip and deflate, though it decodes br too); motoroute adds nothing.
    else for (const value of asked) expect(value?.split(/,\s*/)).toEqual(expect.arrayContaining(['gzip', 'deflate']));
    expect(asked).toHaveLength(2);
  });

  it.each(Object.keys(ENCODERS))(
    'decodes a %s body and reports its bytes (on the wire, where the stack shows them) and decoded',
    async (encoding) => {
      const body = Buffer.from(JSON.stringify(page([trip(1), trip(2)])));
      const server = await rawServer((_req, res) =>
        send(res, (ENCODERS[encoding] as (b: Buffer) => Buffer)(body), { 'content-encoding': encoding }),
      );
      const { client, attempts } = testClient(server.url);
      expect((await client.search({})).routes.map((t) => t.id)).toEqual(['1', '2']);
      expect(attempts[0]).toMatchObject({ status: 200, decodedBytes: body.length, encoding });
      if (stack === 'node:http') expect(attempts[0]?.bytes).toBeLessThan(body.length);
      else expect(attempts[0]?.bytes).toBe(body.length);
    },
  );

  it('decodes a raw deflate body (no zlib header), as some servers send it', async () => {
    const body = Buffer.from(JSON.stringify(page([trip(1)])));
    const server = await rawServer((_req, res) => send(res, deflateRawSync(body), { 'content-encoding': 'deflate' }));
    const { client } = testClient(server.url);
    expect((await client.search({})).routes).toHaveLength(1);
  });

  it('takes identity, an empty Content-Encoding and stacked codings', async () => {
    const body = Buffer.from(JSON.stringify(page([trip(1)])));
    const answers = [
      [body, { 'content-encoding': 'identity' }],
      [body, { 'content-encoding': '' }],
      [gzipSync(deflateSync(body)), { 'content-encoding': 'deflate, gzip' }],
    ] as const;
    let call = 0;
    const server = await rawServer((_req, res) => {
      const [bytes, headers] = answers[call++ % answers.length] as (typeof answers)[number];
      send(res, bytes, headers);
    });
    const { client } = testClient(server.url);
    for (let i = 0; i < answers.length; i++) expect((await client.search({})).routes).toHaveLength(1);
  });

  it('retries a corrupt compressed body like a cut connection, then says what was wrong', async () => {
    const corrupt = gzipSync(Buffer.from(JSON.stringify(page([trip(1)]))));
    corrupt[corrupt.length - 6] = (corrupt[corrupt.length - 6] as number) ^ 0xff;
    const server = await rawServer((_req, res) => send(res, corrupt, { 'content-encoding': 'gzip' }));
    const { client, attempts } = testClient(server.url);
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(
      /^GET http:\/\/127.0.0.1:\d+\/route\/ai\/search kept sending a body that cannot be read \(3 attempts\): the gzip body could not be decoded \(incorrect data check\)\. A proxy/,
    );
    expect(attempts).toHaveLength(3);
  });

  it('recovers when a retry brings a good body', async () => {
    const good = gzipSync(Buffer.from(JSON.stringify(page([trip(1)]))));
    let call = 0;
    // Cut short: a gzip stream that stops mid-way (node:zlib says so) inside a connection cut too (fetch's
    // zlib is lenient about a truncated stream, so only the cut connection tells it there).
    const server = await rawServer((_req, res) => {
      if (call++ > 0) return send(res, good, { 'content-encoding': 'gzip' });
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(good.length),
      });
      res.write(good.subarray(0, 20), () => res.destroy());
    });
    const { client } = testClient(server.url);
    expect((await client.search({})).routes).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses an encoding it never asked for, without retrying', async () => {
    const server = await rawServer((_req, res) => send(res, Buffer.from('x'), { 'content-encoding': 'zstd' }));
    const { client } = testClient(server.url);
    await expect(client.search({})).rejects.toThrow(
      /^GET .* could not be read: the answer is encoded as "zstd", which motoroute cannot decode\.$/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('decodes 5 codings applied one over another, and refuses 6 without retrying', async () => {
    const gzipped = (times: number) =>
      Array.from({ length: times }).reduce<Buffer>(
        (body) => gzipSync(body),
        Buffer.from(JSON.stringify(page([trip(1)]))),
      );
    const five = await rawServer((_req, res) =>
      send(res, gzipped(5), { 'content-encoding': 'gzip, gzip, gzip, gzip, gzip' }),
    );
    expect((await testClient(five.url).client.search({})).routes).toHaveLength(1);
    const six = await rawServer((_req, res) =>
      send(res, gzipped(6), { 'content-encoding': 'gzip, gzip, gzip, gzip, gzip, gzip' }),
    );
    const refused = testClient(six.url).client.search({});
    // Node's fetch refuses more than 5 codings itself, before motoroute sees the answer (its own words).
    if (stack === 'node:http')
      await expect(refused).rejects.toThrow(
        /^GET .* could not be read: the answer is encoded 6 times over, more than the 5 codings motoroute decodes\.$/,
      );
    else await expect(refused).rejects.toThrow(/content-encodings/);
    expect(six.requests).toHaveLength(1);
  });

  it('streams a gzip listing, with a byte-order mark inside', async () => {
    const records = Array.from({ length: 3000 }, (_, i) => trip(i));
    const body = gzipSync(Buffer.concat([BOM, Buffer.from(JSON.stringify(records))]));
    const server = await rawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      // Written in small pieces so the decoder sees a stream, not one buffer.
      for (let at = 0; at < body.length; at += 1000) res.write(body.subarray(at, at + 1000));
      res.end();
    });
    const { client, attempts } = testClient(server.url);
    const trips = await collect(client.listing());
    expect(trips).toHaveLength(3000);
    expect(attempts[0]).toMatchObject({
      bytes: stack === 'node:http' ? body.length : attempts[0]?.decodedBytes,
      encoding: 'gzip',
    });
    expect(attempts[0]?.decodedBytes).toBeGreaterThan(body.length);
  });
});

describe.each(STACKS)('bodies that are not quite the reference, through %s', (stack) => {
  const testClient = (baseUrl: string, options: Parameters<typeof testClientOf>[1] = {}) =>
    testClientOf(baseUrl, options, stack);

  it('ignores a byte-order mark and a text/plain content type', async () => {
    const server = await rawServer((_req, res) =>
      send(res, Buffer.concat([BOM, Buffer.from(JSON.stringify(page([trip(1)])))]), {
        'content-type': 'text/plain; charset=utf-8',
      }),
    );
    const { client } = testClient(server.url);
    expect((await client.search({})).routes).toHaveLength(1);
  });

  it('leaves out one broken record among fifty and reports it once per answer', async () => {
    const routes: unknown[] = Array.from({ length: 50 }, (_, i) => trip(i));
    routes[17] = trip(17, { slots: 'n/a' });
    const server = await rawServer((_req, res) => send(res, Buffer.from(JSON.stringify(page(routes)))));
    const skipped: SkippedRecords[] = [];
    const { client } = testClient(server.url, { onSkippedRecords: (info) => skipped.push(info) });
    const result = await client.search({});
    expect(result.routes).toHaveLength(49);
    expect(result.total).toBe(50);
    expect(skipped).toEqual([
      {
        endpoint: 'GET /route/ai/search',
        skipped: 1,
        of: 50,
        firstReason: 'routes[17]: route 17: slots is "n/a", not a list of counts',
      },
    ]);
  });

  it('fails on the broken record in strict mode', async () => {
    const server = await rawServer((_req, res) =>
      send(res, Buffer.from(JSON.stringify(page([trip(1), trip(2, { date: null })])))),
    );
    const { client } = testClient(server.url, { strict: true });
    const error = await client.search({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      'GET /route/ai/search returned a record motoroute cannot read, routes[1]: route 2: date null is not a real date (YYYY-MM-DD or YYYYMMDD) (without strict: true it would be left out).',
    );
  });

  it('derives a sparse envelope and falls back to the configured booking form', async () => {
    const server = await rawServer((_req, res) =>
      send(res, Buffer.from(JSON.stringify({ routes: [trip('7')], total: '120', page: 2, limit: 50 }))),
    );
    const { client } = testClient(server.url, { bookingUrl: 'https://booking.example.invalid/form' });
    expect(await client.search({}, { page: 2 })).toMatchObject({
      total: 120,
      total_pages: 3,
      has_next: true,
      book_url: 'https://booking.example.invalid/form',
    });
  });

  it('reads batch entries, nearby cities and cache ids one by one', async () => {
    const skipped: SkippedRecords[] = [];
    const server = await rawServer((req, res) => {
      const body =
        req.url === '/route/ai/batch'
          ? { results: [{ routes: [trip(1), null], total: '2' }, 'broken entry', { index: 2, routes: [trip(3)] }] }
          : req.url?.startsWith('/route/cities-near')
            ? {
                cities: [
                  { name: 'Lyon', distance_km: '12.5' },
                  { name: null, distance_km: 'far' },
                ],
                source: 'city:Lyon',
                extra: true,
              }
            : { route_ids: ['1', null, 3] };
      send(res, Buffer.from(JSON.stringify(body)));
    });
    const { client } = testClient(server.url, { onSkippedRecords: (info) => skipped.push(info) });
    const batch = await client.batch([{ depart: 'A' }, { depart: 'B' }, { depart: 'C' }]);
    expect(batch.results.map((entry) => [entry.index, entry.query, entry.routes.length, entry.total])).toEqual([
      [0, { depart: 'A' }, 1, 2],
      [2, { depart: 'C' }, 1, 1],
    ]);
    expect(batch.book_url).toBe('https://symone.fr/moto');
    expect(await client.citiesNear('Lyon')).toEqual({
      cities: [{ name: 'Lyon', distance_km: 12.5 }],
      source: 'city:Lyon',
    });
    expect(await client.parisMarseilleCache()).toEqual({ ids: ['1', '3'] });
    expect(skipped.map((info) => [info.endpoint, info.skipped, info.firstReason])).toEqual([
      ['POST /route/ai/batch', 2, 'results[0].routes[1]: a record is null, not an object'],
      ['GET /route/cities-near', 1, expect.stringMatching(/^cities\[1\]\.name: /)],
      ['GET /route/paris-marseille-cache', 1, 'route_ids[1]: an id is null, not a string or a number'],
    ]);
  });

  it.each([
    ['{routes, total}', { routes: [trip(1), trip(2)], total: 2 }],
    ['{routes}', { routes: [trip(1), trip(2)] }],
    ['{results}', { results: [trip(1), trip(2)] }],
    ['a bare array', [trip(1), trip(2)]],
  ])('reads the trips of a job result shaped as %s', async (_name, result) => {
    const server = await rawServer((_req, res) =>
      send(res, Buffer.from(JSON.stringify({ job_id: 'j1', status: 'completed', result }))),
    );
    const { client } = testClient(server.url);
    const read = client.jobResult(await client.getJob('j1'));
    expect(read.kind).toBe('trips');
    if (read.kind === 'trips')
      expect(read.page).toMatchObject({ total: 2, has_next: false, routes: [{ id: '1' }, { id: '2' }] });
  });
});

describe('paging without a total', () => {
  it('follows has_next page by page when the service gives no total to count pages with', async () => {
    const server = await rawServer((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
      send(
        res,
        Buffer.from(
          JSON.stringify({ routes: [trip(`${page}-a`), trip(`${page}-b`)], page, limit: 2, has_next: page < 5 }),
        ),
      );
    });
    const { client } = testClient(server.url, { pageConcurrency: 4 });
    const pages = await collect(client.searchPages({}, { limit: 2 }));
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4, 5]);
    expect(pages[0]).toMatchObject({ has_next: true, total_pages: 2 });
  });
});
