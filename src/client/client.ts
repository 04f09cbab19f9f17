import type * as z from 'zod/mini';
import type { BatchResponse, BatchResult, NearbyCities, SearchJob, SearchPage, SearchQuery, Trip } from '../domain/types.js';
import { ApiError } from '../errors.js';
import { decodeJson } from './decode.js';
import { flattenBatches } from './flatten-batches.js';
import { HttpTransport } from './http.js';
import { locateJobTrips } from './job-result.js';
import { ListingFormatError, parseListing, type ListingProgress } from './listing-parser.js';
import { toId } from './loose-values.js';
import { normaliseRoute } from './normalise.js';
import type { ClientOptions, QueryParams, RawResponse, RequestOptions } from './options.js';
import { followPages, type PagePosition } from './pagination.js';
import { RecordReader, schemaReader, type RecordResult } from './record-reader.js';
import { schemas } from './schemas.js';
import { completePage } from './search-page.js';

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
  onProgress?: (progress: ListingProgress) => void;
}

/** A listing record as the service sent it, with the trip it was read as. */
export interface ListingRecord {
  record: unknown;
  trip: Trip;
}

/** Options of a batch request. */
export interface BatchOptions {
  /** Sent as the Idempotency-Key header and reused on every retry; a random UUID when not given. */
  idempotencyKey?: string;
}

/** The Paris–Marseille cache, whichever of its tolerated shapes the service sent. */
export interface CacheIds {
  ids: string[];
  cachedAt?: string;
}

/** What a completed job's result holds: trips (in a page), or something else to show as it is. */
export type JobResult = { kind: 'trips'; page: SearchPage } | { kind: 'other'; value: unknown };

const SEARCH = '/route/ai/search';
const LISTING = '/route/get/results';
const DEFAULT_BOOKING_URL = 'https://symone.fr/moto';
const MAX_PAGE_CONCURRENCY = 8;

/** Reads one trip record; the reason, when it cannot, names the route and the field. */
export function readTrip(record: unknown): RecordResult<Trip> {
  const result = normaliseRoute(record);
  return result.ok ? { ok: true, value: result.trip } : result;
}

const readId = (value: unknown): RecordResult<string> => {
  const id = toId(value);
  return id === undefined ? { ok: false, reason: `an id is ${JSON.stringify(value) ?? 'missing'}, not a string or a number` } : { ok: true, value: id };
};

/**
 * The typed client of the Motorcycle Transport Route Search API: one method per endpoint. It is a tolerant
 * reader: records that cannot be read are left out and reported to `onSkippedRecords` (or fail with `strict`).
 */
export class RouteClient {
  readonly #http: HttpTransport;
  readonly #options: ClientOptions;

  constructor(options: ClientOptions) {
    this.#http = new HttpTransport(options);
    this.#options = options;
  }

  /** The base URL in use, without a trailing slash. */
  get baseUrl(): string {
    return this.#http.base.href.replace(/\/$/, '');
  }

  /** One page of GET /route/ai/search. */
  async search(query: SearchQuery, options: SearchOptions = {}): Promise<SearchPage> {
    const params: QueryParams = { ...query, limit: options.limit, page: options.page, cursor: options.cursor };
    const response = await this.#http.send('GET', SEARCH, options.signal ? { query: params, signal: options.signal } : { query: params });
    const label = `GET ${SEARCH}`;
    const envelope = decodeJson(response, schemas.searchEnvelope(), label);
    const reader = this.#reader(label, response);
    const routes = reader.read(envelope.routes, 'routes', readTrip);
    this.#reportSkipped(reader);
    return completePage(envelope, routes, options, this.#bookingUrl);
  }

  /**
   * Every page of a search, in order: following `next_cursor` one page at a time, or, in page mode, fetching
   * the pages after the first `pageConcurrency` at a time (within the rate budget).
   */
  searchPages(query: SearchQuery, options: { limit?: number } = {}): AsyncGenerator<SearchPage> {
    const concurrency = Math.min(MAX_PAGE_CONCURRENCY, Math.max(1, Math.floor(this.#options.pageConcurrency ?? 4)));
    return followPages((position: PagePosition, signal: AbortSignal) => this.search(query, { ...position, limit: options.limit, signal }), concurrency);
  }

  /** GET /route/get/results as a stream of trips, in service order; records that cannot be read are left out and reported at the end. */
  listing(options: ListingOptions = {}): AsyncIterableIterator<Trip> {
    const reader = this.#reader(`GET ${LISTING}`, undefined);
    return flattenBatches(this.#listingBatches(options.onProgress, reader), (record) => reader.one(record, 'record', readTrip));
  }

  /** The listing as records untouched (for `list --raw`), each with the trip it reads as; unreadable ones are left out like in listing(). */
  listingRecords(options: ListingOptions = {}): AsyncIterableIterator<ListingRecord> {
    const reader = this.#reader(`GET ${LISTING}`, undefined);
    return flattenBatches(this.#listingBatches(options.onProgress, reader), (record) => {
      const trip = reader.one(record, 'record', readTrip);
      return trip === undefined ? undefined : { record, trip };
    });
  }

  async *#listingBatches(onProgress: ListingOptions['onProgress'], reader: RecordReader): AsyncGenerator<unknown[]> {
    try {
      yield* this.#http.stream(LISTING, (body) => parseListing(body, onProgress), 'records');
    } catch (error) {
      if (error instanceof ListingFormatError) {
        throw new ApiError(`GET ${LISTING} returned a body that is not a route listing: ${error.message}.`, 200, this.#http.url(LISTING));
      }
      throw error;
    }
    // Every record was read by the time the last batch is done with.
    this.#reportSkipped(reader);
  }

  /** GET /route/cities-near: served cities near a place. */
  async citiesNear(location: string): Promise<NearbyCities> {
    const label = 'GET /route/cities-near';
    const response = await this.#http.send('GET', '/route/cities-near', { query: { location } });
    const envelope = decodeJson(response, schemas.nearbyEnvelope(), label);
    const reader = this.#reader(label, response);
    const cities = reader.read(envelope.cities, 'cities', schemaReader(schemas.nearbyCity()));
    this.#reportSkipped(reader);
    return { cities, source: typeof envelope.source === 'string' ? envelope.source : '' };
  }

  /** GET /route/paris-marseille-cache: the route identifiers, whichever shape the service uses. */
  async parisMarseilleCache(): Promise<CacheIds> {
    const label = 'GET /route/paris-marseille-cache';
    const response = await this.#http.send('GET', '/route/paris-marseille-cache');
    const envelope = decodeJson(response, schemas.cacheEnvelope(), label);
    const reader = this.#reader(label, response);
    const ids = reader.read(envelope.ids, envelope.path, readId);
    this.#reportSkipped(reader);
    return envelope.cachedAt === undefined ? { ids } : { ids, cachedAt: envelope.cachedAt };
  }

  /** POST /route/ai/batch (at most 10 queries per request; the caller splits larger sets). */
  async batch(queries: SearchQuery[], options: BatchOptions = {}): Promise<BatchResponse> {
    const label = 'POST /route/ai/batch';
    const headers = { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() };
    const response = await this.#http.send('POST', '/route/ai/batch', { body: { queries }, headers });
    const envelope = decodeJson(response, schemas.batchEnvelope(), label);
    const reader = this.#reader(label, response);
    const entries = envelope.results.map((entry, position) => ({ entry, position }));
    const results = reader.read(entries, 'results', ({ entry, position }: { entry: unknown; position: number }): RecordResult<BatchResult> => {
      const read = schemaReader(schemas.batchEntry())(entry);
      if (!read.ok) return read;
      const index = read.value.index ?? position;
      const routes = reader.read(read.value.routes, `results[${position}].routes`, readTrip);
      return { ok: true, value: { index, query: readQuery(read.value.query, queries[index]), routes, total: read.value.total ?? read.value.routes.length } };
    });
    this.#reportSkipped(reader);
    return { results, book_url: typeof envelope.book_url === 'string' && envelope.book_url !== '' ? envelope.book_url : this.#bookingUrl };
  }

  /** POST /route/ai/jobs: starts a search job (not retried once it may have reached the service). */
  async createJob(query: SearchQuery): Promise<SearchJob> {
    const response = await this.#http.send('POST', '/route/ai/jobs', { body: query });
    return jobOf(decodeJson(response, schemas.job(), 'POST /route/ai/jobs'));
  }

  /** GET /route/ai/jobs/{id}; an unknown job is a NotFoundError. */
  async getJob(id: string): Promise<SearchJob> {
    return jobOf(await this.#getJson(`/route/ai/jobs/${encodeURIComponent(id)}`, undefined, schemas.job(), 'GET /route/ai/jobs/{jobId}'));
  }

  /** The trips of a completed job, whatever the shape of its result, or the result itself when it holds none. */
  jobResult(job: SearchJob): JobResult {
    const located = locateJobTrips(job.result);
    if (located.kind === 'other') return located;
    const url = this.jobUrl(job.job_id);
    const reader = new RecordReader('GET /route/ai/jobs/{jobId}', url, this.#options.strict === true);
    const routes = reader.read(located.records, located.path, readTrip);
    this.#reportSkipped(reader);
    const envelope = located.envelope ? schemas.searchEnvelope().safeParse(located.envelope) : undefined;
    // A partial envelope ({routes, total}) keeps what it says; a bare list is one whole page.
    const sent = envelope?.success ? envelope.data : { routes: located.records, total: located.records.length, page: 1, limit: Math.max(1, located.records.length) };
    return { kind: 'trips', page: completePage(sent, routes, {}, this.#bookingUrl) };
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

  /** Any request under the base URL, for `motoroute api`: same retries, budget, redirects and decoding, but error statuses are returned, not thrown. */
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

  get #bookingUrl(): string {
    return this.#options.bookingUrl ?? DEFAULT_BOOKING_URL;
  }

  #reader(endpoint: string, response: RawResponse | undefined): RecordReader {
    return new RecordReader(endpoint, response?.url ?? this.#http.url(endpoint.replace(/^\w+ /, '')), this.#options.strict === true);
  }

  #reportSkipped(reader: RecordReader): void {
    const skipped = reader.skipped;
    if (skipped) this.#options.onSkippedRecords?.(skipped);
  }

  async #getJson<T>(path: string, query: QueryParams | undefined, schema: z.ZodMiniType<T>, label = `GET ${path}`): Promise<T> {
    const response = await this.#http.send('GET', path, query ? { query } : {});
    return decodeJson(response, schema, label);
  }
}

function jobOf(envelope: { job_id: string; status: SearchJob['status']; poll_url?: string | null | undefined; result?: unknown; error?: string | undefined }): SearchJob {
  const job: SearchJob = { job_id: envelope.job_id, status: envelope.status };
  if (typeof envelope.poll_url === 'string') job.poll_url = envelope.poll_url;
  if (envelope.result !== undefined) job.result = envelope.result;
  if (envelope.error !== undefined) job.error = envelope.error;
  return job;
}

/** The query a batch entry ran: its string fields as the service echoed them, else the one that was sent. */
function readQuery(echoed: unknown, sent: SearchQuery | undefined): SearchQuery {
  if (typeof echoed !== 'object' || echoed === null) return sent ?? {};
  const query: SearchQuery = {};
  for (const key of ['depart', 'arrival', 'date_from', 'date_to'] as const) {
    const value = (echoed as Record<string, unknown>)[key];
    if (typeof value === 'string') query[key] = value;
  }
  return query;
}
