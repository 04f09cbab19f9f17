import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

const slow = useService({ routes: 200, latencyMs: 3000 });

describe('transport safety', () => {
  let https: Server;
  let httpsPort = 0;
  beforeAll(async () => {
    // A self-signed certificate: motoroute must refuse it whatever the environment says.
    const dir = mkdtempSync(join(tmpdir(), 'motoroute-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    https = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end('{"routes":[],"total":0,"page":1,"limit":50,"total_pages":0,"has_next":false,"book_url":""}');
      },
    );
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    httpsPort = (https.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => https.close(() => resolve())));

  it('never turns TLS verification off, even with NODE_TLS_REJECT_UNAUTHORIZED=0', async () => {
    const result = await runCli(['--base-url', `https://127.0.0.1:${httpsPort}/v1`, 'search', 'Paris'], {
      env: { NODE_TLS_REJECT_UNAUTHORIZED: '0' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/certificate/i);
    expect(result.stdout).toBe('');
  });

  it('bounds every request by --timeout', async () => {
    // The service answers in 3 s: a CLI that waited for it would exit 0 with the trips, not 3.
    const result = await runCli(['--base-url', slow.base, '--timeout', '0.5', 'search', 'Paris'], {
      timeoutMs: 30_000,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/time/i);
  });

  it('names itself in the User-Agent and sends no cookie or credentials, and does not follow redirects', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createHttpServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(302, { location: 'http://example.org/v1/route/ai/search' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const result = await runCli(['--base-url', `http://127.0.0.1:${port}/v1`, 'search', 'Paris']);
    server.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/example\.org/);
    expect(seen).toHaveLength(1);
    expect(seen[0]!['user-agent']).toMatch(/^motoroute\/\d+\.\d+\.\d+/);
    expect(seen[0]!.cookie).toBeUndefined();
    expect(seen[0]!.authorization).toBeUndefined();
  });
});

describe('a service that is not there', () => {
  it('fails at once with exit 3 when nothing listens (no retries to wait through)', async () => {
    const server = createHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    // A backoff of a minute: a retry would outlast runCli's 20 s, which kills the CLI (no exit code 3).
    const result = await runCli(['--base-url', `http://127.0.0.1:${port}/v1`, 'search', 'Paris'], {
      env: { MOTOROUTE_RETRY_BASE_MS: '60000' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      `Error: Could not reach 127.0.0.1:${port} for GET http://127.0.0.1:${port}/v1/route/ai/search?depart=Paris&limit=100&page=1: connect ECONNREFUSED 127.0.0.1:${port}. ` +
        'Check the address (--base-url) and that the service is running.\n',
    );
  });
});
