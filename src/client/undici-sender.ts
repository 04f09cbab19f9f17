import type { Agent, Dispatcher } from 'undici';
import { ACCEPT_ENCODING } from './content-coding.js';
import { decodeBody } from './content-encoding.js';
import { skippingInterimResponses } from './interim-responses.js';
import type { Sender, SendRequest, SentResponse } from './sender.js';
import { loadUndiciParts } from './undici-parts.js';

type BodyStream = Dispatcher.ResponseData['body'];

/**
 * The CLI's HTTP stack (Node only): undici's Agent and request API, loaded on first use, with interim 1xx
 * answers dropped on every connection and the body decoded by node:zlib (gzip, deflate, br; asked for by
 * Accept-Encoding). The library never loads it: the CLI hands it to its client (sender-option.ts).
 */
// undici's own timers tick coarsely (by ~0.5 s, early or late): they stay behind the attempt's deadline as a backstop.
const UNDICI_TIMER_SLACK_MS = 1_000;

export function undiciSender(options: { timeoutMs: number }): Sender {
  let agent: Agent | undefined;
  return {
    async send(request: SendRequest): Promise<SentResponse> {
      const { request: send, Agent, buildConnector } = await loadUndiciParts();
      // rejectUnauthorized is explicit so that NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn verification off.
      // Interim 1xx answers are dropped on every connection (interim-responses.ts): undici refuses a 100 it did not ask for.
      // The attempt's deadline covers connecting (untilAborted in http.ts); undici's connect timeout, one for the shared
      // pool, only lets go of a connection that never opens (the client's limit and a second), so that close() is not held.
      agent ??= new Agent({
        connect: skippingInterimResponses(
          buildConnector({ timeout: options.timeoutMs + UNDICI_TIMER_SLACK_MS, rejectUnauthorized: true }),
        ),
        keepAliveTimeout: 10_000,
      });
      const response = await send(agent, new URL(request.url), {
        method: request.method as Dispatcher.HttpMethod,
        headers: { 'accept-encoding': ACCEPT_ENCODING, ...request.headers },
        body: request.body ?? null,
        headersTimeout: request.timeoutMs + UNDICI_TIMER_SLACK_MS,
        bodyTimeout: request.timeoutMs + UNDICI_TIMER_SLACK_MS,
        signal: request.signal,
      });
      const release = () => destroy(response.body);
      return {
        status: response.statusCode,
        headers: response.headers,
        release,
        content: (codings, bytes) => releasingEarly(decodeBody(response.body, codings, bytes, request.signal), release),
      };
    },
    async close(): Promise<void> {
      const open = agent;
      agent = undefined;
      await open?.close();
    },
  };
}

/**
 * The content, with the connection let go as soon as its reader stops early (a cap, a parse error), before
 * the decoders unwind: undici asserts, and the process dies, when a connection ends while its paused parser
 * still holds the rest of a body nobody reads.
 */
async function* releasingEarly(content: AsyncIterable<Uint8Array>, release: () => void): AsyncGenerator<Uint8Array> {
  let complete = false;
  try {
    yield* content;
    complete = true;
  } finally {
    if (!complete) release();
  }
}

/** Releases a body no longer read; undici reports an unfinished one as aborted, which nobody is left to hear. */
function destroy(body: BodyStream): void {
  if (body.destroyed) return;
  body.on('error', () => undefined);
  body.destroy();
}
