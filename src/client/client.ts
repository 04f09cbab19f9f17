import type * as z from 'zod/mini';
import type { BatchResponse, NearbyCities, SearchJob, SearchPage, SearchQuery } from '../domain/types.js';
import { ApiError } from '../errors.js';
import { decodeJson, summariseIssue } from './decode.js';
import { flattenBatches } from './flatten-batches.js';
import { HttpTransport } from './http.js';
import { ListingFormatError, parseListing, type ListingProgress } from './listing-parser.js';
import { normaliseRoute, type NormaliseResult } from './normalise.js';
import type { ClientOptions, QueryParams, RawResponse, RequestOptions } from './options.js';
import { followPages, type PagePosition } from './pagination.js';
import { schemas, type CacheIds } from './schemas.js';

/** Paging of one search request: a page number or a cursor, and the page size. */
export interface SearchOptions {
  page?: number;
  limit?: number;
  cursor?: string;
}

/** Options of the full listing. */
export interface ListingOptions {
  /** Yield the records untouched instead of normalised results. */
  raw?: boolean;
  onProgress?: (progress: ListingProgress) => void;
}

/** Options of a batch request. */
export interface BatchOptions {
  /** Sent as the Idempotency-Key header and reused on every retry; a random UUID when not given. */
  idempotencyKey?: string;
}

const SEARCH = '/route/ai/search';
const LISTING = '/route/get/results';

/** The typed client of the Motorcycle Transport Route Search API: one method per endpoint. */
export class RouteClient {
  readonly #http: HttpTransport;

  constructor(options: ClientOptions) {
    this.#http = new HttpTransport(options);
  }

  /** The base URL in use, without a trailing slash. */
  get baseUrl(): string {
    return this.#http.base.href.replace(/\/$/, '');
  }

  /** One page of GET /route/ai/search. */
  async search(query: SearchQuery, options: SearchOptions = {}): Promise<SearchPage> {
    const params: QueryParams = { ...query, limit: options.limit, page: options.page, cursor: options.cursor };
    return this.#getJson(SEARCH, params, schemas.searchPage());
  }

  /** Every page of a search, following `next_cursor` or `page`/`has_next`. */
  searchPages(query: SearchQuery, options: { limit?: number } = {}): AsyncGenerator<SearchPage> {
    return followPages((position: PagePosition) => this.search(query, { ...position, limit: options.limit }));
  }

  /** GET /route/get/results as a stream: normalised results (or raw records with `raw`), in service order. */
  listing(options: ListingOptions & { raw: true }): AsyncIterableIterator<unknown>;
  listing(options?: ListingOptions & { raw?: false }): AsyncIterableIterator<NormaliseResult>;
  listing(options?: ListingOptions): AsyncIterableIterator<unknown>;
  listing(options: ListingOptions = {}): AsyncIterableIterator<unknown> {
    const batches = this.#listingBatches(options.onProgress);
    return options.raw ? flattenBatches(batches, (record) => record) : flattenBatches(batches, normaliseRoute);
  }

  async *#listingBatches(onProgress: ListingOptions['onProgress']): AsyncGenerator<unknown[]> {
    try {
      yield* this.#http.stream(LISTING, (body) => parseListing(body, onProgress), 'records');
    } catch (error) {
      if (error instanceof ListingFormatError) {
        throw new ApiError(`GET ${LISTING} returned a body that is not a route listing: ${error.message}.`, 200, this.#http.url(LISTING));
      }
      throw error;
    }
  }

  /** GET /route/cities-near: served cities near a place. */
  async citiesNear(location: string): Promise<NearbyCities> {
    return this.#getJson('/route/cities-near', { location }, schemas.nearbyCities());
  }

  /** GET /route/paris-marseille-cache: the route identifiers, whichever shape the service uses. */
  async parisMarseilleCache(): Promise<CacheIds> {
    return this.#getJson('/route/paris-marseille-cache', undefined, schemas.cache());
  }

  /** POST /route/ai/batch (at most 10 queries per request; the caller splits larger sets). */
  async batch(queries: SearchQuery[], options: BatchOptions = {}): Promise<BatchResponse> {
    const headers = { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() };
    const response = await this.#http.send('POST', '/route/ai/batch', { body: { queries }, headers });
    return decodeJson(response, schemas.batch(), 'POST /route/ai/batch');
  }

  /** POST /route/ai/jobs: starts a search job (not retried once it may have reached the service). */
  async createJob(query: SearchQuery): Promise<SearchJob> {
    const response = await this.#http.send('POST', '/route/ai/jobs', { body: query });
    return decodeJson(response, schemas.job(), 'POST /route/ai/jobs');
  }

  /** GET /route/ai/jobs/{id}; an unknown job is a NotFoundError. */
  async getJob(id: string): Promise<SearchJob> {
    return this.#getJson(`/route/ai/jobs/${encodeURIComponent(id)}`, undefined, schemas.job(), 'GET /route/ai/jobs/{jobId}');
  }

  /** The search envelope of a completed job; an ApiError when the result has another shape. */
  parseJobResult(job: SearchJob): SearchPage {
    const result = schemas.searchPage().safeParse(job.result);
    if (!result.success) {
      throw new ApiError(`Job ${job.job_id} completed with an unexpected result: ${summariseIssue(result.error)}.`, 200, this.jobUrl(job.job_id));
    }
    return result.data;
  }

  /** The address of a job, as polled. */
  jobUrl(id: string): string {
    return this.#http.url(`/route/ai/jobs/${encodeURIComponent(id)}`);
  }

  /** POST /ask with `{question}`; the answer is any JSON. */
  async ask(question: string): Promise<unknown> {
    const response = await this.#http.send('POST', '/ask', { body: { question } });
    return decodeJson(response, schemas.anyJson(), 'POST /ask');
  }

  /** Any request under the base URL, for `motoroute api`: same retries, budget and timeouts, but error statuses are returned, not thrown. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<RawResponse> {
    return this.#http.send(method.toUpperCase(), path, options, true);
  }

  /** GET of a JSON document under the base URL (the .well-known documents, /openapi.json). */
  async getJson(path: string): Promise<unknown> {
    return this.#getJson(path, undefined, schemas.anyJson());
  }

  /** Closes the keep-alive connections; the client cannot be used afterwards. */
  async close(): Promise<void> {
    await this.#http.close();
  }

  async #getJson<T>(path: string, query: QueryParams | undefined, schema: z.ZodMiniType<T>, label = `GET ${path}`): Promise<T> {
    const response = await this.#http.send('GET', path, query ? { query } : {});
    return decodeJson(response, schema, label);
  }
}
