import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { skipInterimResponses } from '../../src/client/interim-responses.js';

// The socket filter alone, over a real loopback connection: what undici would read with read() on 'readable'.

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers each line the client writes with the next of `answers` (as chunks, with pauses). */
async function exchange(answers: string[][], requests = answers.length): Promise<string[]> {
  server = createServer((socket) => {
    let turn = 0;
    socket.on('data', async () => {
      for (const chunk of answers[turn++] ?? []) {
        socket.write(chunk);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const socket: Socket = connect(address.port, '127.0.0.1');
  skipInterimResponses(socket);
  const read: string[] = [];
  for (let index = 0; index < requests; index++) {
    let text = '';
    socket.write(`request ${index}\n`);
    const expected = (answers[index] ?? [])
      .join('')
      .replace(/^(?:HTTP\/1\.1 1(?!01)\d\d[^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
    await new Promise<void>((resolve) => {
      const onReadable = () => {
        for (let chunk = socket.read() as Buffer | null; chunk !== null; chunk = socket.read() as Buffer | null)
          text += chunk.toString('latin1');
        if (text.length >= expected.length) {
          socket.off('readable', onReadable);
          resolve();
        }
      };
      socket.on('readable', onReadable);
    });
    read.push(text);
  }
  socket.destroy();
  return read;
}

const FINAL = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok';

describe('skipInterimResponses', () => {
  it('drops a 100 Continue before the answer', async () => {
    expect(await exchange([['HTTP/1.1 100 Continue\r\n\r\n', FINAL]])).toEqual([FINAL]);
  });

  it('drops several interim answers, with headers, cut anywhere', async () => {
    const interim = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>; rel=preload\r\n\r\n';
    const whole = interim + FINAL;
    for (const cut of [3, 12, 30, interim.length - 1, interim.length + 5]) {
      expect(await exchange([[whole.slice(0, cut), whole.slice(cut)]])).toEqual([FINAL]);
      await new Promise<void>((resolve) => server?.close(() => resolve()));
      server = undefined;
    }
  });

  it('looks at the start of every answer on a kept-alive connection, and only there', async () => {
    const bodyLikeInterim = 'HTTP/1.1 200 OK\r\ncontent-length: 27\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n!';
    expect(await exchange([[FINAL], ['HTTP/1.1 100 Continue\r\n\r\n', bodyLikeInterim]])).toEqual([
      FINAL,
      bodyLikeInterim,
    ]);
  });

  it('leaves 101 Switching Protocols alone', async () => {
    const upgrade = 'HTTP/1.1 101 Switching Protocols\r\nupgrade: x\r\n\r\n';
    expect(await exchange([[upgrade]])).toEqual([upgrade]);
  });
});
