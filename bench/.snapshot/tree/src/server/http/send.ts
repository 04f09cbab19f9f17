import type { ServerResponse } from 'node:http';
import type { Reply } from './reply.js';

/** How a fault spoils an otherwise correct answer. */
export type Spoil = 'none' | 'cut' | 'html' | 'truncated';

const CHUNK_BYTES = 64 * 1024;
/** A cut stream is destroyed once this much of it was written (or halfway through a shorter one). */
const CUT_AFTER_BYTES = 8 * 1024;

const HTML_PAGE =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1><p>The upstream server returned an invalid response.</p><hr><address>nginx</address></body></html>\n';

/** Writes a reply with the common headers, applying a fault's spoiling if asked. */
export async function sendReply(res: ServerResponse, reply: Reply, headers: Record<string, string>, spoil: Spoil): Promise<void> {
  const allHeaders = { ...headers, ...reply.headers };
  if (spoil === 'html') {
    writeWhole(res, 200, { ...allHeaders, 'content-type': 'text/html; charset=utf-8' }, Buffer.from(HTML_PAGE));
    return;
  }
  if (reply.kind === 'json') {
    const body = reply.serialized ?? Buffer.from(JSON.stringify(reply.body));
    const contentType = { 'content-type': 'application/json; charset=utf-8' };
    if (spoil === 'truncated') writeWhole(res, 200, { ...allHeaders, ...contentType }, body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
    else if (spoil === 'cut') writeThenDestroy(res, reply.status, { ...allHeaders, ...contentType, 'content-length': String(body.length) }, body.subarray(0, Math.floor(body.length / 2)));
    else writeWhole(res, reply.status, { ...allHeaders, ...contentType }, body);
    return;
  }
  res.writeHead(reply.status, { ...allHeaders, 'content-type': 'application/json; charset=utf-8' });
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  await streamChunks(res, reply.chunks(), spoil);
}

function writeWhole(res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer): void {
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(body);
}

/** Sends headers and part of the body, then drops the connection (a transfer cut mid-body). */
function writeThenDestroy(res: ServerResponse, status: number, headers: Record<string, string>, part: Buffer): void {
  res.writeHead(status, headers);
  res.write(part, () => res.socket?.destroy());
}

/** Writes pieces in ~64 KB chunks, waiting for 'drain' whenever the socket buffer is full. */
async function streamChunks(res: ServerResponse, pieces: Iterable<string>, spoil: Spoil): Promise<void> {
  let closed = false;
  res.once('close', () => {
    closed = true;
  });
  const limit = spoil === 'cut' || spoil === 'truncated' ? CUT_AFTER_BYTES : CHUNK_BYTES;
  let pending = '';
  for (const piece of pieces) {
    if (closed) return;
    pending += piece;
    if (pending.length < limit) continue;
    if (spoil !== 'none') return finishSpoiled(res, pending, spoil);
    const ok = res.write(pending);
    pending = '';
    if (!ok && !closed) await waitForDrain(res);
  }
  if (closed) return;
  if (spoil !== 'none') return finishSpoiled(res, pending.slice(0, Math.floor(pending.length / 2)), spoil);
  res.end(pending);
}

function finishSpoiled(res: ServerResponse, text: string, spoil: Spoil): void {
  if (spoil === 'truncated') res.end(text);
  else res.write(text, () => res.socket?.destroy());
}

function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
