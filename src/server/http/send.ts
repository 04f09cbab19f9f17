import type { ServerResponse } from 'node:http';
import { compressWhole, corrupter } from './encoding.js';
import type { Reply } from './reply.js';
import { streamCompressed } from './send-compressed.js';
import { waitForDrain } from './wait-for-drain.js';
import { PLAIN_WIRE, type Wire } from './wire.js';

/** How a fault spoils an otherwise correct answer. */
export type Spoil = 'none' | 'cut' | 'html' | 'truncated';

const CHUNK_BYTES = 64 * 1024;
/** A spoiled stream stops once this much of it was produced (or halfway through a shorter one). */
const CUT_AFTER_BYTES = 8 * 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const HTML_PAGE =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1><p>The upstream server returned an invalid response.</p><hr><address>nginx</address></body></html>\n';

/** Writes a reply with the common headers on the request's wire, applying a fault's spoiling if asked. */
export async function sendReply(
  res: ServerResponse,
  reply: Reply,
  headers: Record<string, string>,
  spoil: Spoil,
  wire: Wire = PLAIN_WIRE,
): Promise<void> {
  const allHeaders = { ...headers, ...wire.headers, ...reply.headers };
  if (spoil === 'html') {
    sendWhole(
      res,
      200,
      { ...allHeaders, 'content-type': 'text/html; charset=utf-8' },
      Buffer.from(HTML_PAGE),
      wire,
      false,
    );
    return;
  }
  const withType = { ...allHeaders, 'content-type': wire.jsonType };
  if (reply.kind === 'json') {
    const serialized = reply.serialized ?? Buffer.from(JSON.stringify(reply.body));
    const body = wire.bom ? Buffer.concat([BOM, serialized]) : serialized;
    if (spoil === 'truncated')
      sendWhole(res, 200, withType, body.subarray(0, Math.max(1, Math.floor(body.length / 2))), wire, false);
    else sendWhole(res, reply.status, withType, body, wire, spoil === 'cut');
    return;
  }
  res.writeHead(reply.status, wire.encoding ? { ...withType, 'content-encoding': wire.encoding } : withType);
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  if (wire.encoding) {
    const text = spoil === 'none' ? batches(reply.chunks(), wire.bom) : [spoiledPrefix(reply.chunks(), wire.bom)];
    await streamCompressed(res, text, { encoding: wire.encoding, corrupt: wire.corrupt, cut: spoil === 'cut' });
  } else if (spoil === 'none') {
    await streamBatches(res, batches(reply.chunks(), wire.bom));
  } else {
    finishSpoiled(res, spoiledPrefix(reply.chunks(), wire.bom), spoil);
  }
}

/** Sends a whole body, compressed (and garbled) as the wire says; `cut` drops the connection halfway through. */
function sendWhole(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  wire: Wire,
  cut: boolean,
): void {
  let bytes = body;
  let allHeaders = headers;
  if (wire.encoding) {
    bytes = compressWhole(body, wire.encoding);
    if (wire.corrupt) bytes = corrupter(wire.encoding)(bytes);
    allHeaders = { ...headers, 'content-encoding': wire.encoding };
  }
  res.writeHead(status, { ...allHeaders, 'content-length': String(bytes.length) });
  if (cut) res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
  else res.end(bytes);
}

/** The body's text in ~64 KB batches (pieces are joined, never split), after a BOM if asked. */
function* batches(pieces: Iterable<string>, bom: boolean): Generator<string> {
  let pending = bom ? '\uFEFF' : '';
  for (const piece of pieces) {
    pending += piece;
    if (pending.length < CHUNK_BYTES) continue;
    yield pending;
    pending = '';
  }
  if (pending !== '') yield pending;
}

/** What a spoiled stream sends: its first ~8 KB, or half of a shorter body. */
function spoiledPrefix(pieces: Iterable<string>, bom: boolean): string {
  let pending = bom ? '\uFEFF' : '';
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= CUT_AFTER_BYTES) return pending;
  }
  return pending.slice(0, Math.floor(pending.length / 2));
}

/** Writes batches, waiting for 'drain' whenever the socket buffer is full. */
async function streamBatches(res: ServerResponse, texts: Iterable<string>): Promise<void> {
  let closed = false;
  res.once('close', () => {
    closed = true;
  });
  for (const text of texts) {
    if (closed) return;
    if (!res.write(text) && !closed) await waitForDrain(res);
  }
  if (!closed) res.end();
}

function finishSpoiled(res: ServerResponse, text: string, spoil: Spoil): void {
  if (spoil === 'truncated') res.end(text);
  else res.write(text, () => res.socket?.destroy());
}
