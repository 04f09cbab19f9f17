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
  page?: number;
  limit?: number;
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
  record: unknown;
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
  retry?: false;
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
 * reader (see readers.ts): records that cannot be read are left out and reported to `onSkippedRecords`,
 * or fail the answer with `strict`.
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

  /** One page of GET /route/ai/search. */
  async search(query: SearchQuery, options: SearchOptions = {}): Promise<SearchPage> {
    const params: QueryParams = { ...query, limit: options.limit, page: options.page, cursor: options.cursor };
    const response = await this.#http.send('GET', SEARCH, options.signal ? { query: params, signal: options.signal } : { query: params });
    return readSearchPage(response, options, this.#read);
  }

  /**
   * Every page of a search, in order: following `next_cursor` one page at a time, or, in page mode, fetching
   * the pages after the first `pageConcurrency` at a time (within the rate budget).
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
   * Every trip of a search, one at a time, across every page (item by item over searchPages).
   *
   * ```ts
   * for await (const trip of client.searchTrips({ depart: 'Paris', arrival: 'Marseille' })) console.log(trip.id, trip.date);
   * ```
   */
  async *searchTrips(query: SearchQuery, options: { limit?: number; signal?: AbortSignal } = {}): AsyncGenerator<Trip> {
    for await (const page of this.searchPages(query, options)) yield* page.routes;
  }

  /** GET /route/get/results as a stream of trips, in service order; records that cannot be read are left out and reported at the end. */
  listing(options: ListingOptions = {}): AsyncIterableIterator<Trip> {
    const reader = listingReader(this.#http.url(LISTING), this.#read);
    return flattenBatches(this.#listingBatches(options.onProgress, reader.done, options.signal), reader.trip);
  }

  /** The listing as records untouched (for `list --raw`), each with the trip it reads as; unreadable ones are left out like in listing(). */
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

  /** GET /route/cities-near: served cities near a place. */
  async citiesNear(location: string, options: AttemptOptions = {}): Promise<NearbyCities> {
    return readNearbyCities(await this.#http.send('GET', '/route/cities-near', { query: { location }, ...attemptOptions(options) }), this.#read);
  }

  /** GET /route/paris-marseille-cache: the route identifiers, whichever shape the service uses. */
  async parisMarseilleCache(options: CancelOptions = {}): Promise<CacheIds> {
    return readCacheIds(await this.#http.send('GET', '/route/paris-marseille-cache', options.signal ? { signal: options.signal } : {}), this.#read);
  }

  /** POST /route/ai/batch (at most 10 queries per request; the caller splits larger sets). */
  async batch(queries: SearchQuery[], options: BatchOptions = {}): Promise<BatchResponse> {
    const headers = { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() };
    const response = await this.#http.send('POST', '/route/ai/batch', { body: { queries }, headers, ...attemptOptions(options) });
    return readBatch(response, queries, this.#read);
  }

  /** POST /route/ai/jobs: starts a search job (not retried once it may have reached the service). */
  async createJob(query: SearchQuery): Promise<SearchJob> {
    return readJob(await this.#http.send('POST', '/route/ai/jobs', { body: query }), 'POST /route/ai/jobs');
  }

  /** GET /route/ai/jobs/{id}; an unknown job is a NotFoundError. `signal` aborts this request only (e.g. a wait's deadline). */
  async getJob(id: string, options: { signal?: AbortSignal } = {}): Promise<SearchJob> {
    return readJob(await this.#http.send('GET', `/route/ai/jobs/${encodeURIComponent(id)}`, options.signal ? { signal: options.signal } : {}), 'GET /route/ai/jobs/{jobId}');
  }

  /** The trips of a completed job, whatever the shape of its result, or the result itself when it holds none. */
  jobResult(job: SearchJob): JobResult {
    return readJobResult(job, this.jobUrl(job.job_id), this.#read);
  }

  /** The address of a job, as polled. */
  jobUrl(id: string): string {
    return this.#http.url(`/route/ai/jobs/${encodeURIComponent(id)}`);
  }

  /** POST /ask with `{question}`; the answer is any JSON. */
  async ask(question: string): Promise<unknown> {
    return readAnswer(await this.#http.send('POST', '/ask', { body: { question } }));
  }

  /** Any request under the base URL, for `motoroute api`: same retries, budget, redirects and decoding, but error statuses are returned, not thrown. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<RawResponse> {
    return this.#http.send(method.toUpperCase(), path, options, true);
  }

  /** GET of a JSON document under the base URL (the .well-known documents, /openapi.json). */
  async getJson(path: string): Promise<unknown> {
    return decodeJson(await this.#http.send('GET', path), schemas.anyJson(), `GET ${path}`);
  }

  /** Closes the keep-alive connections; the client cannot be used afterwards. */
  async close(): Promise<void> {
    await this.#http.close();
  }
}
