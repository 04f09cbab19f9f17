import { concatBytes } from './concat-bytes.js';

/** Reads a body into one Uint8Array; past `maxBytes` it stops reading (which lets the connection go) and keeps what it has. */
export async function readBody(body: AsyncIterable<Uint8Array>, maxBytes = Infinity): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= maxBytes) break;
  }
  return concatBytes(chunks, size);
}
