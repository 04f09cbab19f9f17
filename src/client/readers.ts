import type { CacheIds, JobResult } from './answers.js';
import type {
  BatchResponse,
  BatchResult,
  NearbyCities,
  SearchJob,
  SearchPage,
  SearchQuery,
  Trip,
} from '../domain/types.js';
import { decodeJson } from './decode.js';
import { locateJobTrips } from './job-result.js';
import { describeValue, toId } from './loose-values.js';
import { normaliseRoute } from './normalise.js';
import type { RawResponse, SkippedRecords } from './options.js';
import { RecordReader, schemaReader, type RecordResult } from './record-reader.js';
import { schemas, type JobEnvelope } from './schemas.js';
import { completePage, type RequestedPage } from './search-page.js';

/** How answers are read: strictness, the booking form to fall back on, and where skipped records are told. */
export interface ReadOptions {
  strict: boolean;
  bookingUrl: string;
  onSkippedRecords?: ((info: SkippedRecords) => void) | undefined;
}

export type { CacheIds, JobResult } from './answers.js';

/** Reads one trip record; the reason, when it cannot, names the route and the field. */
export function readTrip(record: unknown): RecordResult<Trip> {
  const result = normaliseRoute(record);
  return result.ok ? { ok: true, value: result.trip } : result;
}

function readId(value: unknown): RecordResult<string> {
  const id = toId(value);
  return id === undefined
    ? { ok: false, reason: `an id is ${describeValue(value)}, not a string or a number` }
    : { ok: true, value: id };
}

function finish(reader: RecordReader, options: ReadOptions): void {
  const skipped = reader.skipped;
  if (skipped) options.onSkippedRecords?.(skipped);
}

function bookUrlOf(value: unknown, options: ReadOptions): string {
  return typeof value === 'string' && value !== '' ? value : options.bookingUrl;
}

/** GET /route/ai/search: the page, its records read one by one, its envelope completed. */
export function readSearchPage(response: RawResponse, requested: RequestedPage, options: ReadOptions): SearchPage {
  const label = 'GET /route/ai/search';
  const envelope = decodeJson(response, schemas.searchEnvelope(), label);
  const reader = new RecordReader(label, response.url, options.strict);
  const routes = reader.read(envelope.routes, 'routes', readTrip);
  finish(reader, options);
  return completePage(envelope, routes, requested, options.bookingUrl);
}

/** GET /route/cities-near: the cities that can be read, and the source. */
export function readNearbyCities(response: RawResponse, options: ReadOptions): NearbyCities {
  const label = 'GET /route/cities-near';
  const envelope = decodeJson(response, schemas.nearbyEnvelope(), label);
  const reader = new RecordReader(label, response.url, options.strict);
  const cities = reader.read(envelope.cities, 'cities', schemaReader(schemas.nearbyCity()));
  finish(reader, options);
  return { cities, source: typeof envelope.source === 'string' ? envelope.source : '' };
}

/** GET /route/paris-marseille-cache: the ids that can be read, from any tolerated shape. */
export function readCacheIds(response: RawResponse, options: ReadOptions): CacheIds {
  const label = 'GET /route/paris-marseille-cache';
  const envelope = decodeJson(response, schemas.cacheEnvelope(), label);
  const reader = new RecordReader(label, response.url, options.strict);
  const ids = reader.read(envelope.ids, envelope.path, readId);
  finish(reader, options);
  return envelope.cachedAt === undefined ? { ids } : { ids, cachedAt: envelope.cachedAt };
}

/** POST /route/ai/batch: the entries that can be read (index and query filled from the request when missing), each with its readable trips. */
export function readBatch(response: RawResponse, queries: readonly SearchQuery[], options: ReadOptions): BatchResponse {
  const label = 'POST /route/ai/batch';
  const envelope = decodeJson(response, schemas.batchEnvelope(), label);
  const reader = new RecordReader(label, response.url, options.strict);
  const entries = envelope.results.map((entry, position) => ({ entry, position }));
  const results = reader.read(entries, 'results', ({ entry, position }) =>
    readBatchEntry(reader, entry, position, queries),
  );
  finish(reader, options);
  return { results, book_url: bookUrlOf(envelope.book_url, options) };
}

const entryReader = () => schemaReader(schemas.batchEntry());
let readEntry: ReturnType<typeof entryReader> | undefined;

/** One entry of a batch answer, at `position` in its results: its trips read one by one by `reader`. */
export function readBatchEntry(
  reader: RecordReader,
  entry: unknown,
  position: number,
  queries: readonly SearchQuery[],
): RecordResult<BatchResult> {
  const read = (readEntry ??= entryReader())(entry);
  if (!read.ok) return read;
  const index = read.value.index ?? position;
  const routes = reader.read(read.value.routes, `results[${position}].routes`, readTrip);
  return {
    ok: true,
    value: {
      index,
      query: readQuery(read.value.query, queries[index]),
      routes,
      total: read.value.total ?? read.value.routes.length,
    },
  };
}

/** POST /route/ai/jobs and GET /route/ai/jobs/{id}: the job, its state mapped onto the reference's three. */
export function readJob(response: RawResponse, endpoint: string): SearchJob {
  const envelope: JobEnvelope = decodeJson(response, schemas.job(), endpoint);
  // Keys in the order the service sends them: job_id, status, poll_url, then result or error.
  const pollUrl = typeof envelope.poll_url === 'string' ? { poll_url: envelope.poll_url } : {};
  if (envelope.status === 'completed')
    return { job_id: envelope.job_id, status: 'completed', ...pollUrl, result: envelope.result };
  if (envelope.status === 'failed') {
    const error = envelope.error !== undefined ? { error: envelope.error } : {};
    return { job_id: envelope.job_id, status: 'failed', ...pollUrl, ...error };
  }
  return { job_id: envelope.job_id, status: 'pending', ...pollUrl };
}

/** The trips of a completed job, whatever the shape of its result, or the result itself when it holds none. */
export function readJobResult(job: SearchJob, url: string, options: ReadOptions): JobResult {
  const located = locateJobTrips(job.result);
  if (located.kind === 'other') return located;
  const reader = new RecordReader('GET /route/ai/jobs/{jobId}', url, options.strict);
  const routes = reader.read(located.records, located.path, readTrip);
  finish(reader, options);
  const envelope = located.envelope ? schemas.searchEnvelope().safeParse(located.envelope) : undefined;
  // A partial envelope ({routes, total}) keeps what it says; a bare list is one whole page.
  const sent = envelope?.success
    ? envelope.data
    : { routes: located.records, total: located.records.length, page: 1, limit: Math.max(1, located.records.length) };
  return { kind: 'trips', page: completePage(sent, routes, {}, options.bookingUrl) };
}

/** POST /ask: any JSON. */
export function readAnswer(response: RawResponse): unknown {
  return decodeJson(response, schemas.anyJson(), 'POST /ask');
}

/** A listing reader: each record to a trip, or undefined when it is left out (counted, told at the end by `done`). */
export function listingReader(
  url: string,
  options: ReadOptions,
): { trip: (record: unknown) => Trip | undefined; done: () => void } {
  const reader = new RecordReader('GET /route/get/results', url, options.strict);
  return { trip: (record) => reader.one(record, 'record', readTrip), done: () => finish(reader, options) };
}

/** The query a batch entry ran: the one that was sent, with the string fields the service echoed over it. */
function readQuery(echoed: unknown, sent: SearchQuery | undefined): SearchQuery {
  const query: SearchQuery = { ...sent };
  if (typeof echoed !== 'object' || echoed === null) return query;
  for (const key of ['depart', 'arrival', 'date_from', 'date_to'] as const) {
    const value = (echoed as Record<string, unknown>)[key];
    if (typeof value === 'string') query[key] = value;
  }
  return query;
}
