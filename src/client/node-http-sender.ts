import type { Agent, IncomingMessage } from 'node:http';
import { ACCEPT_ENCODING } from './content-coding.js';
import { decodeBody } from './content-encoding.js';
import type { Sender, SendRequest, SentResponse } from './sender.js';

/** How long an unused kept-alive connection stays open. */
const IDLE_CONNECTION_MS = 4_000;

/**
 * The CLI's HTTP stack (Node only): node:http and node:https with an Agent of its own that keeps connections alive,
 * the body decoded by node:zlib (gzip, deflate, br; asked for by Accept-Encoding). Node's own parser reads past
 * interim 1xx answers. Nothing here is loaded by a run that sends nothing: node:https (and TLS with it) only for
 * an https:// address. The library never loads it: the CLI hands it to its client (sender-option.ts).
 */
export function nodeHttpSender(): Sender {
  const agents = new Map<string, Agent>();
  return {
    async send(request: SendRequest): Promise<SentResponse> {
      const url = new URL(request.url);
      const secure = url.protocol === 'https:';
      // process.getBuiltinModule: node:https, and TLS with it, is loaded only for an https:// address.
      const stack = process.getBuiltinModule(secure ? 'node:https' : 'node:http');
      let agent = agents.get(url.protocol);
      if (agent === undefined) {
        // As Node's global agent, with an idle connection let go before a server's usual 5 s limit closes it under a request.
        agent = new stack.Agent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_CONNECTION_MS });
        agents.set(url.protocol, agent);
      }
      request.signal.throwIfAborted();
      const outgoing = stack.request(url, {
        method: request.method,
        headers: { 'accept-encoding': ACCEPT_ENCODING, ...request.headers },
        agent,
        signal: request.signal,
        // Explicit, so that NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn verification off.
        ...(secure && { rejectUnauthorized: true }),
      });
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        outgoing.once('response', resolve);
        // Errors after the head reach the response too (its reader hears them); this listener keeps them from the process.
        outgoing.on('error', reject);
        outgoing.end(request.body);
      });
      // A connection that fails before anyone reads the body must not end the process: its reader still hears it.
      response.on('error', () => undefined);
      const release = (): void => {
        if (!response.complete) response.destroy();
      };
      return {
        status: response.statusCode ?? 0,
        headers: response.headers,
        release,
        content: (codings, bytes) =>
          releasingEarly(decodeBody(response, codings, bytes, request.signal), release, request.signal),
      };
    },
    async close(): Promise<void> {
      // The run is over: its connections go, kept alive or not (one still opening would otherwise hold the process).
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

/**
 * The content, with the connection let go as soon as its reader stops early (a cap, a parse error). A body that
 * ends at the connection's close (no Content-Length, not chunked) also ends, to Node's parser, when an abort
 * destroys the connection: read after the signal aborted, it is cut, never complete.
 */
async function* releasingEarly(
  content: AsyncIterable<Uint8Array>,
  release: () => void,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  let complete = false;
  try {
    yield* content;
    signal.throwIfAborted();
    complete = true;
  } finally {
    if (!complete) release();
  }
}
