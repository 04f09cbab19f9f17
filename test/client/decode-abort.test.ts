import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../src/client/content-encoding.js';

// A compressed body arrives whole long before it is decoded: the attempt's deadline must stop the decoding itself.
const MIB = 1_048_576;
const bomb = gzipSync(Buffer.alloc(64 * MIB, ' '));

/** The compressed body as a connection delivers it: all of it at once, in 16 KiB pieces. */
async function* arrived(bytes: Buffer): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += 16 * 1024) yield bytes.subarray(offset, offset + 16 * 1024);
}

describe('decoding a body under a signal', () => {
  it('stops at the abort with its reason, having decoded one chunk', async () => {
    const controller = new AbortController();
    const reason = new Error('no complete answer within 0.5 s');
    const bytes = { wire: 0, decoded: 0 };
    let chunks = 0;
    const reading = (async () => {
      for await (const _chunk of decodeBody(arrived(bomb), ['gzip'], bytes, controller.signal)) {
        chunks++;
        controller.abort(reason);
      }
    })();
    await expect(reading).rejects.toBe(reason);
    expect(chunks).toBe(1);
    expect(bytes.decoded).toBeLessThanOrEqual(MIB);
  });

  it('decodes the whole body when its signal never aborts', async () => {
    const bytes = { wire: 0, decoded: 0 };
    for await (const _chunk of decodeBody(arrived(bomb), ['gzip'], bytes, new AbortController().signal));
    expect(bytes).toEqual({ wire: bomb.length, decoded: 64 * MIB });
  });

  it('does not start on a signal already aborted', async () => {
    const bytes = { wire: 0, decoded: 0 };
    const reading = (async () => {
      for await (const _chunk of decodeBody(arrived(bomb), ['gzip'], bytes, AbortSignal.abort('gone')));
    })();
    await expect(reading).rejects.toBe('gone');
    expect(bytes.decoded).toBe(0);
  });
});
