import type { BodyBytes, Coding } from './content-coding.js';

// The seam between the request path (http.ts: redirects, retries, deadlines, caps, typed errors) and the
// HTTP stack that carries one attempt: fetch for the library (fetch-sender.ts), node:http for the CLI
// (node-http-sender.ts). A sender sends, and nothing else: it never follows a redirect, never retries.

/** One attempt, as the request path sends it. */
export interface SendRequest {
  method: string;
  url: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  /** Aborts the attempt, body included: the attempt's clock, the call's and the client's signals. */
  signal: AbortSignal;
  /** The attempt's limit, in ms: the request path's deadline decides; a stack's own timers may only back it up. */
  timeoutMs: number;
}

/** The head of an answer whose body is still to be read. */
export interface SentResponse {
  status: number;
  /** Lower-cased names; a header sent more than once is joined with `, ` (Set-Cookie a list, in node:http). */
  headers: Record<string, string | string[] | undefined>;
  /**
   * The body's content, its Content-Encoding (`codings`, as the request path read the header) undone, its
   * sizes counted into `bytes` as it is read. A stack that decodes by itself (fetch) cannot see the wire:
   * it counts what it hands over as both. Stopping early (break, a throw) lets the connection go.
   */
  content(codings: readonly Coding[], bytes: BodyBytes): AsyncIterable<Uint8Array>;
  /** Lets the connection go without reading the rest (idempotent). */
  release(): void;
}

/** An HTTP stack that carries attempts. */
export interface Sender {
  send(request: SendRequest): Promise<SentResponse>;
  /** Closes kept-alive connections, when the stack keeps its own. */
  close?(): Promise<void>;
}
