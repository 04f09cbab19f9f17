import type { BatchResponse, NearbyCities, SearchJob, SearchPage, SearchQuery, Trip } from '../domain/types.js';
import { ApiError } from '../errors.js';
import { CharsetError, utf8Chunks } from './charset.js';
import { decodeJson } from './decode.js';
import { flattenBatches } from './flatten-batches.js';
import { MAX_JSON_DEPTH, nestsTooDeep } from './json-limits.js';
import { HttpTransport } from './http.js';
import { ListingFormatError, parseListing } from './listing-parser.js';
import { apiPromise, type ApiPromise } from './api-promise.js';
import { readCallOptions } from './call-options.js';
import type { ClientOptions, QueryParams, RawResponse, RequestCallOptions, RequestOptions } from './options.js';
import { followPages, type PagePosition } from './pagination.js';
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
import { callOptions, type AttemptOptions, type BatchOptions, type CancelOptions, type ListingOptions, type ListingRecord, type SearchOptions, type SearchPagesOptions } from './method-options.js';
export type { AttemptOptions, BatchOptions, CancelOptions, ListingOptions, ListingRecord, SearchOptions, SearchPagesOptions } from './method-options.js';

const SEARCH = '/route/ai/search';
const LISTING = '/route/get/results';
const DEFAULT_BOOKING_URL = 'https://symone.fr/moto';
const MAX_PAGE_CONCURRENCY = 8;

/**
 * The typed client of the Motorcycle Transport Route Search API: one method per endpoint. It is a tolerant
 * reader (see readers.ts): records that cannot be read are left out and reported to `onSkippedRecords`,
 * or fail the answer with `strict`.
 *
 * Every method takes a last argument with the call's own control (RequestCallOptions: `signal`, `timeoutMs`,
 * `maxAttempts`, `headers`). Every promise it returns is an ApiPromise: `.withResponse()` gives the data with
 * the answer it came from. The iterators (searchPages, searchTrips, listing, listingRecords) yield data only,
 * so that pages and trips stay plain data; for each page's answer, page by hand with `search()`.
 */
export class RouteClient {
  readonly #http: HttpTransport;
  readonly #options: ClientOptions;
  readonly #read: ReadOptions;

  constructor(options: ClientOptions) {
    this.#http = new HttpTransport(options);
    this.#options = options;
    this.#read = { strict: options.strict === true, bookingUrl: options.bookingUrl || DEFAULT_BOOKING_URL, onSkippedRecords: options.onSkippedRecords };
  }

  /** The base URL in use, without a trailing slash (after a permanent redirect, the new one). */
  get baseUrl(): string {
    return this.#http.baseHref;
  }

  /**
   * One page of GET /route/ai/search.
   *
   * ```ts
   * const page = await client.search({ depart: 'Paris', arrival: 'Marseille' }, { limit: 50, timeoutMs: 5_000 });
   * const { data, response } = await client.search({ depart: 'Paris' }).withResponse();
   * console.log(response.headers.get('x-ratelimit-remaining'), data.routes.length);
   * ```
   */
  search(query: SearchQuery, options: SearchOptions = {}): ApiPromise<SearchPage> {
    const params: QueryParams = { ...query, limit: options.limit, page: options.page, cursor: options.cursor };
    return this.#call(() => this.#http.send('GET', SEARCH, { query: params, ...callOptions(options) }), (response) => readSearchPage(response, options, this.#read));
  }

  /**
   * Every page of a search, in order: following `next_cursor` one page at a time, or, in page mode, fetching
   * the pages after the first `pageConcurrency` at a time (within the rate budget). `signal` stops the whole
   * walk; `timeoutMs`, `maxAttempts` and `headers` apply to each page's request. The pages are plain data,
   * without their answers: for a page's status and headers, use `search()` with `.withResponse()`.
   * A bad option throws a RangeError here, before any request.
   *
   * ```ts
   * for await (const page of client.searchPages({ depart: 'Paris' }, { limit: 100, timeoutMs: 5_000 })) console.log(page.routes.length);
   * ```
   */
  searchPages(query: SearchQuery, options: SearchPagesOptions = {}): AsyncGenerator<SearchPage> {
    const { signal: outer, ...perPage } = readCallOptions(options);
    const wanted = Math.floor(this.#options.pageConcurrency ?? 4);
    const concurrency = Number.isFinite(wanted) ? Math.min(MAX_PAGE_CONCURRENCY, Math.max(1, wanted)) : 4;
    return followPages((position: PagePosition, signal: AbortSignal) => {
      const either = outer ? AbortSignal.any([outer, signal]) : signal;
      return this.search(query, { ...perPage, ...position, limit: options.limit, signal: either });
    }, concurrency);
  }

  /**
   * Every trip of a search, one at a time, across every page (item by item over searchPages, with the same options).
   *
   * ```ts
   * for await (const trip of client.searchTrips({ depart: 'Paris', arrival: 'Marseille' })) console.log(trip.id, trip.date);
   * ```
   */
  searchTrips(query: SearchQuery, options: SearchPagesOptions = {}): AsyncGenerator<Trip> {
    const pages = this.searchPages(query, options);
    return (async function* () {
      for await (const page of pages) yield* page.routes;
    })();
  }

  /**
   * GET /route/get/results as a stream of trips, in service order; records that cannot be read are left out and
   * reported at the end. `timeoutMs` bounds the wait for the head, then for each record while it is awaited.
   * Trips only, without the answer. A bad option throws a RangeError here, before any request.
   *
   * ```ts
   * for await (const trip of client.listing({ signal: AbortSignal.timeout(60_000) })) console.log(trip.id);
   * ```
   */
  listing(options: ListingOptions = {}): AsyncIterableIterator<Trip> {
    const call = readCallOptions(options);
    const reader = listingReader(this.#http.url(LISTING), this.#read);
    return flattenBatches(this.#listingBatches(options.onProgress, reader.done, call), reader.trip);
  }

  /**
   * The listing as records untouched (for `list --raw`), each with the trip it reads as; unreadable ones are left out like in listing().
   *
   * ```ts
   * for await (const { record, trip } of client.listingRecords({ timeoutMs: 10_000 })) console.log(trip.id, record);
   * ```
   */
  listingRecords(options: ListingOptions = {}): AsyncIterableIterator<ListingRecord> {
    const call = readCallOptions(options);
    const reader = listingReader(this.#http.url(LISTING), this.#read);
    return flattenBatches(this.#listingBatches(options.onProgress, reader.done, call), (record) => {
      // Printed as sent, a record must be shallow enough to print (the trip read from it is flat anyway).
      if (nestsTooDeep(record)) {
        throw new ApiError(`GET ${LISTING} sent a record nested more than ${MAX_JSON_DEPTH} levels deep; refused.`, 200, this.#http.url(LISTING));
      }
      const trip = reader.trip(record);
      return trip === undefined ? undefined : { record, trip };
    });
  }

  async *#listingBatches(onProgress: ListingOptions['onProgress'], done: () => void, call: RequestCallOptions): AsyncGenerator<unknown[]> {
    try {
      // The parser reads UTF-8: another declared charset is decoded to it, and UTF-8 is checked on the way.
      yield* this.#http.stream(LISTING, (body, headers) => parseListing(utf8Chunks(body, headers['content-type']), onProgress), 'records', call);
    } catch (error) {
      if (error instanceof ListingFormatError) {
        throw new ApiError(`GET ${LISTING} returned a body that is not a route listing: ${error.message}.`, 200, this.#http.url(LISTING));
      }
      if (error instanceof CharsetError) {
        throw new ApiError(`GET ${LISTING} returned a body motoroute cannot read: ${error.message}; the listing stops there.`, 200, this.#http.url(LISTING));
      }
      throw error;
    }
    // Every record was read by the time the last batch is asked past.
    done();
  }

  /**
   * GET /route/cities-near: served cities near a place.
   *
   * ```ts
   * const controller = new AbortController();
   * const near = client.citiesNear('Grenoble', { signal: controller.signal, maxAttempts: 1 });
   * controller.abort(); // near rejects at once with an InterruptedError
   * ```
   */
  citiesNear(location: string, options: AttemptOptions = {}): ApiPromise<NearbyCities> {
    return this.#call(() => this.#http.send('GET', '/route/cities-near', { query: { location }, ...callOptions(options) }), (response) => readNearbyCities(response, this.#read));
  }

  /**
   * GET /route/paris-marseille-cache: the route identifiers, whichever shape the service uses.
   *
   * ```ts
   * const { ids } = await client.parisMarseilleCache({ timeoutMs: 2_000 });
   * ```
   */
  parisMarseilleCache(options: CancelOptions = {}): ApiPromise<CacheIds> {
    return this.#call(() => this.#http.send('GET', '/route/paris-marseille-cache', callOptions(options)), (response) => readCacheIds(response, this.#read));
  }

  /**
   * POST /route/ai/batch (at most 10 queries per request; the caller splits larger sets). Retried like a GET,
   * since it carries an Idempotency-Key.
   *
   * ```ts
   * const { results } = await client.batch([{ depart: 'Paris' }, { arrival: 'Nice' }], { idempotencyKey: 'run-42', maxAttempts: 5 });
   * ```
   */
  batch(queries: SearchQuery[], options: BatchOptions = {}): ApiPromise<BatchResponse> {
    return this.#call(
      () => {
        const call = callOptions(options);
        const headers = { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID(), ...call.headers };
        return this.#http.send('POST', '/route/ai/batch', { body: { queries }, ...call, headers });
      },
      (response) => readBatch(response, queries, this.#read),
    );
  }

  /**
   * POST /route/ai/jobs: starts a search job (not retried once it may have reached the service).
   *
   * ```ts
   * const job = await client.createJob({ depart: 'Paris', arrival: 'Lyon' }, { timeoutMs: 10_000 });
   * ```
   */
  createJob(query: SearchQuery, options: RequestCallOptions = {}): ApiPromise<SearchJob> {
    return this.#call(() => this.#http.send('POST', '/route/ai/jobs', { body: query, ...callOptions(options) }), (response) => readJob(response, 'POST /route/ai/jobs'));
  }

  /**
   * GET /route/ai/jobs/{id}; an unknown job is a NotFoundError.
   *
   * ```ts
   * const job = await client.getJob(id, { signal: AbortSignal.timeout(30_000) });
   * if (job.status === 'completed') console.log(client.jobResult(job));
   * ```
   */
  getJob(id: string, options: CancelOptions = {}): ApiPromise<SearchJob> {
    return this.#call(
      () => this.#http.send('GET', `/route/ai/jobs/${encodeURIComponent(id)}`, callOptions(options)),
      (response) => readJob(response, 'GET /route/ai/jobs/{jobId}'),
    );
  }

  /** The trips of a completed job, whatever the shape of its result, or the result itself when it holds none. */
  jobResult(job: SearchJob): JobResult {
    return readJobResult(job, this.jobUrl(job.job_id), this.#read);
  }

  /** The address of a job, as polled. */
  jobUrl(id: string): string {
    return this.#http.url(`/route/ai/jobs/${encodeURIComponent(id)}`);
  }

  /**
   * POST /ask with `{question}`; the answer is any JSON.
   *
   * ```ts
   * const answer = await client.ask('Is there a trip from Paris to Nice next week?', { timeoutMs: 20_000 });
   * ```
   */
  ask(question: string, options: RequestCallOptions = {}): ApiPromise<unknown> {
    return this.#call(() => this.#http.send('POST', '/ask', { body: { question }, ...callOptions(options) }), readAnswer);
  }

  /**
   * Any request under the base URL, for `motoroute api`: same retries, budget, redirects and decoding, but error statuses are returned, not thrown.
   *
   * ```ts
   * const answer = await client.request('GET', '/route/ai/search', { query: { depart: 'Paris' }, timeoutMs: 5_000 });
   * console.log(answer.status, answer.headers['x-ratelimit-limit']);
   * ```
   */
  request(method: string, path: string, options: RequestOptions = {}): ApiPromise<RawResponse> {
    return this.#call(() => this.#http.send(method.toUpperCase(), path, { ...options, ...readCallOptions(options) }, true), (response) => response);
  }

  /**
   * GET of a JSON document under the base URL (the .well-known documents, /openapi.json).
   *
   * ```ts
   * const spec = await client.getJson('/openapi.json', { maxAttempts: 1 });
   * ```
   */
  getJson(path: string, options: RequestCallOptions = {}): ApiPromise<unknown> {
    return this.#call(() => this.#http.send('GET', path, callOptions(options)), (response) => decodeJson(response, schemas.anyJson(), `GET ${path}`));
  }

  /** Closes the keep-alive connections; the client cannot be used afterwards. */
  async close(): Promise<void> {
    await this.#http.close();
  }

  /** One request read into data, as an ApiPromise; a bad option (thrown by `send`) rejects it before any request. */
  #call<T>(send: () => Promise<RawResponse>, read: (response: RawResponse) => T): ApiPromise<T> {
    return apiPromise(async () => {
      const response = await send();
      return { data: read(response), response: responseInfo(response) };
    });
  }
}
