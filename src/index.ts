/**
 * `motoroute`: the typed client of the Motorcycle Transport Route Search API, its errors and types.
 *
 * ```ts
 * import { RouteClient } from 'motoroute';
 * const client = new RouteClient({ baseUrl: 'https://symone.fr/api-proxy/v1' });
 * for await (const page of client.searchPages({ depart: 'Paris', arrival: 'Marseille' })) console.log(page.routes);
 * ```
 * @module motoroute
 */
export { RouteClient } from './client/client.js';
export type { SearchOptions, ListingOptions, ListingRecord, BatchOptions, CacheIds, JobResult } from './client/client.js';
export type {
  ClientOptions,
  AttemptInfo,
  DeprecationInfo,
  MovedInfo,
  RetryWait,
  SkippedRecords,
  RequestOptions,
  RawResponse,
  QueryParams,
} from './client/options.js';
export type { NormaliseResult } from './client/normalise.js';
export { normaliseRoute } from './client/normalise.js';
export type { ListingProgress } from './client/listing-parser.js';
export type {
  SearchQuery,
  Trip,
  SearchPage,
  NearbyCity,
  NearbyCities,
  BatchResult,
  BatchResponse,
  JobStatus,
  SearchJob,
} from './domain/types.js';
export {
  ExitCode,
  MotorouteError,
  UsageError,
  ApiError,
  NotFoundError,
  RateLimitError,
  NetworkError,
  TimeoutError,
  InterruptedError,
} from './errors.js';
export { VERSION } from './version.js';
