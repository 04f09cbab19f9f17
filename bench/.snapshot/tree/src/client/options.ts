/** One HTTP attempt, reported to `onAttempt` (the CLI prints it with --verbose). */
export interface AttemptInfo {
  method: string;
  url: string;
  /** The HTTP status, absent when the attempt failed before an answer arrived. */
  status?: number;
  /** Milliseconds from sending the request to the end of the body (or the failure). */
  ms: number;
  /** 1 for the first attempt of a request, 2 for its first retry, … */
  attempt: number;
  /** What went wrong, when the attempt failed without a status or while reading the body. */
  error?: string;
}

/** A `Deprecation` header seen on an endpoint, reported once per endpoint path. */
export interface DeprecationInfo {
  /** The endpoint path, without the base URL's prefix and without the query string. */
  endpoint: string;
  /** The raw `Deprecation` header value (`true`, a date, or `@<epoch>`). */
  value: string;
  /** The `Link` header, when the service sent one (usually points at the successor or the notice). */
  link?: string;
  /** The `Sunset` header: when the endpoint is expected to go away. */
  sunset?: string;
}

/** Options of `new RouteClient(...)`; only `baseUrl` is required. */
export interface ClientOptions {
  /** Base address including the version prefix (`http://127.0.0.1:8080/v1`), or none for the legacy alias. */
  baseUrl: string;
  /** Per-request limit, in ms, for the connection, the response headers and each gap between body chunks. Default 30 000. */
  timeoutMs?: number;
  /** The first backoff delay after a 5xx or a network failure; doubles on each retry. Default 1 000. */
  retryBaseDelayMs?: number;
  /** Attempts in all, first one included. Default 3. */
  maxAttempts?: number;
  /** Request budget shared by every request of this client, retries included. Default 60. */
  ratePerMinute?: number;
  /** The rolling window of the budget, in ms. Default 60 000; tests shorten it. */
  rateIntervalMs?: number;
  /** A 429 asking for a longer wait than this fails at once with a RateLimitError. Default 120. */
  maxRetryAfterSeconds?: number;
  /** Aborts every request and every wait of this client (Ctrl-C). */
  signal?: AbortSignal;
  /** Called once per HTTP attempt. */
  onAttempt?: (info: AttemptInfo) => void;
  /** Called once per endpoint path that answers with a `Deprecation` header. */
  onDeprecation?: (info: DeprecationInfo) => void;
  /** Called when a request has to wait for the rate budget, with the expected wait in ms. */
  onRateWait?: (ms: number) => void;
  /** Replaces the default `motoroute/<version> (+node <version>)`. */
  userAgent?: string;
}

/** Query-string values; undefined, null and empty strings are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined | null>;

/** Options of one request made through the request path. */
export interface RequestOptions {
  query?: QueryParams;
  /** Sent as JSON when it is not a Buffer or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Forces retries on (true) or off (false); by default GETs and POSTs carrying an Idempotency-Key are retried. */
  retry?: boolean;
  /** Aborts this request only (the client's own signal always applies too). */
  signal?: AbortSignal;
}

/** An answer read in full, whatever its status. */
export interface RawResponse {
  status: number;
  statusText: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
