/** Reads a body stream into one Buffer; past `maxBytes` it stops reading, destroys the stream and keeps what it has. */
export async function readBody(body: AsyncIterable<Uint8Array> & { destroy?: (error?: Error) => unknown }, maxBytes = Infinity): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    chunks.push(buffer);
    size += buffer.length;
    if (size >= maxBytes) {
      body.destroy?.();
      break;
    }
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
}
