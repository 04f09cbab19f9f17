import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import { createEnvironment } from '../../src/mcp/environment.js';
import { startMcpHttpServer, type McpHttpServer } from '../../src/mcp/http/serve.js';
import { FIXED_NOW } from '../helpers/fixed-clock.js';
import { useService } from '../helpers/service.js';

// The HTTP transport bounds what one client can hold: a request must arrive within its timeouts, and past the
// connection cap a new connection is closed at once (and served again once one ends).

const service = useService({ routes: 20, seed: 3 });
let server: McpHttpServer;
let port: number;

beforeAll(async () => {
  const client = new RouteClient({ baseUrl: service.base });
  const env = createEnvironment({
    client: async () => client,
    lang: 'en',
    bookingEmail: undefined,
    bookingUrl: undefined,
    quoteUrl: undefined,
    greeting: undefined,
    signature: undefined,
    env: { MOTOROUTE_NOW: FIXED_NOW },
  });
  server = await startMcpHttpServer(
    env,
    {
      host: '127.0.0.1',
      port: 0,
      allowedOrigins: [],
      connections: { headersTimeoutMs: 300, requestTimeoutMs: 600, maxConnections: 3 },
    },
    () => undefined,
  );
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.close();
});

/** A raw connection and everything the server sent on it until it closed. */
async function open(): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  // A connection the server closes past its cap may be reset: what is asserted is what was received.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed };
}

describe('motoroute mcp --http: bounded connections', () => {
  it('answers a client whose body never ends with 408 and closes its connection', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"',
    );
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers never end', async () => {
    const { socket, closed } = await open();
    socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await closed).toMatch(/^HTTP\/1\.1 408 |^$/);
  });

  it('closes a connection past the cap at once, and serves again once one ends', async () => {
    const held = await Promise.all([open(), open(), open()]);
    // Each held connection is answered once (and kept alive): the server has accepted all three.
    await Promise.all(
      held.map(
        ({ socket }) =>
          new Promise((resolve) => {
            socket.once('data', resolve);
            socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
          }),
      ),
    );
    const extra = await open();
    extra.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await extra.closed).toBe('');
    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed));
    const health = await fetch(server.url.replace(/\/mcp$/, '/health'));
    expect(health.status).toBe(200);
  });
});
