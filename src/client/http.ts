import {
  ApiError,
  InterruptedError,
  MotorouteError,
  NetworkError,
  TimeoutError,
  UsageError,
  withRemedy,
} from '../errors.js';
import { VERSION } from '../version.js';
import { checkDeclaredLength, DEFAULT_MAX_BODY_BYTES, readCappedBody } from './body-limit.js';
import { checkWaitFits, RunDeadlineError, startAttemptDeadline, type AttemptDeadline } from './deadline.js';
import { jsonHazard, looksLikeJson } from './json-limits.js';
import { parseContentEncoding, type BodyBytes, type Coding } from './content-coding.js';
import { errorForStatus, failureError, retryAfterTooLongError, statusText } from './http-errors.js';
import { fetchSender } from './fetch-sender.js';
import { readMaxAttempts, readTimeoutMs } from './call-options.js';
import type {
  AttemptInfo,
  ClientOptions,
  RawResponse,
  RequestCallOptions,
  RequestOptions,
  RateGate,
} from './options.js';
import { RateBudget } from './rate-budget.js';
import { readBody } from './read-body.js';
import type { Sender, SentResponse } from './sender.js';
import { senderOf } from './sender-option.js';
import {
  followsRedirect,
  isPermanentRedirect,
  isSameService,
  MAX_REDIRECTS,
  movedBase,
  redirectTarget,
  refusedRedirectError,
} from './redirects.js';
import {
  backoffDelay,
  classifyFailure,
  describeFailure,
  isRetriedStatus,
  parseRetryAfter,
  type FailureKind,
} from './retry-policy.js';
import { retryTimingOf, type RetryTiming } from './retry-timing.js';
import { untilAborted } from './until-aborted.js';
import { buildUrl, checkFetchPort, endpointPath, parseBaseUrl } from './url.js';
import { headerValue } from '../domain/header-record.js';

type Headers = RawResponse['headers'];

/** How freely a request may be repeated: GETs and keyed POSTs always; other POSTs only when it surely never arrived. */
type RetryPolicy = 'always' | 'unsent-only' | 'never';

interface Exchange {
  method: string;
  /** Where the request goes now: the endpoint's URL, or where a redirect sent it. */
  url: string;
  /** The endpoint path under the base (`/route/ai/search`), for redirect bases and deprecation notices. */
  endpoint: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
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
      content: AsyncIterable<Uint8Array>;
      /** Lets the connection go when reading stops early. */
      release: () => void;
      attempt: number;
      report: (error?: unknown) => void;
      /** The attempt's clock, still running: the body is read within it (send) or under the gap timeout (stream). */
      deadline: AttemptDeadline;
    }
  | { kind: 'buffered'; response: RawResponse };

const ERROR_BODY_LIMIT = 1_048_576;
const STRIPPED_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);

/**
 * The one request path: base URL, headers, rate budget, redirects, retries, timeouts, caps, deprecation notices and typed
 * errors. Each attempt is carried by a Sender (sender.ts): fetch by default, node:http for the CLI.
 */
export class HttpTransport {
  #base: URL;
  readonly #options: ClientOptions;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;
  readonly #retryBaseDelayMs: number;
  readonly #retryMaxDelayMs: number;
  readonly #timing: RetryTiming;
  readonly #maxRetryAfterSeconds: number;
  readonly #maxBodyBytes: number;
  readonly #userAgent: string;
  readonly #budget: RateGate | undefined;
  /** The budget this client built (not one it was given): its own to clear on close. */
  readonly #ownBudget: RateBudget | undefined;
  readonly #deprecationsSeen = new Set<string>();
  readonly #sender: Sender;
  #closed = false;

  constructor(options: ClientOptions) {
    this.#base = parseBaseUrl(options.baseUrl);
    this.#options = options;
    this.#timeoutMs = options.timeoutMs === undefined ? 30_000 : readTimeoutMs(options.timeoutMs);
    this.#maxAttempts = options.maxAttempts === undefined ? 3 : readMaxAttempts(options.maxAttempts);
    this.#retryBaseDelayMs = readDelayMs('retryBaseDelayMs', options.retryBaseDelayMs, 1_000);
    this.#retryMaxDelayMs = readDelayMs('retryMaxDelayMs', options.retryMaxDelayMs, 30_000);
    this.#timing = retryTimingOf(options);
    this.#maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 120;
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#userAgent = options.userAgent ?? defaultUserAgent();
    const rate = readRatePerMinute(options.ratePerMinute);
    this.#ownBudget =
      options.rateBudget || rate === Infinity ? undefined : new RateBudget(rate, options.rateIntervalMs ?? 60_000);
    this.#budget = options.rateBudget ?? this.#ownBudget;
    const sender = senderOf(options);
    // Every fetch refuses some ports: refused here, by name, rather than as a failure of each request.
    if (sender === undefined) checkFetchPort(this.#base);
    this.#sender = sender ?? fetchSender(options.fetch);
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
        checkDeclaredLength(
          method,
          exchange.url,
          opened.status,
          headerValue(opened.headers, 'content-length'),
          this.#maxBodyBytes,
        );
        const body = await readCappedBody(opened.content, this.#maxBodyBytes, request, opened.release);
        opened.deadline.clear();
        const hazard = looksLikeJson(body) ? jsonHazard(body) : undefined;
        if (hazard !== undefined) {
          throw new ApiError(
            `${method} ${exchange.url} sent an answer motoroute refuses to read: ${hazard}.`,
            opened.status,
            exchange.url,
            undefined,
            { headers: opened.headers },
          );
        }
        opened.report();
        return {
          status: opened.status,
          statusText: statusText(opened.status),
          url: exchange.url,
          headers: opened.headers,
          body,
        };
      } catch (error) {
        opened.deadline.clear();
        opened.report(error);
        opened.release();
        // A body cut mid-read (or one that does not decode, or too slow) is redone as a whole, like any other failed attempt.
        await this.#afterFailure(exchange, opened.deadline.expired ?? error, attempt);
      }
    }
  }

  /**
   * Streams a 2xx body through `parse` and yields the batches of items it produces. A failure before any item
   * was yielded redoes the request; after that it cannot be hidden, so a NetworkError says how many arrived.
   */
  async *stream<T>(
    path: string,
    parse: (body: AsyncIterable<Uint8Array>, headers: Headers) => AsyncIterable<T[]>,
    itemName: string,
    call: RequestCallOptions = {},
  ): AsyncGenerator<T[]> {
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
      } catch (thrown) {
        deadline.clear();
        const error = deadline.expired ?? thrown;
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
        opened.release();
      }
    }
  }

  /** Closes the keep-alive connections and drops requests waiting for the budget. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#ownBudget?.clear();
    await this.#sender.close?.();
  }

  #exchange(method: string, path: string, options: RequestOptions, raw: boolean): Exchange {
    if (this.#closed) {
      throw new UsageError(
        `This client was closed (close() is final): ${method} ${this.url(path)} was not sent; make a new RouteClient.`,
      );
    }
    // Accept-Encoding is the stack's to send: fetch sends its own (a browser forbids setting it).
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, accept: 'application/json' };
    let body: string | Uint8Array | undefined;
    if (options.body !== undefined) {
      body =
        options.body instanceof Uint8Array || typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (!STRIPPED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    const idempotent = method === 'GET' || method === 'HEAD' || 'idempotency-key' in headers;
    const policy: RetryPolicy =
      options.retry === false ? 'never' : options.retry === true || idempotent ? 'always' : 'unsent-only';
    const signals = [this.#options.signal, options.signal].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const url = this.url(path, options.query);
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const maxAttempts = options.maxAttempts ?? this.#maxAttempts;
    return {
      method,
      url,
      endpoint: endpointPath(this.#base, url),
      headers,
      body,
      policy,
      signal,
      timeoutMs,
      maxAttempts,
      raw,
      visited: [url],
    };
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
      const report = (
        status: number | undefined,
        error?: unknown,
        extra: { encoding?: string | undefined; location?: string } = {},
      ) => {
        if (reported) return;
        reported = true;
        this.#report({ method, url, attempt, startedAt, status, error, bytes, ...extra });
      };
      let response: SentResponse;
      let deadline: AttemptDeadline;
      try {
        deadline = startAttemptDeadline(exchange.timeoutMs, this.#options.runEndsAt, exchange.signal);
      } catch (error) {
        throw this.#runDeadlineError(exchange, error);
      }
      try {
        const sending = this.#sender.send({
          method,
          url,
          headers: exchange.headers,
          body: exchange.body,
          signal: deadline.signal,
          timeoutMs: exchange.timeoutMs,
        });
        response = await untilAborted(sending, deadline.signal, (late) => late.release());
      } catch (error) {
        deadline.clear();
        report(undefined, deadline.expired ?? error);
        await this.#afterFailure(exchange, deadline.expired ?? error, attempt);
        attempt++;
        continue;
      }
      const { status, headers } = response;
      this.#noticeDeprecation(exchange.endpoint, headers);
      const encoding = headerValue(headers, 'content-encoding');
      let codings: Coding[];
      try {
        codings = parseContentEncoding(encoding);
      } catch (error) {
        deadline.clear();
        response.release();
        report(status, error);
        throw new ApiError(`${method} ${url} could not be read: ${(error as Error).message}.`, status, url, undefined, {
          headers: headers,
        });
      }
      const content = response.content(codings, bytes);
      if (status >= 200 && status < 300) {
        return {
          kind: 'stream',
          status,
          headers,
          content,
          release: response.release,
          attempt,
          deadline,
          report: (error) => report(status, error, { encoding }),
        };
      }
      const body = await readBody(content, ERROR_BODY_LIMIT).catch(() => new Uint8Array(0));
      deadline.clear();
      response.release();
      const final = (unfollowedRedirect?: string): Opened => ({
        kind: 'buffered',
        response: {
          status,
          statusText: statusText(status),
          url,
          headers,
          body,
          ...(unfollowedRedirect !== undefined && { unfollowedRedirect }),
        },
      });
      if (status >= 300 && status < 400 && followsRedirect(method, status)) {
        let target: string;
        try {
          target = this.#redirect(exchange, status, headerValue(headers, 'location'));
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
      const contentType = headerValue(headers, 'content-type');
      const canRetry = attempt < exchange.maxAttempts && exchange.policy !== 'never';
      if (isRetriedStatus(status, exchange.policy === 'always')) {
        // Retry-After is honoured on every answer that is retried, as HTTP means it (429, 503, 408…).
        const seconds = parseRetryAfter(headerValue(headers, 'retry-after'), this.#timing.now());
        const tooLong = seconds !== undefined && seconds > this.#maxRetryAfterSeconds;
        if (tooLong && status === 429) {
          if (exchange.raw) return final();
          throw retryAfterTooLongError(method, url, seconds, this.#maxRetryAfterSeconds, headers);
        }
        if (canRetry && !tooLong) {
          await this.#wait(
            exchange,
            seconds !== undefined ? seconds * 1000 : this.#backoff(attempt),
            attempt,
            `${status} ${statusText(status)}`.trimEnd(),
          );
          attempt++;
          continue;
        }
      }
      // A redirect a POST may not follow says why; other 3xx (300, 304…) are unexpected answers like any other.
      if (status >= 300 && status < 400 && method !== 'GET' && method !== 'HEAD' && followsRedirect('GET', status)) {
        let refused: ApiError;
        try {
          refused = refusedRedirectError(
            'method',
            method,
            url,
            status,
            redirectTarget(method, url, status, headerValue(headers, 'location')),
            undefined,
          );
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
    if (exchange.visited.includes(target.href))
      throw refusedRedirectError('loop', method, url, status, target, newBase);
    if (exchange.visited.length > MAX_REDIRECTS)
      throw refusedRedirectError('too-many', method, url, status, target, newBase);
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

  /** After a failed attempt without a usable answer: waits and returns when it may be retried, throws otherwise. */
  async #afterFailure(exchange: Exchange, error: unknown, attempt: number): Promise<void> {
    if (error instanceof RunDeadlineError) throw this.#runDeadlineError(exchange, error);
    const kind: FailureKind = classifyFailure(error);
    if (kind === 'aborted' || this.#aborted(exchange)) throw this.#interrupted(exchange);
    const retryable =
      kind !== 'other' &&
      kind !== 'tls' &&
      kind !== 'unreachable' &&
      (exchange.policy === 'always' || (exchange.policy === 'unsent-only' && kind === 'connect'));
    if (retryable && attempt < exchange.maxAttempts) {
      await this.#wait(exchange, this.#backoff(attempt), attempt, describeFailure(error));
      return;
    }
    // Anything that is not a transport failure (a bug, an undici usage error) surfaces as it is.
    if (kind === 'other' && !hasHttpStackCode(error)) throw error;
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
    this.#options.onRetryWait?.({
      method: exchange.method,
      url: exchange.url,
      ms,
      nextAttempt: attempt + 1,
      maxAttempts: exchange.maxAttempts,
      reason,
    });
    try {
      await this.#timing.sleep(ms, exchange.signal);
    } catch {
      throw this.#interrupted(exchange);
    }
  }

  /** The backoff before retry number `attempt`: full jitter within a window that doubles up to the cap. */
  #backoff(attempt: number): number {
    return backoffDelay(this.#retryBaseDelayMs, this.#retryMaxDelayMs, attempt, this.#timing.random);
  }

  #aborted(exchange: Exchange): boolean {
    return exchange.signal?.aborted === true;
  }

  /** The run's time (--max-time) ran out: said as a timeout, never retried. */
  #runDeadlineError(exchange: Exchange, cause: unknown): TimeoutError {
    const detail = cause instanceof Error ? cause.message : 'the time allowed for the whole run ran out';
    return withRemedy(
      new TimeoutError(`${exchange.method} ${exchange.url} was stopped: ${detail}`, exchange.url, { cause }),
      { kind: 'run-deadline' },
    );
  }

  #interrupted(exchange: Exchange): InterruptedError {
    // The reason the caller aborted with (AbortSignal.timeout's TimeoutError, their own) stays readable as the cause.
    return new InterruptedError(`Interrupted: ${exchange.method} ${exchange.url} was cancelled.`, {
      cause: exchange.signal?.reason,
    });
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
    const value = headerValue(headers, 'deprecation');
    if (value === undefined || !this.#options.onDeprecation) return;
    if (this.#deprecationsSeen.has(endpoint)) return;
    this.#deprecationsSeen.add(endpoint);
    const link = headerValue(headers, 'link');
    const sunset = headerValue(headers, 'sunset');
    this.#options.onDeprecation({
      endpoint,
      value,
      ...(link !== undefined && { link }),
      ...(sunset !== undefined && { sunset }),
    });
  }
}

/** Whether the error carries a code of the HTTP stack (undici's UND_ERR_…, fetch's refusal): a transport failure, not a bug. */
function hasHttpStackCode(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    (error.code.startsWith('UND_ERR') || error.code === 'ERR_MOTOROUTE_FETCH_REFUSED')
  );
}

/** A delay option in ms: a finite number from 0 (a RangeError otherwise); `fallback` when not given. */
function readDelayMs(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a number of milliseconds from 0; got ${String(value)}.`);
  }
  return value;
}

/** The ratePerMinute option: a whole number of requests from 1, or Infinity (the default) for no budget. */
function readRatePerMinute(value: number | undefined): number {
  if (value === undefined || value === Infinity) return Infinity;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new RangeError(
      `ratePerMinute must be a whole number of requests from 1, or Infinity for no budget; got ${String(value)}.`,
    );
  }
  return value;
}

/** `motoroute/<version>`, with the Node version when there is one (`process` is Node's, absent in browsers and workers). */
function defaultUserAgent(): string {
  const node = typeof process === 'object' ? process.versions?.node : undefined;
  return node === undefined ? `motoroute/${VERSION}` : `motoroute/${VERSION} (+node ${node})`;
}
