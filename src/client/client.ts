import type { BatchResponse, BatchResult, NearbyCities, SearchJob, SearchQuery, Trip } from '../domain/types.js';
import { ApiError } from '../errors.js';
import { CharsetError, utf8Chunks } from './charset.js';
import { decodeJson } from './decode.js';
import { readBatchEntries } from './batch-entries.js';
import { flattenBatches } from './flatten-batches.js';
import { MAX_JSON_DEPTH, nestsTooDeep } from './json-limits.js';
import { HttpTransport } from './http.js';
import { ListingFormatError, parseListing } from './listing-parser.js';
import { apiPromise, type ApiPromise } from './api-promise.js';
import { readCallOptions } from './call-options.js';
import type { ClientOptions, QueryParams, RawResponse, RequestCallOptions, RequestOptions } from './options.js';
import { followPages, type PagePosition } from './pagination.js';
import { linkPage, type SearchResultPage } from './page-links.js';
export type { SearchResultPage } from './page-links.js';
import {
  listingReader,
  readAnswer,
  readBatch,
  readCacheIds,
  readJob,
  readJobResult,
  readNearbyCities,
  readSearchPage,
  type ReadOptions,
} from './readers.js';
import { responseInfo } from './response-info.js';
import { schemas } from './schemas.js';

import type { CacheIds, JobResult } from './answers.js';
export type { CacheIds, JobResult } from './answers.js';
import {
  callOptions,
  type AttemptOptions,
  type BatchOptions,
  type CancelOptions,
  type ListingOptions,
  type ListingRecord,
  type SearchOptions,
  type SearchPagesOptions,
} from './method-options.js';
export type {
  AttemptOptions,
  BatchOptions,
  CancelOptions,
  ListingOptions,
  ListingRecord,
  SearchOptions,
  SearchPagesOptions,
} from './method-options.js';

const SEARCH = '/route/ai/search';
const LISTING = '/route/get/results';
const DEFAULT_BOOKING_URL = 'https://symone.fr/moto';
const MAX_PAGE_CONCURRENCY = 8;

/** The pageConcurrency option: a whole number of pages from 1 to 8 (a RangeError otherwise); 4 when not given. */
function readPageConcurrency(value: unknown): number {
  if (value === undefined) return 4;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PAGE_CONCURRENCY) {
    throw new RangeError(
      `pageConcurrency must be a whole number of pages from 1 to ${MAX_PAGE_CONCURRENCY}; got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * The typed client of the Motorcycle Transport Route Search API: one method per endpoint. It is a tolerant
 * reader: records that cannot be read are left out and reported to `onSkippedRecords`, or fail the answer
 * with `strict`. Failures are typed: {@link UsageError} for bad input, {@link ApiError} (and
 * {@link NotFoundError}, {@link RateLimitError}) for the service's error answers, {@link NetworkError} and
 * {@link TimeoutError} when it cannot be reached in time. GETs are retried on 5xx, 429 and network failures.
 *
 * Every method takes a last argument with the call's own control ({@link RequestCallOptions}: `signal`,
 * `timeoutMs`, `maxAttempts`, `headers`). Every promise it returns is an {@link ApiPromise}: `.withResponse()`
 * gives the data with the answer it came from. The iterators (searchPages, searchTrips, listing,
 * listingRecords) yield data only, so that pages and trips stay plain data; for each page's answer, page by
 * hand with `search()`.
 * @example
 * ```ts
 * import { RouteClient } from 'motoroute';
 * const client = new RouteClient({ baseUrl: 'https://symone.fr/api-proxy/v1', timeoutMs: 10_000 });
 * const page = await client.search({ depart: 'Paris', arrival: 'Marseille' });
 * console.log(page.total, page.routes[0]?.date);
 * ```
 */
export class RouteClient {
  readonly #http: HttpTransport;
  readonly #read: ReadOptions;
  readonly #pageConcurrency: number;

  /**
   * A client of the service at `options.baseUrl`; nothing is sent until a method is called.
   * @param options the base URL and, optionally, timeouts, retries, a request budget, a `fetch` and hooks ({@link ClientOptions}).
   * @throws RangeError when a numeric option is out of range (the message names it).
   */
  constructor(options: ClientOptions) {
    this.#http = new HttpTransport(options);
    this.#pageConcurrency = readPageConcurrency(options.pageConcurrency);
    this.#read = {
      strict: options.strict === true,
      bookingUrl: options.bookingUrl || DEFAULT_BOOKING_URL,
      onSkippedRecords: options.onSkippedRecords,
    };
  }

  /** The base URL in use, without a trailing slash (after a permanent redirect of the whole base, the new one). */
  get baseUrl(): string {
    return this.#http.baseHref;
  }

  /**
   * One page of `GET /route/ai/search`: the trips matching `query`, with the paging the service announced.
   * @throws UsageError on a bad query (such as a date that is not `YYYY-MM-DD`), ApiError when the service refuses it,
   * RangeError (before any request) on a bad option.
   * @example
   * ```ts
   * const page = await client.search({ depart: 'Paris', arrival: 'Marseille', date_from: '2026-12-01' }, { limit: 20, timeoutMs: 5_000 });
   * for (const trip of page.routes) console.log(trip.date, trip.price_min ?? 'on quote');
   * const { data, response } = await client.search({ depart: 'Paris' }).withResponse();
   * console.log(response.headers.get('x-ratelimit-remaining'), data.routes.length);
   * ```
   */
  search(query: SearchQuery, options: SearchOptions = {}): ApiPromise<SearchResultPage> {
    const params: QueryParams = { ...query, limit: options.limit, page: options.page, cursor: options.cursor };
    return this.#call(
      () => this.#http.send('GET', SEARCH, { query: params, ...callOptions(options) }),
      (response) =>
        linkPage(readSearchPage(response, options, this.#read), (position, call) =>
          this.search(query, { ...call, ...position, limit: options.limit }),
        ),
    );
  }

  /**
   * Every page of a search, in order: following `next_cursor` one page at a time, or, in page mode, fetching
   * the pages after the first `pageConcurrency` at a time (within the rate budget). A service whose paging
   * repeats itself or overruns its announced total fails with an ApiError rather than looping. `signal` stops
   * the whole walk (the loop then throws); `timeoutMs`, `maxAttempts` and `headers` apply to each page's
   * request. The pages are plain data, without their answers: for a page's status and headers, use `search()`
   * with `.withResponse()`. A bad option throws a RangeError here, before any request.
   * @example
   * ```ts
   * for await (const page of client.searchPages({ depart: 'Paris' }, { limit: 50, timeoutMs: 5_000 })) {
   *   console.log(`page of ${page.routes.length} trips`);
   * }
   * ```
   */
  searchPages(query: SearchQuery, options: SearchPagesOptions = {}): AsyncGenerator<SearchResultPage, void, undefined> {
    const { signal: outer, ...perPage } = readCallOptions(options);
    const concurrency = this.#pageConcurrency;
    return followPages((position: PagePosition, signal: AbortSignal) => {
      const either = outer ? AbortSignal.any([outer, signal]) : signal;
      return this.search(query, { ...perPage, ...position, limit: options.limit, signal: either });
    }, concurrency);
  }

  /**
   * Every trip of a search, one at a time, across every page (item by item over {@link searchPages}, with the
   * same options, which it reads one page ahead at most). Breaking out of the loop stops the paging.
   * @example
   * ```ts
   * for await (const trip of client.searchTrips({ depart: 'Paris', arrival: 'Marseille' })) console.log(trip.id, trip.date);
   * ```
   */
  searchTrips(query: SearchQuery, options: SearchPagesOptions = {}): AsyncGenerator<Trip, void, undefined> {
    const pages = this.searchPages(query, options);
    return (async function* () {
      for await (const page of pages) yield* page.routes;
    })();
  }

  /**
   * `GET /route/get/results`, every published trip, as a stream in service order: memory stays flat however
   * long the listing. Records that cannot be read are left out and reported to `onSkippedRecords` at the end.
   * `timeoutMs` bounds the wait for the head, then for each record while it is awaited. Trips only, without
   * the answer. A bad option throws a RangeError here, before any request.
   * @example
   * ```ts
   * let count = 0;
   * for await (const trip of client.listing({ signal: AbortSignal.timeout(60_000), onProgress: ({ records }) => console.log(records) })) {
   *   if (trip.depart === 'Lyon') count += 1;
   * }
   * ```
   */
  listing(options: ListingOptions = {}): AsyncIterableIterator<Trip> {
    const call = readCallOptions(options);
    const reader = listingReader(this.#http.url(LISTING), this.#read);
    return flattenBatches(this.#listingBatches(options.onProgress, reader.done, call), reader.trip);
  }

  /**
   * The listing as records untouched (in whichever form the service sent them), each with the trip it reads as;
   * unreadable ones are left out as in {@link listing}, and the options are the same.
   * @example
   * ```ts
   * for await (const { record, trip } of client.listingRecords({ timeoutMs: 10_000 })) console.log(trip.id, JSON.stringify(record));
   * ```
   */
  listingRecords(options: ListingOptions = {}): AsyncIterableIterator<ListingRecord> {
    const call = readCallOptions(options);
    const reader = listingReader(this.#http.url(LISTING), this.#read);
    return flattenBatches(this.#listingBatches(options.onProgress, reader.done, call), (record) => {
      // Printed as sent, a record must be shallow enough to print (the trip read from it is flat anyway).
      if (nestsTooDeep(record)) {
        throw new ApiError(
          `GET ${LISTING} sent a record nested more than ${MAX_JSON_DEPTH} levels deep; refused.`,
          200,
          this.#http.url(LISTING),
        );
      }
      const trip = reader.trip(record);
      return trip === undefined ? undefined : { record, trip };
    });
  }

  async *#listingBatches(
    onProgress: ListingOptions['onProgress'],
    done: () => void,
    call: RequestCallOptions,
  ): AsyncGenerator<unknown[]> {
    try {
      // The parser reads UTF-8: another declared charset is decoded to it, and UTF-8 is checked on the way.
      yield* this.#http.stream(
        LISTING,
        (body, headers) => parseListing(utf8Chunks(body, headers['content-type']), onProgress),
        'records',
        call,
      );
    } catch (error) {
      if (error instanceof ListingFormatError) {
        throw new ApiError(
          `GET ${LISTING} returned a body that is not a route listing: ${error.message}.`,
          200,
          this.#http.url(LISTING),
        );
      }
      if (error instanceof CharsetError) {
        throw new ApiError(
          `GET ${LISTING} returned a body motoroute cannot read: ${error.message}; the listing stops there.`,
          200,
          this.#http.url(LISTING),
        );
      }
      throw error;
    }
    // Every record was read by the time the last batch is asked past.
    done();
  }

  /**
   * `GET /route/cities-near`: the served cities near a place, nearest first, with their distance.
   * @param location a city or place name, as a person types it.
   * @example
   * ```ts
   * const { cities } = await client.citiesNear('Grenoble');
   * console.log(cities.map((city) => city.name));
   * const controller = new AbortController();
   * const near = client.citiesNear('Lyon', { signal: controller.signal, maxAttempts: 1 });
   * controller.abort(); // near rejects at once with an InterruptedError
   * ```
   */
  citiesNear(location: string, options: AttemptOptions = {}): ApiPromise<NearbyCities> {
    return this.#call(
      () => this.#http.send('GET', '/route/cities-near', { query: { location }, ...callOptions(options) }),
      (response) => readNearbyCities(response, this.#read),
    );
  }

  /**
   * `GET /route/paris-marseille-cache`: the identifiers of the cached Paris–Marseille routes, whichever shape
   * the service answers in.
   * @example
   * ```ts
   * const { ids, cachedAt } = await client.parisMarseilleCache({ timeoutMs: 2_000 });
   * console.log(`${ids.length} routes cached at ${cachedAt ?? 'an unknown time'}`);
   * ```
   */
  parisMarseilleCache(options: CancelOptions = {}): ApiPromise<CacheIds> {
    return this.#call(
      () => this.#http.send('GET', '/route/paris-marseille-cache', callOptions(options)),
      (response) => readCacheIds(response, this.#read),
    );
  }

  /**
   * `POST /route/ai/batch`: several searches in one request (at most 10 queries; split larger sets). It carries
   * an `Idempotency-Key` (`idempotencyKey`, or a random UUID), reused on every retry, so it is retried like a GET.
   * @throws UsageError for more than 10 queries or a bad one.
   * @example
   * ```ts
   * const { results } = await client.batch([{ depart: 'Paris', arrival: 'Lyon' }, { depart: 'Lyon', arrival: 'Nice' }], { maxAttempts: 5 });
   * for (const result of results) console.log(result.query.depart, result.routes.length);
   * ```
   */
  batch(queries: SearchQuery[], options: BatchOptions = {}): ApiPromise<BatchResponse> {
    return this.#call(
      () => this.#sendBatch(queries, options),
      (response) => readBatch(response, queries, this.#read),
    );
  }

  /**
   * `POST /route/ai/batch` as {@link batch} sends it, its entries read one at a time as they are iterated (in the
   * order of the answer), so that a large answer is never held as one parsed tree: the way to read many trips in
   * little memory. The book_url is not read.
   * @example
   * ```ts
   * for (const entry of await client.batchEntries([{ depart: 'Paris', date_from: '2026-12-01', date_to: '2026-12-07' }]))
   *   console.log(entry.index, entry.routes.length, 'of', entry.total);
   * ```
   */
  batchEntries(queries: SearchQuery[], options: BatchOptions = {}): ApiPromise<Iterable<BatchResult>> {
    return this.#call(
      () => this.#sendBatch(queries, options),
      (response) => readBatchEntries(response, queries, this.#read),
    );
  }

  /**
   * `POST /route/ai/jobs`: starts a search job run by the service in the background; poll it with {@link getJob}.
   * Not retried once it may have reached the service (a retry could start a second job).
   * @example
   * ```ts
   * let job = await client.createJob({ depart: 'Paris', arrival: 'Marseille' }, { timeoutMs: 10_000 });
   * while (job.status === 'pending') {
   *   await new Promise((resolve) => setTimeout(resolve, 1000));
   *   job = await client.getJob(job.job_id);
   * }
   * ```
   */
  createJob(query: SearchQuery, options: RequestCallOptions = {}): ApiPromise<SearchJob> {
    return this.#call(
      () => this.#http.send('POST', '/route/ai/jobs', { body: query, ...callOptions(options) }),
      (response) => readJob(response, 'POST /route/ai/jobs'),
    );
  }

  /**
   * `GET /route/ai/jobs/{id}`: a job's status, and its result once completed.
   * @throws NotFoundError for an unknown (or expired) job.
   * @example
   * ```ts
   * const job = await client.getJob('job-42', { signal: AbortSignal.timeout(30_000) });
   * if (job.status === 'completed') console.log(client.jobResult(job));
   * ```
   */
  getJob(id: string, options: CancelOptions = {}): ApiPromise<SearchJob> {
    return this.#call(
      () => this.#http.send('GET', `/route/ai/jobs/${encodeURIComponent(id)}`, callOptions(options)),
      (response) => readJob(response, 'GET /route/ai/jobs/{jobId}'),
    );
  }

  /**
   * The trips of a completed job, whatever the shape of its result (a page, a list of trips), or the result
   * itself when it holds none. Sends nothing.
   * @example
   * ```ts
   * const result = client.jobResult(await client.getJob('job-42'));
   * if (result.kind === 'trips') console.log(result.page.routes.length);
   * else console.log(result.value);
   * ```
   */
  jobResult(job: SearchJob): JobResult {
    return readJobResult(job, this.jobUrl(job.job_id), this.#read);
  }

  /**
   * The address of a job, as {@link getJob} polls it. Sends nothing.
   * @example
   * ```ts
   * client.jobUrl('job-42'); // 'https://symone.fr/api-proxy/v1/route/ai/jobs/job-42'
   * ```
   */
  jobUrl(id: string): string {
    return this.#http.url(`/route/ai/jobs/${encodeURIComponent(id)}`);
  }

  /**
   * `POST /ask` with `{ question }`: the service's assistant answers in free JSON (not retried).
   * @example
   * ```ts
   * const answer = await client.ask('Is there a trip from Paris to Nice next week?', { timeoutMs: 20_000 });
   * console.log(JSON.stringify(answer));
   * ```
   */
  ask(question: string, options: RequestCallOptions = {}): ApiPromise<unknown> {
    return this.#call(
      () => this.#http.send('POST', '/ask', { body: { question }, ...callOptions(options) }),
      readAnswer,
    );
  }

  /**
   * Any request under the base URL, with the same retries, budget, redirects and decoding as the typed methods,
   * but an error status is returned, not thrown (a network failure still throws).
   * @param path the path after the base URL, such as `/route/ai/search`.
   * @example
   * ```ts
   * const response = await client.request('GET', '/route/ai/search', { query: { depart: 'Paris', limit: 5 }, timeoutMs: 5_000 });
   * console.log(response.status, response.headers['x-ratelimit-limit'], new TextDecoder().decode(response.body));
   * ```
   */
  request(method: string, path: string, options: RequestOptions = {}): ApiPromise<RawResponse> {
    return this.#call(
      () => this.#http.send(method.toUpperCase(), path, { ...options, ...readCallOptions(options) }, true),
      (response) => response,
    );
  }

  /**
   * `GET` of any JSON document under the base URL (the `.well-known` documents, `/openapi.json`), parsed.
   * @throws ApiError on an error status or a body that is not JSON.
   * @example
   * ```ts
   * const spec = await client.getJson('/openapi.json', { maxAttempts: 1 });
   * ```
   */
  getJson(path: string, options: RequestCallOptions = {}): ApiPromise<unknown> {
    return this.#call(
      () => this.#http.send('GET', path, callOptions(options)),
      (response) => decodeJson(response, schemas.anyJson(), `GET ${path}`),
    );
  }

  /**
   * Closes the keep-alive connections, so the process can end at once. It is final: every call made afterwards
   * rejects with a UsageError saying the client was closed (make a new client instead).
   * @example
   * ```ts
   * const client = new RouteClient({ baseUrl });
   * try { console.log((await client.search({ depart: 'Paris' })).total); } finally { await client.close(); }
   * ```
   */
  async close(): Promise<void> {
    await this.#http.close();
  }

  /** `POST /route/ai/batch`, with an Idempotency-Key unless the caller gives one: `batch` and `batchEntries` send it alike. */
  #sendBatch(queries: SearchQuery[], options: BatchOptions): Promise<RawResponse> {
    const call = callOptions(options);
    const headers = { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID(), ...call.headers };
    return this.#http.send('POST', '/route/ai/batch', { body: { queries }, ...call, headers });
  }

  /** One request read into data, as an ApiPromise; a bad option (thrown by `send`) rejects it before any request. */
  #call<T>(send: () => Promise<RawResponse>, read: (response: RawResponse) => T): ApiPromise<T> {
    return apiPromise(async () => {
      const response = await send();
      return { data: read(response), response: responseInfo(response) };
    });
  }
}
