import type { Socket } from 'node:net';
import type { buildConnector } from 'undici';

// RFC 9110 §15.2: a client must read and may ignore 1xx answers it did not ask for. undici passes 102 and
// 103 on but refuses a `100 Continue` it did not expect as a "bad response", so a proxy that sends one before
// the 200 would fail every request. The connections motoroute opens drop such interim answers before
// undici's parser sees them.

/** `HTTP/1.x 1xx` other than 101 (Switching Protocols, which changes the protocol and is not interim). */
const INTERIM_START = /^HTTP\/1\.[01] 1(?!01)\d\d[ \r]/;
/** The longest interim head kept while waiting for its end; longer, it is left for undici to refuse. */
const MAX_INTERIM_HEAD = 16 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');
const EMPTY: Buffer = Buffer.alloc(0);

/**
 * Makes `socket` skip interim (1xx) answers at the start of each answer. An answer starts after a request is
 * written: from then on, the bytes read are looked at until they show a final status line. undici reads the
 * socket with `read()` on 'readable', so that is where the bytes are filtered.
 */
export function skipInterimResponses(socket: Socket): void {
  let atAnswerStart = false;
  let pending: Buffer = EMPTY;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  const read = socket.read.bind(socket);
  socket.write = ((...args: unknown[]) => {
    atAnswerStart = true;
    return write(...args);
  }) as Socket['write'];
  socket.read = ((size?: number) => {
    const chunk: unknown = read(size);
    if (!atAnswerStart) return chunk;
    if (!Buffer.isBuffer(chunk)) {
      // Nothing more to read now: an interim head still incomplete waits for its end.
      return chunk;
    }
    let bytes: Buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    pending = EMPTY;
    for (;;) {
      const start = bytes.subarray(0, 16).toString('latin1');
      if (bytes.length < 13 && INTERIM_START.test(start + 'HTTP/1.1 100 '.slice(start.length))) {
        // It may still become an interim status line: wait for more.
        pending = bytes;
        return EMPTY;
      }
      if (!INTERIM_START.test(start)) {
        atAnswerStart = false;
        return bytes;
      }
      const end = bytes.indexOf(HEAD_END);
      if (end < 0) {
        if (bytes.length > MAX_INTERIM_HEAD) {
          atAnswerStart = false;
          return bytes;
        }
        pending = bytes;
        return EMPTY;
      }
      bytes = bytes.subarray(end + HEAD_END.length);
      if (bytes.length === 0) return EMPTY;
    }
  }) as Socket['read'];
}

/** undici's connector, with interim answers skipped on every connection it opens. */
export function skippingInterimResponses(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) =>
    connect(options, (error, socket) => {
      if (socket) skipInterimResponses(socket as Socket);
      // undici's callback takes (error, null) or (null, socket); pass on what came.
      (callback as (error: Error | null, socket: unknown) => void)(error, socket);
    });
}
