import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import type { AttemptInfo, ClientOptions } from '../../src/client/options.js';
import { withRetryTiming, type RetryTiming } from '../../src/client/retry-timing.js';
import { withSender } from '../../src/client/sender-option.js';
import { nodeHttpSender } from '../../src/client/node-http-sender.js';

type StartServer = typeof import('../../src/server/index.js')['startServer'];
type LocalService = Awaited<ReturnType<StartServer>>;
type LocalServiceOptions = NonNullable<Parameters<StartServer>[0]>;

const cleanups: (() => Promise<unknown> | unknown)[] = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** The local service on 127.0.0.1 port 0, with a fixed clock and seed; closed after the test. */
export async function localService(
  options: LocalServiceOptions = {},
): Promise<LocalService & { v1: string; legacy: string }> {
  const { startServer } = await import('../../src/server/index.js');
  const service = await startServer({ routes: 300, seed: 7, today: '2026-05-01', ...options });
  cleanups.push(() => service.close());
  const root = service.url.replace(/\/v1\/?$/, '').replace(/\/$/, '');
  return Object.assign(service, { v1: `${root}/v1`, legacy: root });
}

/** The HTTP stacks a client sends through: fetch (the library's default) and node:http (the CLI's). */
export const STACKS = ['fetch', 'node:http'] as const;
export type Stack = (typeof STACKS)[number];

/** A client whose attempts are recorded, sending through `stack`; closed after the test. */
export function testClient(
  baseUrl: string,
  options: Partial<ClientOptions> = {},
  stack: Stack = 'fetch',
  timing?: Partial<RetryTiming>,
): { client: RouteClient; attempts: AttemptInfo[] } {
  const attempts: AttemptInfo[] = [];
  const clientOptions: ClientOptions = {
    baseUrl,
    retryBaseDelayMs: 20,
    onAttempt: (info) => attempts.push(info),
    ...options,
  };
  if (timing !== undefined) withRetryTiming(clientOptions, timing);
  const client = new RouteClient(stack === 'node:http' ? withSender(clientOptions, nodeHttpSender()) : clientOptions);
  cleanups.push(() => client.close());
  return { client, attempts };
}

/** A tiny hand-written HTTP server on 127.0.0.1 for behaviour the local service does not offer (hangs, redirects, header echo). */
export async function rawServer(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Collects an async iterable into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
