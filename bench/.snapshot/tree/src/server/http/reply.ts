/** A complete JSON answer, serialised once so it can carry Content-Length. */
export interface JsonReply {
  kind: 'json';
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The body already serialised (e.g. from a cache), used instead of JSON.stringify(body). */
  serialized?: Buffer;
}

/** A streamed JSON answer: `chunks` yields whole pieces of the body, written with backpressure. */
export interface StreamReply {
  kind: 'stream';
  status: number;
  chunks: () => Iterable<string>;
  headers?: Record<string, string>;
}

/** What a handler returns. */
export type Reply = JsonReply | StreamReply;

/** A JSON reply. */
export function jsonReply(status: number, body: unknown, headers?: Record<string, string>): JsonReply {
  return headers ? { kind: 'json', status, body, headers } : { kind: 'json', status, body };
}

/** The reference's error shape, `{error}`, with a status. */
export function errorReply(status: number, message: string, headers?: Record<string, string>): JsonReply {
  return jsonReply(status, { error: message }, headers);
}

/** Thrown by handlers to answer with `{error}` and a status (400s, 404s, 422s…). */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
