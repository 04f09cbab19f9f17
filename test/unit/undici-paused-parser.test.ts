import { strict as assert } from 'node:assert';
import { createServer, connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUndiciPausedParserOnEnd } from '../../src/cli/process.js';

// nodejs/undici#5360: `assert(!this.paused)` in Parser.finish, called by the socket's 'end' listener. The CLI lets that
// one assertion pass (src/cli/process.ts), whatever names its minified bundle gives the parser and the listener.
const server = createServer((socket) => socket.end('bye'));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What a socket's 'end' listener throws when it calls `call`. */
function thrownOnEnd(call: () => void): Promise<unknown> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('data', () => undefined);
    socket.on('end', function onSocketEnd() {
      try {
        call();
      } catch (error) {
        resolve(error);
      } finally {
        socket.destroy();
      }
    });
  });
}

describe("undici's paused-parser assertion on a socket's end", () => {
  it("is recognised under undici's own names and under a minified bundle's", async () => {
    class Parser {
      paused = true;
      finish(): void {
        assert(!this.paused);
      }
    }
    // The bundle's names for Parser and onHttpSocketEnd, as esbuild minifies them.
    const minified = {
      bf: class {
        paused = true;
        finish(): void {
          assert(!this.paused);
        }
      },
    };
    expect(isUndiciPausedParserOnEnd(await thrownOnEnd(() => new Parser().finish()))).toBe(true);
    expect(isUndiciPausedParserOnEnd(await thrownOnEnd(() => new minified.bf().finish()))).toBe(true);
  });

  it('is not any other failure', async () => {
    const thrown = (call: () => void): unknown => {
      try {
        call();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    // A finish that fails outside a socket's end, an assertion on end outside a finish, another error on end.
    expect(isUndiciPausedParserOnEnd(thrown(() => ({ finish: () => assert(false) }).finish()))).toBe(false);
    expect(isUndiciPausedParserOnEnd(await thrownOnEnd(() => assert(false)))).toBe(false);
    expect(
      isUndiciPausedParserOnEnd(
        await thrownOnEnd(() => {
          throw new TypeError('finish');
        }),
      ),
    ).toBe(false);
  });
});
