import { getMaxListeners, setMaxListeners } from 'node:events';
import type { Agent, Dispatcher } from 'undici';
import { loadUndiciParts } from './undici-parts.js';
import { ApiError, InterruptedError, MotorouteError, NetworkError, TimeoutError, withRemedy } from '../errors.js';
import { VERSION } from '../version.js';
import { abortableSleep } from './abortable-sleep.js';
import { checkDeclaredLength, DEFAULT_MAX_BODY_BYTES, readCappedBody } from './body-limit.js';
import { checkWaitFits, RunDeadlineError, startAttemptDeadline, type AttemptDeadline } from './deadline.js';
import { jsonHazard, looksLikeJson } from './json-limits.js';
import { ACCEPT_ENCODING, decodeBody, parseContentEncoding, type BodyBytes, type Coding } from './content-encoding.js';
import { errorForStatus, failureError, retryAfterTooLongError, statusText } from './http-errors.js';
import { skippingInterimResponses } from './interim-responses.js';
import { readCallOptions, readMaxAttempts, readTimeoutMs } from './call-options.js';
import type { AttemptInfo, ClientOptions, RawResponse, RequestCallOptions, RequestOptions } from './options.js';
import { RateBudget } from './rate-budget.js';
import { toHeaders } from './response-info.js';
import { readBody } from './read-body.js';
import { followsRedirect, isPermanentRedirect, isSameService, MAX_REDIRECTS, movedBase, redirectTarget, refusedRedirectError } from './redirects.js';
import { backoffDelay, classifyFailure, describeFailure, parseRetryAfter, type FailureKind } from './retry-policy.js';
import { untilAborted } from './until-aborted.js';
import { buildUrl, endpointPath, parseBaseUrl } from './url.js';

type Headers = RawResponse['headers'];
type BodyStream = Dispatcher.ResponseData['body'];

/** How freely a request may be repeated: GETs and keyed POSTs always; other POSTs only when it surely never arrived. */
type RetryPolicy = 'always' | 'unsent-only' | 'never';

interface Exchange {
  method: string;
  /** Where the request goes now: the endpoint's URL, or where a redirect sent it. */
  url: string;
  /** The endpoint path under the base (`/route/ai/search`), for redirect bases and deprecation notices. */
  endpoint: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  policy: RetryPolicy;
  signal: AbortSignal | undefined;
  /** Each attempt's limit, in ms: the call's, else the client's. */
  timeoutMs: number;
  /** Attempts in all: the call's, else the client's. */
  maxAttempts: number;
  /** Raw requests get error statuses back as answers instead of typed errors. */
  raw: boolean;
  /** Every URL this request was sent to, in order (redirects add to it). */
  visited: string[];
}

/** A 2xx answer whose body is still to be read, or an error status already read (raw requests only). */
type Opened =
  | {
      kind: 'stream';
      status: number;
      headers: Headers;
      /** The decoded content of the body. */
      content: AsyncIterable<Buffer>;
      /** The connection's body stream, destroyed when reading stops early. */
      body: BodyStream;
      attempt: number;
      report: (error?: unknown) => void;
      /** The attempt's clock, still running: the body is read within it (send) or under the gap timeout (stream). */
      deadline: AttemptDeadline;
    }
  | { kind: 'buffered'; response: RawResponse };

const ERROR_BODY_LIMIT = 1_048_576;
// undici's own timers tick coarsely (by ~0.5 s, early or late): they stay behind the attempt's deadline as a backstop.
const UNDICI_TIMER_SLACK_MS = 1_000;
const STRIPPED_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);

/** The one request path: base URL, headers, rate budget, redirects, decoding, retries, timeouts, deprecation notices and typed errors. */
export class HttpTransport {
  #base: URL;
  readonly #options: ClientOptions;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;
  readonly #retryBaseDelayMs: number;
  readonly #maxRetryAfterSeconds: number;
  readonly #maxBodyBytes: number;
  readonly #userAgent: string;
  readonly #budget: RateBudget | undefined;
  readonly #deprecationsSeen = new Set<string>();
  #agent: Agent | undefined;

  constructor(options: ClientOptions) {
    this.#base = parseBaseUrl(options.baseUrl);
    this.#options = options;
    this.#timeoutMs = options.timeoutMs === undefined ? 30_000 : readTimeoutMs(options.timeoutMs);
    this.#maxAttempts = options.maxAttempts === undefined ? 3 : readMaxAttempts(options.maxAttempts);
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? 1_000;
    this.#maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 120;
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#userAgent = options.userAgent ?? `motoroute/${VERSION} (+node ${process.versions.node})`;
    const rate = readRatePerMinute(options.ratePerMinute);
    this.#budget = rate === Infinity ? undefined : new RateBudget(rate, options.rateIntervalMs ?? 60_000);
    // Every in-flight or queued request listens on the client's signal; a --all run can hold many at once.
    if (options.signal) setMaxListeners(Math.max(getMaxListeners(options.signal), 1000), options.signal);
  }

  /** The base URL in use: the configured one, or where a permanent redirect moved it during this run. */
  get base(): URL {
    return this.#base;
  }

  /** The base URL as text, without a trailing slash. */
  get baseHref(): string {
    return this.#base.href.replace(/\/$/, '');
  }

  /** The full URL of an endpoint path under the base. */
  url(path: string, query?: RequestOptions['query']): string {
    return buildUrl(this.#base, path, query);
  }

  /** Sends a request and reads the whole answer; error statuses throw typed errors unless `raw` is set. */
  async send(method: string, path: string, options: RequestOptions = {}, raw = false): Promise<RawResponse> {
    const exchange = this.#exchange(method, path, options, raw);
    for (let attempt = 1; ; attempt++) {
      const opened = await this.#open(exchange, attempt);
      if (opened.kind === 'buffered') return opened.response;
      attempt = opened.attempt;
      const request = { method, url: exchange.url, status: opened.status };
      try {
        checkDeclaredLength(method, exchange.url, opened.status, header(opened.headers, 'content-length'), this.#maxBodyBytes);
        const body = await readCappedBody(opened.content, this.#maxBodyBytes, request, () => destroy(opened.body));
        opened.deadline.clear();
        const hazard = looksLikeJson(body) ? jsonHazard(body) : undefined;
        if (hazard !== undefined) {
          throw new ApiError(`${method} ${exchange.url} sent an answer motoroute refuses to read: ${hazard}.`, opened.status, exchange.url, undefined, { headers: toHeaders(opened.headers) });
        }
        opened.report();
        return { status: opened.status, statusText: statusText(opened.status), url: exchange.url, headers: opened.headers, body };
      } catch (error) {
        opened.deadline.clear();
        opened.report(error);
        destroy(opened.body);
        // A body cut mid-read (or one that does not decode, or too slow) is redone as a whole, like any other failed attempt.
        await this.#afterFailure(exchange, opened.deadline.expired ?? error, attempt);
      }
    }
  }

  /**
   * Streams a 2xx body through `parse` and yields the batches of items it produces. A failure before any item
   * was yielded redoes the request; after that it cannot be hidden, so a NetworkError says how many arrived.
   */
  async *stream<T>(path: string, parse: (body: AsyncIterable<Buffer>, headers: Headers) => AsyncIterable<T[]>, itemName: string, call: RequestCallOptions = {}): AsyncGenerator<T[]> {
    const exchange = this.#exchange('GET', path, call, false);
    for (let attempt = 1; ; attempt++) {
      const opened = await this.#open(exchange, attempt);
      if (opened.kind === 'buffered') throw new Error('unreachable: streamed requests are never raw');
      attempt = opened.attempt;
      // The listing may rightly take long: past its head, each gap between bytes is timed, and each record must
      // come within the timeout while it is awaited (not while the consumer holds the last ones: `| less` may pause).
      const { deadline } = opened;
      deadline.restart('no complete record');
      let delivered = 0;
      try {
        for await (const batch of parse(opened.content, opened.headers)) {
          deadline.clear();
          delivered += batch.length;
          yield batch;
          deadline.restart('no complete record');
        }
        deadline.clear();
        opened.report();
        return;
      } catch (error) {
        deadline.clear();
        if (deadline.expired) error = deadline.expired;
        opened.report(error);
        if (error instanceof RunDeadlineError) throw this.#runDeadlineError(exchange, error);
        // The parser's own complaints (not a listing, truncated) are not transport failures: no retry.
        if (error instanceof MotorouteError || classifyFailure(error) === 'other') throw error;
        if (delivered > 0 && !this.#aborted(exchange)) {
          throw new NetworkError(
            `The answer of GET ${exchange.url} was cut after ${delivered} ${itemName} (${describeFailure(error)}); run the command again.`,
            exchange.url,
            { cause: error },
          );
        }
        await this.#afterFailure(exchange, error, attempt);
      } finally {
        deadline.clear();
        opened.report();
        destroy(opened.body);
      }
    }
  }

  /** Closes the keep-alive connections and drops requests waiting for the budget. */
  async close(): Promise<void> {
    this.#budget?.clear();
    const agent = this.#agent;
    this.#agent = undefined;
    await agent?.close();
  }

  #exchange(method: string, path: string, options: RequestOptions, raw: boolean): Exchange {
    const call = readCallOptions(options);
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING };
    let body: string | Buffer | undefined;
    if (options.body !== undefined) {
      body = Buffer.isBuffer(options.body) || typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    for (const [name, value] of Object.entries(call.headers ?? {})) {
      if (!STRIPPED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    const idempotent = method === 'GET' || method === 'HEAD' || 'idempotency-key' in headers;
    const policy: RetryPolicy = options.retry === false ? 'never' : options.retry === true || idempotent ? 'always' : 'unsent-only';
    const signals = [this.#options.signal, call.signal].filter((signal): signal is AbortSignal => signal !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const url = this.url(path, options.query);
    const timeoutMs = call.timeoutMs ?? this.#timeoutMs;
    const maxAttempts = call.maxAttempts ?? this.#maxAttempts;
    return { method, url, endpoint: endpointPath(this.#base, url), headers, body, policy, signal, timeoutMs, maxAttempts, raw, visited: [url] };
  }

  /** Runs attempts from `firstAttempt`, following redirects, until one answers 2xx (or a final status, for raw requests). */
  async #open(exchange: Exchange, firstAttempt: number): Promise<Opened> {
    const { method } = exchange;
    for (let attempt = firstAttempt; ; ) {
      if (this.#aborted(exchange)) throw this.#interrupted(exchange);
      await this.#takeBudget(exchange);
      const url = exchange.url;
      const startedAt = Date.now();
      const bytes: BodyBytes = { wire: 0, decoded: 0 };
      let reported = false;
      const report = (status: number | undefined, error?: unknown, extra: { encoding?: string | undefined; location?: string } = {}) => {
        if (reported) return;
        reported = true;
        this.#report({ method, url, attempt, startedAt, status, error, bytes, ...extra });
      };
      let response: Dispatcher.ResponseData;
      let deadline: AttemptDeadline;
      try {
        deadline = startAttemptDeadline(exchange.timeoutMs, this.#options.runEndsAt, exchange.signal);
      } catch (error) {
        throw this.#runDeadlineError(exchange, error);
      }
      try {
        response = await untilAborted(this.#request(exchange, deadline.signal), deadline.signal, (late) => destroy(late.body));
      } catch (error) {
        deadline.clear();
        report(undefined, deadline.expired ?? error);
        await this.#afterFailure(exchange, deadline.expired ?? error, attempt);
        attempt++;
        continue;
      }
      const { statusCode: status, headers } = response;
      this.#noticeDeprecation(exchange.endpoint, headers);
      const encoding = header(headers, 'content-encoding');
      let codings: Coding[];
      try {
        codings = parseContentEncoding(encoding);
      } catch (error) {
        deadline.clear();
        destroy(response.body);
        report(status, error);
        throw new ApiError(`${method} ${url} could not be read: ${(error as Error).message}.`, status, url, undefined, { headers: toHeaders(headers) });
      }
      const content = releasingEarly(decodeBody(response.body, codings, bytes), () => destroy(response.body));
      if (status >= 200 && status < 300) {
        return { kind: 'stream', status, headers, content, body: response.body, attempt, deadline, report: (error) => report(status, error, { encoding }) };
      }
      const body = await readBody(content, ERROR_BODY_LIMIT).catch(() => Buffer.alloc(0));
      deadline.clear();
      destroy(response.body);
      const final = (unfollowedRedirect?: string): Opened => ({
        kind: 'buffered',
        response: { status, statusText: statusText(status), url, headers, body, ...(unfollowedRedirect !== undefined && { unfollowedRedirect }) },
      });
      if (status >= 300 && status < 400 && followsRedirect(method, status)) {
        let target: string;
        try {
          target = this.#redirect(exchange, status, header(headers, 'location'));
        } catch (error) {
          report(status, undefined, { encoding });
          // A raw request shows a redirect it may not follow as the answer, as curl does, with the reason.
          if (exchange.raw && error instanceof ApiError) return final(error.message);
          throw error;
        }
        report(status, undefined, { encoding, location: target });
        continue;
      }
      report(status, undefined, { encoding });
      const contentType = header(headers, 'content-type');
      const canRetry = attempt < exchange.maxAttempts && exchange.policy !== 'never';
      if (status === 429) {
        const seconds = parseRetryAfter(header(headers, 'retry-after'));
        if (seconds !== undefined && seconds > this.#maxRetryAfterSeconds) {
          if (exchange.raw) return final();
          throw retryAfterTooLongError(method, url, seconds, this.#maxRetryAfterSeconds, headers);
        }
        if (canRetry) {
          await this.#wait(exchange, seconds !== undefined ? seconds * 1000 : backoffDelay(this.#retryBaseDelayMs, attempt), attempt, `${status} ${statusText(status)}`.trimEnd());
          attempt++;
          continue;
        }
      } else if (status >= 500 && canRetry && exchange.policy === 'always') {
        await this.#wait(exchange, backoffDelay(this.#retryBaseDelayMs, attempt), attempt, `${status} ${statusText(status)}`.trimEnd());
        attempt++;
        continue;
      }
      // A redirect a POST may not follow says why; other 3xx (300, 304…) are unexpected answers like any other.
      if (status >= 300 && status < 400 && method !== 'GET' && method !== 'HEAD' && followsRedirect('GET', status)) {
        let refused: ApiError;
        try {
          refused = refusedRedirectError('method', method, url, status, redirectTarget(method, url, status, header(headers, 'location')), undefined);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          refused = error;
        }
        if (exchange.raw) return final(refused.message);
        throw refused;
      }
      if (exchange.raw) return final();
      throw errorForStatus(method, url, status, body, contentType, headers);
    }
  }

  /**
   * Checks a redirect and points the exchange at its target: same service only, no loops, at most
   * MAX_REDIRECTS hops. A permanent move of the whole base is remembered for the rest of the run.
   */
  #redirect(exchange: Exchange, status: number, location: string | undefined): string {
    const { method, url } = exchange;
    const from = new URL(url);
    const target = redirectTarget(method, url, status, location);
    const newBase = movedBase(exchange.endpoint, from, target);
    if (!isSameService(from, target)) throw refusedRedirectError('other-host', method, url, status, target, newBase);
    if (exchange.visited.includes(target.href)) throw refusedRedirectError('loop', method, url, status, target, newBase);
    if (exchange.visited.length > MAX_REDIRECTS) throw refusedRedirectError('too-many', method, url, status, target, newBase);
    exchange.visited.push(target.href);
    exchange.url = target.href;
    // A permanent move of the whole base (not of the root alone) holds for the rest of the run, said once.
    if (isPermanentRedirect(status) && newBase !== undefined && exchange.endpoint !== '/') {
      const moved = parseBaseUrl(newBase);
      if (moved.href !== this.#base.href) {
        const oldBase = this.baseHref;
        this.#base = moved;
        this.#options.onMoved?.({ from: oldBase, to: this.baseHref, status });
      }
    }
    return target.href;
  }

  async #request(exchange: Exchange, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    const { request, Agent, buildConnector } = await loadUndiciParts();
    // rejectUnauthorized is explicit so that NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn verification off.
    // Interim 1xx answers are dropped on every connection (interim-responses.ts): undici refuses a 100 it did not ask for.
    // The attempt's deadline covers connecting (untilAborted); undici's connect timeout, one for the shared pool,
    // only lets go of a connection that never opens (the client's limit and a second), so that close() is not held.
    this.#agent ??= new Agent({
      connect: skippingInterimResponses(buildConnector({ timeout: this.#timeoutMs + UNDICI_TIMER_SLACK_MS, rejectUnauthorized: true })),
      keepAliveTimeout: 10_000,
    });
    return request(this.#agent, new URL(exchange.url), {
      method: exchange.method as Dispatcher.HttpMethod,
      headers: exchange.headers,
      body: exchange.body ?? null,
      headersTimeout: exchange.timeoutMs + UNDICI_TIMER_SLACK_MS,
      bodyTimeout: exchange.timeoutMs + UNDICI_TIMER_SLACK_MS,
      signal,
    });
  }

  /** After a failed attempt without a usable answer: waits and returns when it may be retried, throws otherwise. */
  async #afterFailure(exchange: Exchange, error: unknown, attempt: number): Promise<void> {
    if (error instanceof RunDeadlineError) throw this.#runDeadlineError(exchange, error);
    const kind: FailureKind = classifyFailure(error);
    if (kind === 'aborted' || this.#aborted(exchange)) throw this.#interrupted(exchange);
    const retryable =
      kind !== 'other' && kind !== 'tls' && kind !== 'unreachable' && (exchange.policy === 'always' || (exchange.policy === 'unsent-only' && kind === 'connect'));
    if (retryable && attempt < exchange.maxAttempts) {
      await this.#wait(exchange, backoffDelay(this.#retryBaseDelayMs, attempt), attempt, describeFailure(error));
      return;
    }
    // Anything that is not a transport failure (a bug, an undici usage error) surfaces as it is.
    if (kind === 'other' && !hasUndiciCode(error)) throw error;
    throw failureError(exchange.method, exchange.url, kind, describeFailure(error), attempt, exchange.timeoutMs, error);
  }

  async #takeBudget(exchange: Exchange): Promise<void> {
    try {
      if (this.#budget) await this.#budget.take(exchange.signal, this.#options.onRateWait);
    } catch (error) {
      if (this.#aborted(exchange)) throw this.#interrupted(exchange);
      throw error;
    }
  }

  /** Waits before attempt `attempt + 1`, said to onRetryWait; a wait that would pass the run's end is not started. */
  async #wait(exchange: Exchange, ms: number, attempt: number, reason: string): Promise<void> {
    try {
      checkWaitFits(ms, this.#options.runEndsAt);
    } catch (error) {
      throw this.#runDeadlineError(exchange, error);
    }
    this.#options.onRetryWait?.({ method: exchange.method, url: exchange.url, ms, nextAttempt: attempt + 1, maxAttempts: exchange.maxAttempts, reason });
    try {
      await abortableSleep(ms, exchange.signal);
    } catch {
      throw this.#interrupted(exchange);
    }
  }

  #aborted(exchange: Exchange): boolean {
    return exchange.signal?.aborted === true;
  }

  /** The run's time (--max-time) ran out: said as a timeout, never retried. */
  #runDeadlineError(exchange: Exchange, cause: unknown): TimeoutError {
    const detail = cause instanceof Error ? cause.message : 'the time allowed for the whole run ran out';
    return withRemedy(new TimeoutError(`${exchange.method} ${exchange.url} was stopped: ${detail}`, exchange.url, { cause }), { kind: 'run-deadline' });
  }

  #interrupted(exchange: Exchange): InterruptedError {
    // The reason the caller aborted with (AbortSignal.timeout's TimeoutError, their own) stays readable as the cause.
    return new InterruptedError(`Interrupted: ${exchange.method} ${exchange.url} was cancelled.`, { cause: exchange.signal?.reason });
  }

  #report(attempt: {
    method: string;
    url: string;
    attempt: number;
    startedAt: number;
    status: number | undefined;
    error?: unknown;
    bytes: BodyBytes;
    encoding?: string | undefined;
    location?: string | undefined;
  }): void {
    const info: AttemptInfo = {
      method: attempt.method,
      url: attempt.url,
      ms: Math.round(Date.now() - attempt.startedAt),
      attempt: attempt.attempt,
      bytes: attempt.bytes.wire,
      decodedBytes: attempt.bytes.decoded,
    };
    if (attempt.status !== undefined) info.status = attempt.status;
    if (attempt.error !== undefined) info.error = describeFailure(attempt.error);
    if (attempt.encoding !== undefined) info.encoding = attempt.encoding;
    if (attempt.location !== undefined) info.location = attempt.location;
    this.#options.onAttempt?.(info);
  }

  #noticeDeprecation(endpoint: string, headers: Headers): void {
    const value = header(headers, 'deprecation');
    if (value === undefined || !this.#options.onDeprecation) return;
    if (this.#deprecationsSeen.has(endpoint)) return;
    this.#deprecationsSeen.add(endpoint);
    const link = header(headers, 'link');
    const sunset = header(headers, 'sunset');
    this.#options.onDeprecation({ endpoint, value, ...(link !== undefined && { link }), ...(sunset !== undefined && { sunset }) });
  }
}

function hasUndiciCode(error: unknown): boolean {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('UND_ERR');
}

/**
 * The content, with the connection let go as soon as its reader stops early (a cap, a parse error), before
 * the decoders unwind: undici asserts, and the process dies, when a connection ends while its paused parser
 * still holds the rest of a body nobody reads.
 */
async function* releasingEarly(content: AsyncIterable<Buffer>, release: () => void): AsyncGenerator<Buffer> {
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

/** One header value (the first, when repeated). */
function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The ratePerMinute option: a whole number of requests from 1, or Infinity (the default) for no budget. */
function readRatePerMinute(value: number | undefined): number {
  if (value === undefined || value === Infinity) return Infinity;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new RangeError(`ratePerMinute must be a whole number of requests from 1, or Infinity for no budget; got ${String(value)}.`);
  }
  return value;
}
