import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { STACKS, testClient } from './helpers.js';

// Interim (1xx) answers before the final one, which RFC 9110 says a client reads past. node:http (the CLI's stack)
// reads past every one, a 100 Continue it did not ask for included; through fetch (the library's), reading past them
// is the runtime's: Node's fetch reads past 102 and 103, not a 100.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const BODY = JSON.stringify({ name: 'Lyon', cities: [{ name: 'Lyon', distance_km: 0 }] });

/** A raw HTTP/1.1 server that sends `interim` before each final 200. */
async function interimServer(interim: string): Promise<string> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.on('data', () => {
      socket.write(
        `${interim}HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(BODY)}\r\nconnection: close\r\n\r\n${BODY}`,
      );
      socket.end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/v1`;
}

describe.each(STACKS)('interim answers, through %s', (stack) => {
  it.each([
    [
      '102 Processing and 103 Early Hints',
      'HTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </x>; rel=preload\r\n\r\n',
    ],
  ])('are read past: %s', async (_name, interim) => {
    const { client } = testClient(await interimServer(interim), { maxAttempts: 1 }, stack);
    expect((await client.citiesNear('Lyon')).cities.map((city) => city.name)).toEqual(['Lyon']);
  });

  it(`an unasked 100 Continue ${stack === 'node:http' ? 'is read past' : "fails as the runtime's fetch says (Node's: a bad response), once per attempt"}`, async () => {
    const { client, attempts } = testClient(
      await interimServer('HTTP/1.1 100 Continue\r\n\r\n'),
      { maxAttempts: 2 },
      stack,
    );
    const answer = client.citiesNear('Lyon');
    if (stack === 'node:http') {
      expect((await answer).cities.map((city) => city.name)).toEqual(['Lyon']);
      expect(attempts).toHaveLength(1);
    } else {
      await expect(answer).rejects.toThrow(/after 2 attempts: (UND_ERR_SOCKET: )?bad response/);
      expect(attempts).toHaveLength(2);
    }
  });
});
