import { getMaxListeners, setMaxListeners } from 'node:events';
import type { Agent, Dispatcher } from 'undici';
import { loadUndiciParts } from './undici-parts.js';
import { InterruptedError, MotorouteError, NetworkError } from '../errors.js';
import { VERSION } from '../version.js';
import { abortableSleep } from './abortable-sleep.js';
import { errorForStatus, failureError, redirectError, retryAfterTooLongError, statusText } from './http-errors.js';
import type { AttemptInfo, ClientOptions, RawResponse, RequestOptions } from './options.js';
import { RateBudget } from './rate-budget.js';
import { readBody } from './read-body.js';
import { backoffDelay, classifyFailure, describeFailure, parseRetryAfter, type FailureKind } from './retry-policy.js';
import { buildUrl, endpointPath, parseBaseUrl } from './url.js';

type Headers = RawResponse['headers'];
type BodyStream = Dispatcher.ResponseData['body'];

/** How freely a request may be repeated: GETs and keyed POSTs always; other POSTs only when it surely never arrived. */
type RetryPolicy = 'always' | 'unsent-only' | 'never';

interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  policy: RetryPolicy;
  signal: AbortSignal | undefined;
  /** Raw requests get error statuses back as answers instead of typed errors. */
  raw: boolean;
}

/** A 2xx answer whose body is still to be read, or an error status already read (raw requests only). */
type Opened =
  | { kind: 'stream'; status: number; headers: Headers; body: BodyStream; attempt: number; report: (error?: unknown) => void }
  | { kind: 'buffered'; response: RawResponse };

const ERROR_BODY_LIMIT = 1_048_576;
const STRIPPED_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);

/** The one request path: base URL, headers, rate budget, retries, timeouts, deprecation notices and typed errors. */
export class HttpTransport {
  readonly base: URL;
  readonly #options: ClientOptions;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;
  readonly #retryBaseDelayMs: number;
  readonly #maxRetryAfterSeconds: number;
  readonly #userAgent: string;
  readonly #budget: RateBudget;
  readonly #deprecationsSeen = new Set<string>();
  #agent: Agent | undefined;

  constructor(options: ClientOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.#options = options;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? 1_000;
    this.#maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 120;
    this.#userAgent = options.userAgent ?? `motoroute/${VERSION} (+node ${process.versions.node})`;
    this.#budget = new RateBudget(options.ratePerMinute ?? 60, options.rateIntervalMs ?? 60_000);
    // Every in-flight or queued request listens on the client's signal; a --all run can hold many at once.
    if (options.signal) setMaxListeners(Math.max(getMaxListeners(options.signal), 1000), options.signal);
  }

  /** The full URL of an endpoint path under the base. */
  url(path: string, query?: RequestOptions['query']): string {
    return buildUrl(this.base, path, query);
  }

  /** Sends a request and reads the whole answer; error statuses throw typed errors unless `raw` is set. */
  async send(method: string, path: string, options: RequestOptions = {}, raw = false): Promise<RawResponse> {
    const exchange = this.#exchange(method, path, options, raw);
    for (let attempt = 1; ; attempt++) {
      const opened = await this.#open(exchange, attempt);
      if (opened.kind === 'buffered') return opened.response;
      attempt = opened.attempt;
      try {
        const body = await readBody(opened.body);
        opened.report();
        return { status: opened.status, statusText: statusText(opened.status), url: exchange.url, headers: opened.headers, body };
      } catch (error) {
        opened.report(error);
        // A body cut mid-read is redone as a whole, like any other failed attempt.
        await this.#afterFailure(exchange, error, attempt);
      }
    }
  }

  /**
   * Streams a 2xx body through `parse` and yields the batches of items it produces. A failure before any item
   * was yielded redoes the request; after that it cannot be hidden, so a NetworkError says how many arrived.
   */
  async *stream<T>(path: string, parse: (body: AsyncIterable<Buffer>) => AsyncIterable<T[]>, itemName: string): AsyncGenerator<T[]> {
    const exchange = this.#exchange('GET', path, {}, false);
    for (let attempt = 1; ; attempt++) {
      const opened = await this.#open(exchange, attempt);
      if (opened.kind === 'buffered') throw new Error('unreachable: streamed requests are never raw');
      attempt = opened.attempt;
      let delivered = 0;
      try {
        for await (const batch of parse(opened.body)) {
          delivered += batch.length;
          yield batch;
        }
        opened.report();
        return;
      } catch (error) {
        opened.report(error);
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
        opened.report();
        if (!opened.body.destroyed) opened.body.destroy();
      }
    }
  }

  /** Closes the keep-alive connections and drops requests waiting for the budget. */
  async close(): Promise<void> {
    this.#budget.clear();
    const agent = this.#agent;
    this.#agent = undefined;
    await agent?.close();
  }

  #exchange(method: string, path: string, options: RequestOptions, raw: boolean): Exchange {
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, accept: 'application/json' };
    let body: string | Buffer | undefined;
    if (options.body !== undefined) {
      body = Buffer.isBuffer(options.body) || typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (!STRIPPED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    const idempotent = method === 'GET' || method === 'HEAD' || 'idempotency-key' in headers;
    const policy: RetryPolicy = options.retry === false ? 'never' : options.retry === true || idempotent ? 'always' : 'unsent-only';
    const signals = [this.#options.signal, options.signal].filter((signal): signal is AbortSignal => signal !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    return { method, url: this.url(path, options.query), headers, body, policy, signal, raw };
  }

  /** Runs attempts from `firstAttempt` until one answers 2xx (or a final status, for raw requests). */
  async #open(exchange: Exchange, firstAttempt: number): Promise<Opened> {
    const { method, url } = exchange;
    for (let attempt = firstAttempt; ; attempt++) {
      await this.#takeBudget(exchange);
      const startedAt = Date.now();
      let reported = false;
      const report = (status: number | undefined, error?: unknown) => {
        if (reported) return;
        reported = true;
        this.#report({ method, url, attempt, startedAt, status, error });
      };
      let response: Dispatcher.ResponseData;
      try {
        response = await this.#request(exchange);
      } catch (error) {
        report(undefined, error);
        await this.#afterFailure(exchange, error, attempt);
        continue;
      }
      const { statusCode: status, headers } = response;
      this.#noticeDeprecation(url, headers);
      if (status >= 200 && status < 300) {
        return { kind: 'stream', status, headers, body: response.body, attempt, report: (error) => report(status, error) };
      }
      const body = await readBody(response.body, ERROR_BODY_LIMIT).catch(() => Buffer.alloc(0));
      report(status);
      const final = (): Opened => ({ kind: 'buffered', response: { status, statusText: statusText(status), url, headers, body } });
      const contentType = header(headers, 'content-type');
      const canRetry = attempt < this.#maxAttempts && exchange.policy !== 'never';
      if (status === 429) {
        const seconds = parseRetryAfter(header(headers, 'retry-after'));
        if (seconds !== undefined && seconds > this.#maxRetryAfterSeconds) {
          if (exchange.raw) return final();
          throw retryAfterTooLongError(method, url, seconds, this.#maxRetryAfterSeconds);
        }
        if (canRetry) {
          await this.#wait(exchange, seconds !== undefined ? seconds * 1000 : backoffDelay(this.#retryBaseDelayMs, attempt));
          continue;
        }
      } else if (status >= 500 && canRetry && exchange.policy === 'always') {
        await this.#wait(exchange, backoffDelay(this.#retryBaseDelayMs, attempt));
        continue;
      }
      if (exchange.raw) return final();
      if (status >= 300 && status < 400) throw redirectError(method, url, status, header(headers, 'location'));
      throw errorForStatus(method, url, status, body, contentType);
    }
  }

  async #request(exchange: Exchange): Promise<Dispatcher.ResponseData> {
    const { request, Agent } = await loadUndiciParts();
    // rejectUnauthorized is explicit so that NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn verification off.
    this.#agent ??= new Agent({ connect: { timeout: this.#timeoutMs, rejectUnauthorized: true }, keepAliveTimeout: 10_000 });
    return request(this.#agent, new URL(exchange.url), {
      method: exchange.method as Dispatcher.HttpMethod,
      headers: exchange.headers,
      body: exchange.body ?? null,
      headersTimeout: this.#timeoutMs,
      bodyTimeout: this.#timeoutMs,
      signal: exchange.signal ?? null,
    });
  }

  /** After a failed attempt without a usable answer: waits and returns when it may be retried, throws otherwise. */
  async #afterFailure(exchange: Exchange, error: unknown, attempt: number): Promise<void> {
    const kind: FailureKind = classifyFailure(error);
    if (kind === 'aborted' || this.#aborted(exchange)) throw this.#interrupted(exchange);
    const retryable =
      kind !== 'other' && kind !== 'tls' && (exchange.policy === 'always' || (exchange.policy === 'unsent-only' && kind === 'connect'));
    if (retryable && attempt < this.#maxAttempts) {
      await this.#wait(exchange, backoffDelay(this.#retryBaseDelayMs, attempt));
      return;
    }
    // Anything that is not a transport failure (a bug, an undici usage error) surfaces as it is.
    if (kind === 'other' && !hasUndiciCode(error)) throw error;
    throw failureError(exchange.method, exchange.url, kind, describeFailure(error), attempt, this.#timeoutMs, error);
  }

  async #takeBudget(exchange: Exchange): Promise<void> {
    try {
      await this.#budget.take(exchange.signal, this.#options.onRateWait);
    } catch (error) {
      if (this.#aborted(exchange)) throw this.#interrupted(exchange);
      throw error;
    }
  }

  async #wait(exchange: Exchange, ms: number): Promise<void> {
    try {
      await abortableSleep(ms, exchange.signal);
    } catch {
      throw this.#interrupted(exchange);
    }
  }

  #aborted(exchange: Exchange): boolean {
    return exchange.signal?.aborted === true;
  }

  #interrupted(exchange: Exchange): InterruptedError {
    return new InterruptedError(`Interrupted: ${exchange.method} ${exchange.url} was cancelled.`);
  }

  #report(attempt: { method: string; url: string; attempt: number; startedAt: number; status: number | undefined; error?: unknown }): void {
    const info: AttemptInfo = {
      method: attempt.method,
      url: attempt.url,
      ms: Math.round(Date.now() - attempt.startedAt),
      attempt: attempt.attempt,
    };
    if (attempt.status !== undefined) info.status = attempt.status;
    if (attempt.error !== undefined) info.error = describeFailure(attempt.error);
    this.#options.onAttempt?.(info);
  }

  #noticeDeprecation(url: string, headers: Headers): void {
    const value = header(headers, 'deprecation');
    if (value === undefined || !this.#options.onDeprecation) return;
    const endpoint = endpointPath(this.base, url);
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

/** One header value (the first, when repeated). */
function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
