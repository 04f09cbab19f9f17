import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FIXED_NOW } from '../helpers/fixed-clock.js';
import { useService } from '../helpers/service.js';
import type { BatchResponse, SearchQuery } from '../../src/domain/types.js';

// The narrowed `list` reads a batch answer an entry at a time (issue 39). A deployment may send the entries in
// another order than the queries and cut an entry short (its total says how many it holds): a proxy in front of
// the service does both, and `list` must still give the trips of `search --all`, in its order.
const service = useService({ routes: 4000 });

let proxy: Server;
let proxyBase = '';
let cutEntries = 0;

/** Entries in reverse order; one holding more than a trip gives only its first (a single day on an even date too). */
function reshape(answer: BatchResponse): BatchResponse {
  const results = answer.results
    .map((entry) => {
      const query: SearchQuery = entry.query;
      const oneDay = query.date_from !== undefined && query.date_from === query.date_to;
      const cut = entry.total > 1 && (!oneDay || Number(query.date_from?.slice(-2)) % 2 === 0);
      if (cut) cutEntries += 1;
      return cut ? { ...entry, routes: entry.routes.slice(0, 1) } : entry;
    })
    .reverse();
  return { ...answer, results };
}

beforeAll(async () => {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = new URL(req.url ?? '/', service.server.url);
      const forward = request(target, { method: req.method, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          let text = Buffer.concat(body).toString('utf8');
          if (req.url?.includes('/route/ai/batch') && answer.statusCode === 200)
            text = JSON.stringify(reshape(JSON.parse(text) as BatchResponse));
          res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json; charset=utf-8' });
          res.end(text);
        });
      });
      forward.on('error', () => res.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

const ids = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);

describe('list --from --to on batch answers out of order and cut short', () => {
  it('gives the trips of search --all, in its order', async () => {
    const env = { env: { MOTOROUTE_RATE: '6000', MOTOROUTE_NOW: FIXED_NOW }, timeoutMs: 60_000 };
    const args = ['--from', 'Paris', '--to', 'Marseille', '--format', 'ndjson', '--no-hints'];
    const listed = await runCli(['--base-url', proxyBase, 'list', ...args], env);
    const searched = await runCli(['--base-url', service.base, 'search', ...args, '--all'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(searched.code, searched.stderr).toBe(0);
    expect(ids(searched.stdout).length).toBeGreaterThan(10);
    expect(cutEntries).toBeGreaterThan(0);
    expect(ids(listed.stdout)).toEqual(ids(searched.stdout));
  });
});
