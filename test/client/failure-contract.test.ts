import { describe, expect, it } from 'vitest';
import { RouteClient } from '../../src/client/client.js';
import { withSender } from '../../src/client/sender-option.js';
import { nodeHttpSender } from '../../src/client/node-http-sender.js';
import { MotorouteError, NetworkError, UsageError } from '../../src/errors.js';
import { localService, testClient } from './helpers.js';

describe('every failure of a request is a MotorouteError with the URL and a remedy', () => {
  it.each([10080, 6000])(
    'refuses a base URL on port %i, which fetch blocks, at construction, naming the port and why',
    (port) => {
      const error = (() => {
        try {
          new RouteClient({ baseUrl: `http://127.0.0.1:${port}/v1` });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toContain(`http://127.0.0.1:${port}/v1 uses port ${port}`);
      expect((error as Error).message).toMatch(/fetch refuses to connect to .*another port/);
    },
  );

  it('lets the node:http stack (which blocks no port) use such a port', () => {
    const options = withSender({ baseUrl: 'http://127.0.0.1:6000/v1' }, nodeHttpSender());
    const client = new RouteClient(options);
    expect(client.baseUrl).toBe('http://127.0.0.1:6000/v1');
    return client.close();
  });

  it.each([
    [
      'a TypeError whose cause has no code (Node: bad port), not retried: it would say the same',
      () => new TypeError('fetch failed', { cause: new Error('bad port') }),
      1,
    ],
    ["a browser's bare TypeError", () => new TypeError('Failed to fetch'), 3],
    ['a plain Error of a fetch of your own', () => new Error('proxy said no'), 3],
    ['a thrown string', () => 'nope', 3],
  ])('turns %s into a NetworkError with the URL and a remedy', async (_, failure, attempts) => {
    const service = await localService();
    let calls = 0;
    const { client } = testClient(service.v1, {
      fetch: () => {
        calls += 1;
        return Promise.reject(failure());
      },
    });
    const error = await client.search({ depart: 'Paris' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(MotorouteError);
    const network = error as NetworkError;
    expect(network.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/route\/ai\/search\?depart=Paris$/);
    expect(network.remedy).toEqual({ kind: 'connection' });
    expect(network.message).toMatch(
      new RegExp(
        `after ${attempts === 1 ? '1 attempt' : `${attempts} attempts`}: .+\\. Check baseUrl and your connection, then try again\\.$`,
      ),
    );
    expect(calls).toBe(attempts);
  });
});
