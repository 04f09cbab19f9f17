/** The chunks as one Uint8Array (the chunk itself when there is one): Buffer.concat without node:buffer. */
export function concatBytes(
  chunks: readonly Uint8Array[],
  size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0),
): Uint8Array {
  if (chunks.length === 1 && (chunks[0] as Uint8Array).byteLength === size) return chunks[0] as Uint8Array;
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
