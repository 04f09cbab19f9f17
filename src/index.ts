// The library entry: `import { RouteClient } from 'motoroute'`.
export { RouteClient } from './client/client.js';
export type { SearchOptions, ListingOptions, ListingRecord, BatchOptions, CacheIds, JobResult } from './client/client.js';
export type {
  ClientOptions,
  AttemptInfo,
  DeprecationInfo,
  MovedInfo,
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
