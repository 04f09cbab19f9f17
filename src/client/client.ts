import type { BatchResponse, NearbyCities, SearchJob, SearchPage, SearchQuery, Trip } from '../domain/types.js';
import { ApiError } from '../errors.js';
import { CharsetError, utf8Chunks } from './charset.js';
import { decodeJson } from './decode.js';
import { flattenBatches } from './flatten-batches.js';
import { MAX_JSON_DEPTH, nestsTooDeep } from './json-limits.js';
import { HttpTransport } from './http.js';
import { ListingFormatError, parseListing, type ListingProgress } from './listing-parser.js';
import type { ClientOptions, QueryParams, RawResponse, RequestOptions } from './options.js';
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
import { schemas } from './schemas.js';

import type { CacheIds, JobResult } from './answers.js';
export type { CacheIds, JobResult } from './answers.js';

/** Paging of one search request: a page number or a cursor, and the page size. */
export interface SearchOptions {
  /** The page to read, from 1 (page mode). Default: the first. */
  page?: number;
  /** Trips a page, as the service allows (the reference caps it at 100). Default: the service's. */
  limit?: number;
  /** The `next_cursor` of the page before (cursor mode); leave out for the first page. */
  cursor?: string;
  /** Cancels this request only. */
  signal?: AbortSignal;
}

/** Options of the full listing. */
export interface ListingOptions {
  /** Called as the listing streams in: bytes and records read so far. */
  onProgress?: (progress: ListingProgress) => void;
  /** Cancels the listing request. */
  signal?: AbortSignal;
}

/** A listing record as the service sent it, with the trip it was read as. */
export interface ListingRecord {
  /** The record as the service sent it (any of the listing's forms), parsed from JSON but not read. */
  record: unknown;
  /** The trip the record reads as, normalised like {@link RouteClient.listing}'s. */
  trip: Trip;
}

/** Options of a batch request. */
export interface BatchOptions extends AttemptOptions {
  /** Sent as the Idempotency-Key header and reused on every retry; a random UUID when not given. */
  idempotencyKey?: string;
  /** Cancels this request only. */
  signal?: AbortSignal;
}

/** Options of a request that only needs cancelling. */
export interface CancelOptions {
  /** Cancels this request only. */
  signal?: AbortSignal;
}

/** For one call: no retries (an answer that is nice to have, such as a hint, is not worth the backoff), its own abort. */
export interface AttemptOptions {
  /** `false`: one attempt only, whatever `maxAttempts` says. Default: retried like any GET. */
  retry?: false;
  /** Cancels this request only (the client's own `signal` applies too). */
  signal?: AbortSignal;
}

function attemptOptions(options: AttemptOptions): { retry?: false; signal?: AbortSignal } {
  return { ...(options.retry === false ? { retry: false as const } : {}), ...(options.signal ? { signal: options.signal } : {}) };
}

const SEARCH = '/route/ai/search';
const LISTING = '/route/get/results';
const DEFAULT_BOOKING_URL = 'https://symone.fr/moto';
const MAX_PAGE_CONCURRENCY = 8;

/**
 * The typed client of the Motorcycle Transport Route Search API: one method per endpoint. It is a tolerant
 * reader: records that cannot be read are left out and reported to `onSkippedRecords`, or fail the answer
 * with `strict`. Failures are typed: {@link UsageError} for bad input, {@link ApiError} (and
 * {@link NotFoundError}, {@link RateLimitError}) for the service's error answers, {@link NetworkError} and
 * {@link TimeoutError} when it cannot be reached in time. GETs are retried on 5xx, 429 and network failures.
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
  readonly #options: ClientOptions;
  readonly #read: ReadOptions;

  /**
   * A client of the service at `options.baseUrl`; nothing is sent until a method is called.
   * @param options the base URL and, optionally, timeouts, retries, a request budget and hooks ({@link ClientOptions}).
   * @throws RangeError when a numeric option is out of range (the message names it).
   */
  constructor(options: ClientOptions) {
    this.#http = new HttpTransport(options);
    this.#options = options;
    this.#read = { strict: options.strict === true, bookingUrl: options.bookingUrl || DEFAULT_BOOKING_URL, onSkippedRecords: options.onSkippedRecords };
  }

  /** The base URL in use, without a trailing slash (after a permanent redirect of the whole base, the new one). */
  get baseUrl(): string {
    return this.#http.baseHref;
  }

  /**
   * One page of `GET /route/ai/search`: the trips matching `query`, with the paging the service announced.
   * @throws UsageError on a bad query (such as a date that is not `YYYY-MM-DD`), ApiError when the service refuses it.
   * @example
   * ```ts
   * const page = await client.search({ depart: 'Paris', arrival: 'Marseille', date_from: '2026-12-01' }, { limit: 20 });
   * for (const trip of page.routes) console.log(trip.date, trip.price_min ?? 'on quote');
   * ```
   */
  async search(query: SearchQuery, options: SearchOptions = {}): Promise<SearchPage> {
    const params: QueryParams = { ...query, limit: options.limit, page: options.page, cursor: options.cursor };
    const response = await this.#http.send('GET', SEARCH, options.signal ? { query: params, signal: options.signal } : { query: params });
    return readSearchPage(response, options, this.#read);
  }

  /**
   * Every page of a search, in order: following `next_cursor` one page at a time, or, in page mode, fetching
   * the pages after the first `pageConcurrency` at a time (within the rate budget). A service whose paging
   * repeats itself or overruns its announced total fails with an ApiError rather than looping.
   * @param options `limit`: trips a page; `signal`: stops the paging (the loop then throws).
   * @example
   * ```ts
   * for await (const page of client.searchPages({ depart: 'Paris' }, { limit: 50 })) {
   *   console.log(`page of ${page.routes.length} trips`);
   * }
   * ```
   */
  searchPages(query: SearchQuery, options: { limit?: number; signal?: AbortSignal } = {}): AsyncGenerator<SearchPage> {
    const wanted = Math.floor(this.#options.pageConcurrency ?? 4);
    const concurrency = Number.isFinite(wanted) ? Math.min(MAX_PAGE_CONCURRENCY, Math.max(1, wanted)) : 4;
    const outer = options.signal;
    return followPages((position: PagePosition, signal: AbortSignal) => {
      const either = outer ? AbortSignal.any([outer, signal]) : signal;
      return this.search(query, { ...position, limit: options.limit, signal: either });
    }, concurrency);
  }

  /**
   * Every trip of a search, one at a time, across every page (item by item over {@link searchPages}, which it
   * reads one page ahead at most). Breaking out of the loop stops the paging.
   * @example
   * ```ts
   * for await (const trip of client.searchTrips({ depart: 'Paris', arrival: 'Marseille' })) console.log(trip.id, trip.date);
   * ```
   */
  async *searchTrips(query: SearchQuery, options: { limit?: number; signal?: AbortSignal } = {}): AsyncGenerator<Trip> {
    for await (const page of this.searchPages(query, options)) yield* page.routes;
  }

  /**
   * `GET /route/get/results`, every published trip, as a stream in service order: memory stays flat however
   * long the listing. Records that cannot be read are left out and reported to `onSkippedRecords` at the end.
   * @example
   * ```ts
   * let count = 0;
   * for await (const trip of client.listing({ onProgress: ({ records }) => process.stderr.write(`\r${records}`) })) {
   *   if (trip.depart === 'Lyon') count += 1;
   * }
   * ```
   */
  listing(options: ListingOptions = {}): AsyncIterableIterator<Trip> {
    const reader = listingReader(this.#http.url(LISTING), this.#read);
    return flattenBatches(this.#listingBatches(options.onProgress, reader.done, options.signal), reader.trip);
  }

  /**
   * The listing as records untouched (in whichever form the service sent them), each with the trip it reads as;
   * unreadable ones are left out as in {@link listing}.
   * @example
   * ```ts
   * for await (const { record, trip } of client.listingRecords()) console.log(trip.id, JSON.stringify(record));
   * ```
   */
  listingRecords(options: ListingOptions = {}): AsyncIterableIterator<ListingRecord> {
    const reader = listingReader(this.#http.url(LISTING), this.#read);
    return flattenBatches(this.#listingBatches(options.onProgress, reader.done), (record) => {
      // Printed as sent, a record must be shallow enough to print (the trip read from it is flat anyway).
      if (nestsTooDeep(record)) {
        throw new ApiError(`GET ${LISTING} sent a record nested more than ${MAX_JSON_DEPTH} levels deep; refused.`, 200, this.#http.url(LISTING));
      }
      const trip = reader.trip(record);
      return trip === undefined ? undefined : { record, trip };
    });
  }

  async *#listingBatches(onProgress: ListingOptions['onProgress'], done: () => void, signal?: AbortSignal): AsyncGenerator<unknown[]> {
    try {
      // The parser reads UTF-8: another declared charset is decoded to it, and UTF-8 is checked on the way.
      yield* this.#http.stream(LISTING, (body, headers) => parseListing(utf8Chunks(body, headers['content-type']), onProgress), 'records', signal);
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
   * `GET /route/cities-near`: the served cities near a place, nearest first, with their distance.
   * @param location a city or place name, as a person types it.
   * @example
   * ```ts
   * const { cities } = await client.citiesNear('Grenoble');
   * console.log(cities.map((city) => city.name));
   * ```
   */
  async citiesNear(location: string, options: AttemptOptions = {}): Promise<NearbyCities> {
    return readNearbyCities(await this.#http.send('GET', '/route/cities-near', { query: { location }, ...attemptOptions(options) }), this.#read);
  }

  /**
   * `GET /route/paris-marseille-cache`: the identifiers of the cached Paris–Marseille routes, whichever shape
   * the service answers in.
   * @example
   * ```ts
   * const { ids, cachedAt } = await client.parisMarseilleCache();
   * console.log(`${ids.length} routes cached at ${cachedAt ?? 'an unknown time'}`);
   * ```
   */
  async parisMarseilleCache(options: CancelOptions = {}): Promise<CacheIds> {
    return readCacheIds(await this.#http.send('GET', '/route/paris-marseille-cache', options.signal ? { signal: options.signal } : {}), this.#read);
  }

  /**
   * `POST /route/ai/batch`: several searches in one request (at most 10 queries; split larger sets). It carries
   * an `Idempotency-Key`, so it is retried like a GET.
   * @throws UsageError for more than 10 queries or a bad one.
   * @example
   * ```ts
   * const { results } = await client.batch([{ depart: 'Paris', arrival: 'Lyon' }, { depart: 'Lyon', arrival: 'Nice' }]);
   * for (const result of results) console.log(result.query.depart, result.routes.length);
   * ```
   */
  async batch(queries: SearchQuery[], options: BatchOptions = {}): Promise<BatchResponse> {
    const headers = { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() };
    const response = await this.#http.send('POST', '/route/ai/batch', { body: { queries }, headers, ...attemptOptions(options) });
    return readBatch(response, queries, this.#read);
  }

  /**
   * `POST /route/ai/jobs`: starts a search job run by the service in the background; poll it with {@link getJob}.
   * Not retried once it may have reached the service (a retry could start a second job).
   * @example
   * ```ts
   * let job = await client.createJob({ depart: 'Paris', arrival: 'Marseille' });
   * while (job.status === 'pending') {
   *   await new Promise((resolve) => setTimeout(resolve, 1000));
   *   job = await client.getJob(job.job_id);
   * }
   * ```
   */
  async createJob(query: SearchQuery): Promise<SearchJob> {
    return readJob(await this.#http.send('POST', '/route/ai/jobs', { body: query }), 'POST /route/ai/jobs');
  }

  /**
   * `GET /route/ai/jobs/{id}`: a job's status, and its result once completed.
   * @param options `signal` aborts this request only (a wait's deadline, say).
   * @throws NotFoundError for an unknown (or expired) job.
   * @example
   * ```ts
   * const job = await client.getJob('job-42');
   * if (job.status === 'completed') console.log(client.jobResult(job));
   * ```
   */
  async getJob(id: string, options: { signal?: AbortSignal } = {}): Promise<SearchJob> {
    return readJob(await this.#http.send('GET', `/route/ai/jobs/${encodeURIComponent(id)}`, options.signal ? { signal: options.signal } : {}), 'GET /route/ai/jobs/{jobId}');
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
   * const answer = await client.ask('Is there a trip from Paris to Nice next week?');
   * console.log(JSON.stringify(answer));
   * ```
   */
  async ask(question: string): Promise<unknown> {
    return readAnswer(await this.#http.send('POST', '/ask', { body: { question } }));
  }

  /**
   * Any request under the base URL, with the same retries, budget, redirects and decoding as the typed methods,
   * but an error status is returned, not thrown (a network failure still throws).
   * @param path the path after the base URL, such as `/route/ai/search`.
   * @example
   * ```ts
   * const response = await client.request('GET', '/route/ai/search', { query: { depart: 'Paris', limit: 5 } });
   * console.log(response.status, response.headers['content-type'], response.body.toString('utf8'));
   * ```
   */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<RawResponse> {
    return this.#http.send(method.toUpperCase(), path, options, true);
  }

  /**
   * `GET` of any JSON document under the base URL (the `.well-known` documents, `/openapi.json`), parsed.
   * @throws ApiError on an error status or a body that is not JSON.
   * @example
   * ```ts
   * const spec = await client.getJson('/openapi.json');
   * ```
   */
  async getJson(path: string): Promise<unknown> {
    return decodeJson(await this.#http.send('GET', path), schemas.anyJson(), `GET ${path}`);
  }

  /**
   * Closes the keep-alive connections, so the process can end at once; the client cannot be used afterwards.
   * @example
   * ```ts
   * const client = new RouteClient({ baseUrl });
   * try { console.log((await client.search({ depart: 'Paris' })).total); } finally { await client.close(); }
   * ```
   */
  async close(): Promise<void> {
    await this.#http.close();
  }
}
