import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CompressEncoding } from '../options.js';
import { corrupter, createCompressor } from './encoding.js';
import { waitForDrain } from './wait-for-drain.js';

/** How one compressed stream is sent. */
export interface CompressedStream {
  encoding: CompressEncoding;
  /** Garble the compressed bytes after the coding's header (a corruptNext hook). */
  corrupt: boolean;
  /** Flush what was compressed so far, then drop the connection instead of ending the body. */
  cut: boolean;
}

/** How much text may wait in the compressor while the next is made. */
const AHEAD_BYTES = 1024 * 1024;
/** Text is handed to the compressor in pieces of about this size (fewer, bigger jobs for the thread pool). */
const WRITE_BYTES = 192 * 1024;
/** A slab holds WRITE_BYTES plus one more batch in UTF-8 (at most 3 bytes per UTF-16 unit; batches are ~64 K units). */
const SLAB_BYTES = WRITE_BYTES + 3 * 80 * 1024;

/**
 * Compresses texts into the response chunk by chunk with backpressure both ways: the compressor is
 * paused while the socket is full, and no text is written to it while it is full, so memory stays flat.
 */
export async function streamCompressed(
  res: ServerResponse,
  texts: Iterable<string>,
  how: CompressedStream,
): Promise<void> {
  const compressor = createCompressor(how.encoding);
  const garble = how.corrupt ? corrupter(how.encoding) : undefined;
  let closed = false;
  let lastWrite = Promise.resolve();
  res.once('close', () => {
    closed = true;
    compressor.destroy();
  });
  compressor.on('error', () => res.destroy());
  compressor.on('data', (chunk: Buffer) => {
    const bytes = garble ? garble(chunk) : chunk;
    if (how.cut) lastWrite = new Promise((resolve) => res.write(bytes, () => resolve()) || compressor.pause());
    else if (!res.write(bytes)) compressor.pause();
  });
  res.on('drain', () => compressor.resume());

  const slabs = slabWriter(compressor);
  for (const text of texts) {
    if (closed) return;
    slabs.add(text);
    // Up to AHEAD_BYTES wait in the compressor, so the next texts are made while it works (on the thread
    // pool); yielding after each text lets it start its next piece at once instead of after a long loop.
    if (compressor.writableLength > AHEAD_BYTES) await waitForDrain(compressor);
    else await nextTurn();
  }
  if (closed) return;
  slabs.flush();
  if (how.cut) {
    // Decodable up to here, then the transfer stops mid-body: no trailer, no final chunk.
    compressor.flush(() => setImmediate(() => void lastWrite.then(() => res.socket?.destroy())));
    return;
  }
  await new Promise<void>((resolve) => {
    compressor.once('end', () => {
      res.end();
      resolve();
    });
    compressor.once('close', resolve);
    compressor.end();
  });
}

/**
 * Writes texts to a stream in UTF-8 through reused slabs, each free again once the stream has read it
 * (a fresh buffer per text made the garbage collector work as hard as the compressor); a slab is
 * written once it holds ~WRITE_BYTES, since bigger pieces of work cost the thread pool less.
 */
function slabWriter(stream: Writable): { add(text: string): void; flush(): void } {
  const free: Buffer[] = [];
  let slab: Buffer | undefined;
  let used = 0;
  const flush = (): void => {
    if (!slab || used === 0) return;
    const full = slab;
    stream.write(full.subarray(0, used), () => free.push(full));
    slab = undefined;
    used = 0;
  };
  return {
    add(text) {
      const room = text.length * 3;
      if (slab && used + room > slab.length) flush();
      slab ??= room <= SLAB_BYTES ? (free.pop() ?? Buffer.allocUnsafeSlow(SLAB_BYTES)) : Buffer.allocUnsafeSlow(room);
      used += slab.write(text, used);
      if (used >= WRITE_BYTES) flush();
    },
    flush,
  };
}
