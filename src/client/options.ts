/** One HTTP attempt, reported to `onAttempt` (to log each request and its timing). */
export interface AttemptInfo {
  /** The HTTP method, upper case. */
  method: string;
  /** The full URL of this attempt (after a redirect, where it went). */
  url: string;
  /** The HTTP status, absent when the attempt failed before an answer arrived. */
  status?: number;
  /** Milliseconds from sending the request to the end of the body (or the failure). */
  ms: number;
  /** 1 for the first attempt of a request, 2 for its first retry, … */
  attempt: number;
  /** What went wrong, when the attempt failed without a status or while reading the body. */
  error?: string;
  /**
   * Body bytes as they crossed the network. Through fetch (the library's default), which decodes answers itself,
   * they are not known: `bytes` is then the decoded size, like `decodedBytes`.
   */
  bytes: number;
  /** Body bytes after decoding (equal to `bytes` unless the answer was compressed). */
  decodedBytes: number;
  /** The answer's Content-Encoding, when it had one. */
  encoding?: string;
  /** Where a redirect sent the request next. */
  location?: string;
}

/** A wait before retrying a request. */
export interface RetryWait {
  /** The HTTP method of the request to be retried. */
  method: string;
  /** Its full URL. */
  url: string;
  /** How long the wait lasts, in ms: the answer's Retry-After, or the jittered backoff (see {@link ClientOptions}). */
  ms: number;
  /** The attempt that follows the wait (2 for the first retry). */
  nextAttempt: number;
  /** The attempts allowed in all (the client's `maxAttempts`). */
  maxAttempts: number;
  /** What went wrong: a status (`503 Service Unavailable`) or a failure. */
  reason: string;
}

/** A permanent redirect that moved the whole base URL; later requests of the run go to `to` directly. */
export interface MovedInfo {
  /** The base URL before the move. */
  from: string;
  /** The base URL the service moved to. */
  to: string;
  /** The redirect's status: 301 or 308. */
  status: number;
}

/** Records of an answer that could not be read and were left out, reported once per answer. */
export interface SkippedRecords {
  /** `GET /route/ai/search`, `POST /route/ai/batch`, … */
  endpoint: string;
  /** Records left out. */
  skipped: number;
  /** Records in the answer, the skipped ones included. */
  of: number;
  /** The first problem, with its path in the answer: `routes[3].date: expected a date YYYY-MM-DD`. */
  firstReason: string;
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

/**
 * Options of `new RouteClient(...)`; only `baseUrl` is required.
 *
 * **Retries**, in one place. A request is tried up to `maxAttempts` times (default 3) when an attempt ends in:
 * - a network failure (a dropped connection, a timeout, a temporary DNS failure) — not when nothing listens at
 *   the address, nor on a certificate failure: waiting does not help there;
 * - 408 Request Timeout or 429 Too Many Requests;
 * - a 5xx answer, for requests that are safe to repeat: GETs, and POSTs that carry an `Idempotency-Key`
 *   (`batch()` always does). `createJob()` and `ask()` are retried only when they surely never arrived.
 *
 * Before each retry the client waits. When the answer carries `Retry-After` (seconds or an HTTP date), on any
 * retried status (429, 503, 408…), it waits exactly that long; a 429 asking for more than
 * `maxRetryAfterSeconds` (default 120) fails at once with a RateLimitError, another status is then not
 * retried. Otherwise it waits a random time between 0 and a window of `retryBaseDelayMs` (default 1 s) that
 * doubles on each retry up to `retryMaxDelayMs` (default 30 s): exponential backoff with full jitter, so
 * clients that failed together do not retry together. No wait starts past `runEndsAt`, and the `signal`s
 * cut any wait at once. Each wait is told to `onRetryWait` first.
 */
export interface ClientOptions {
  /** Base address including the version prefix (`http://127.0.0.1:8080/v1`), or none for the legacy alias. */
  baseUrl: string;
  /**
   * Per-attempt limit, in ms, from connecting to the last byte of the answer (a trickle cannot extend it);
   * for the streamed listing, the limit up to its head, then on each gap between body chunks and on each record
   * while it is awaited. Default 30 000; above 0, at most 2^31 - 1 (a RangeError otherwise). A call's own
   * `timeoutMs` (RequestCallOptions) overrides it.
   */
  timeoutMs?: number | undefined;
  /** Epoch ms by which everything this client does must end: attempts are cut there, and no retry wait runs past it. */
  runEndsAt?: number | undefined;
  /** An answer read whole that is larger than this, after decoding, is refused with an ApiError. Default 64 MiB. */
  maxBodyBytes?: number | undefined;
  /** Called before each wait for a retry (after a 408, a 429, a 5xx or a failed attempt), with its length and reason. */
  onRetryWait?: ((wait: RetryWait) => void) | undefined;
  /** The first backoff window, in ms (see Retries above): the wait is random within it; it doubles on each retry. Default 1 000. */
  retryBaseDelayMs?: number | undefined;
  /** The largest backoff window, in ms (see Retries above): however many retries, no backoff wait is longer. Default 30 000. */
  retryMaxDelayMs?: number | undefined;
  /** Attempts in all, first one included: a whole number from 1 (a RangeError otherwise). Default 3; a call's own `maxAttempts` overrides it. */
  maxAttempts?: number | undefined;
  /**
   * Request budget shared by every request of this client, retries included: at most this many starts in any
   * rolling minute (the service asks for at most 60). Default: no budget (`Infinity`), so a
   * library call never waits on a hidden queue. A whole number from 1, or `Infinity`.
   */
  ratePerMinute?: number | undefined;
  /** The rolling window of the budget, in ms. Default 60 000; tests shorten it. */
  rateIntervalMs?: number | undefined;
  /**
   * The budget every request start waits on, in place of one built from `ratePerMinute`: a `RateBudget` shared with
   * other clients, or the caller's own gate (the MCP server's fair share per session).
   */
  rateBudget?: RateGate | undefined;
  /** A Retry-After longer than this, in seconds, is not waited for: a 429 fails at once with a RateLimitError, another status is not retried. Default 120. */
  maxRetryAfterSeconds?: number | undefined;
  /** Aborts every request and every wait of this client (Ctrl-C). */
  signal?: AbortSignal | undefined;
  /** Called once per HTTP attempt. */
  onAttempt?: ((info: AttemptInfo) => void) | undefined;
  /** Called once per endpoint path that answers with a `Deprecation` header. */
  onDeprecation?: ((info: DeprecationInfo) => void) | undefined;
  /** Called once per permanent redirect that moves the base URL. */
  onMoved?: ((info: MovedInfo) => void) | undefined;
  /** Called for each answer in which some records could not be read and were left out (never with `strict`). */
  onSkippedRecords?: ((info: SkippedRecords) => void) | undefined;
  /** A record that cannot be read fails the request with an ApiError instead of being left out. Default false. */
  strict?: boolean | undefined;
  /** Pages of one search fetched at once once the page count is known (page mode only). Default 4, at most 8. */
  pageConcurrency?: number | undefined;
  /** The booking form address given when an answer has no `book_url`. Default https://symone.fr/moto. */
  bookingUrl?: string | undefined;
  /** Called when a request has to wait for the rate budget, with the expected wait in ms. */
  onRateWait?: ((ms: number) => void) | undefined;
  /** Replaces the default `motoroute/<version>` (with `(+node <version>)` where Node runs it; a browser may not send it). */
  userAgent?: string | undefined;
  /**
   * The WHATWG `fetch` that carries every request. Default: `globalThis.fetch`, looked up at each request, so a
   * runtime's own (Node >= 20, Bun, Deno, Cloudflare Workers, Vercel Edge, browsers) or one patched by a test tool
   * (msw) is used. Give your own for a proxy, a mock or an instrumented fetch; it is called as a plain function.
   *
   * motoroute still decides redirects (`redirect: 'manual'`: same service only, no loops, at most 5 hops). A browser
   * hides a redirect from such a fetch (an opaque redirect): motoroute refuses it with an ApiError naming the
   * URL, so point `baseUrl` at the final address there. fetch decodes gzip, deflate and br itself, so
   * `AttemptInfo.bytes` is the decoded size on this path (the bytes on the wire are not known).
   *
   * ```ts
   * import { RouteClient } from 'motoroute';
   * import { fetch as undiciFetch, ProxyAgent } from 'undici';
   * const dispatcher = new ProxyAgent('http://proxy.example:3128');
   * const client = new RouteClient({
   *   baseUrl: 'https://symone.fr/api-proxy/v1',
   *   fetch: (input, init) => undiciFetch(input, { ...init, dispatcher }),
   * });
   * ```
   */
  fetch?: FetchFunction | undefined;
}

/**
 * The `fetch` the client calls, always with the request's URL as a string and an init object (`method`, `headers`,
 * `body`, `redirect: 'manual'`, `signal`); `globalThis.fetch`, undici's and a mock's all fit.
 */
export type FetchFunction = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** What the client reads of a fetch's answer: a WHATWG `Response` (the runtime's, undici's, a mock's) has it all. */
export interface FetchResponse {
  /** The HTTP status. */
  readonly status: number;
  /** `'opaqueredirect'` for a redirect a browser hides. */
  readonly type?: string;
  /** The answer's headers. */
  readonly headers: {
    /** Calls `callback` once for each header, with its value and its name. */
    forEach(callback: (value: string, name: string) => void): void;
  };
  /** The body, read chunk by chunk. */
  readonly body: {
    /** A reader of the body's chunks. */
    getReader(): {
      /** The next chunk, or `done` at the end of the body. */
      read(): Promise<{
        /** True once the body has no more chunks. */
        done: boolean;
        /** The chunk's bytes, while not `done`. */
        value?: Uint8Array | undefined;
      }>;
      /** Stops reading: the rest of the body is not wanted. */
      cancel(reason?: unknown): Promise<void>;
    };
    /** Discards the body unread. */
    cancel(reason?: unknown): Promise<void>;
  } | null;
}

/** What the client gives `fetch` with each request (a subset of `RequestInit`). */
export interface FetchInit {
  /** The HTTP method, upper case. */
  method: string;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
  /** The body, for the requests that have one: JSON text, or the bytes a raw request was given. */
  body?: string | ArrayBuffer;
  /** Always `'manual'`: the client decides redirects itself. */
  redirect: 'manual';
  /** Aborts the request (the call's signal, its timeout, the client's signal). */
  signal: AbortSignal;
}

/** Query-string values; undefined, null and empty strings are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined | null>;

/**
 * Per-call control, the last argument of every method of RouteClient: the call's values override the client's
 * for that call only. A bad value is a RangeError naming the option, thrown before any request.
 *
 * ```ts
 * const controller = new AbortController();
 * const near = await client.citiesNear('Grenoble', { signal: controller.signal, timeoutMs: 2_000, maxAttempts: 1 });
 * ```
 */
export interface RequestCallOptions {
  /**
   * Cancels this call only, at once, whatever it is doing (sending, reading, waiting for a retry or the rate
   * budget): it rejects with an InterruptedError. The client's own `signal` always applies too.
   *
   * ```ts
   * await client.search({ depart: 'Paris' }, { signal: AbortSignal.timeout(5_000) });
   * ```
   */
  signal?: AbortSignal | undefined;
  /**
   * This call's limit per attempt, in ms, from connecting to the last byte of the answer (the client's
   * `timeoutMs` otherwise): above 0, at most 2^31 - 1. With retries, each attempt has this much, plus the
   * backoff between them. Opening a connection never takes longer than the client's `timeoutMs` and a second,
   * even for a call allowed more.
   *
   * ```ts
   * await client.getJob(id, { timeoutMs: 300, maxAttempts: 1 }); // rejects with a TimeoutError after ~300 ms
   * ```
   */
  timeoutMs?: number | undefined;
  /**
   * This call's attempts in all, the first one included (the client's `maxAttempts` otherwise): a whole number from 1.
   *
   * ```ts
   * await client.citiesNear('Lyon', { maxAttempts: 1 }); // no retry
   * ```
   */
  maxAttempts?: number | undefined;
  /**
   * Headers added to this call's requests (and its retries). `Cookie`, `Authorization` and
   * `Proxy-Authorization` are never sent.
   *
   * ```ts
   * await client.search({ depart: 'Paris' }, { headers: { 'x-request-id': 'run-42' } });
   * ```
   */
  headers?: Record<string, string> | undefined;
}

/** Options of one request made through the request path. */
export interface RequestOptions extends RequestCallOptions {
  /** Added to the URL's query string; undefined, null and empty values are left out. */
  query?: QueryParams | undefined;
  /** Sent as JSON when it is not a Uint8Array (a Buffer is one) or a string. */
  body?: unknown;
  /** Forces retries on (true) or off (false); by default GETs and POSTs carrying an Idempotency-Key are retried. */
  retry?: boolean | undefined;
}

/** An answer read in full, whatever its status. */
export interface RawResponse {
  /** The HTTP status of the final answer (after the redirects followed). */
  status: number;
  /** Its reason phrase (`Not Found`), or the standard one when the service sent none. */
  statusText: string;
  /** The URL that answered. */
  url: string;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes, decoded from its Content-Encoding (gzip, br, deflate). */
  body: Uint8Array;
  /** Set on a redirect that was not followed (another host, a loop, too many hops, no Location): why, in a sentence. */
  unfollowedRedirect?: string;
}

/** What a client waits on before each request start: its own RateBudget, or one shared with other clients. */
export interface RateGate {
  /**
   * Resolves when one more request may start; calls `onWait(ms)` first when that means waiting; rejects on abort.
   * @example
   * ```ts
   * const gate: RateGate = { take: async () => {} }; // no limit at all
   * await gate.take(AbortSignal.timeout(5_000), (ms) => console.log(`waiting ${ms} ms`));
   * ```
   */
  take(signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void>;
}
