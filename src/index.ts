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
export type {
  SearchOptions,
  SearchPagesOptions,
  ListingOptions,
  ListingRecord,
  BatchOptions,
  CancelOptions,
  AttemptOptions,
  CacheIds,
  JobResult,
  SearchResultPage,
} from './client/client.js';
export { ApiPromise } from './client/api-promise.js';
export type { WithResponse } from './client/api-promise.js';
export type { ResponseInfo } from './client/response-info.js';
export type {
  ClientOptions,
  AttemptInfo,
  DeprecationInfo,
  MovedInfo,
  RetryWait,
  SkippedRecords,
  RequestCallOptions,
  RequestOptions,
  RawResponse,
  QueryParams,
  RateGate,
  FetchFunction,
  FetchInit,
  FetchResponse,
} from './client/options.js';
export type { BudgetClock } from './client/rate-budget.js';
export type { NormaliseResult } from './client/normalise.js';
export { normaliseRoute } from './client/normalise.js';
export type { ListingProgress } from './client/listing-parser.js';
export type {
  SearchQuery,
  Trip,
  TripPart,
  SearchPage,
  NearbyCity,
  NearbyCities,
  BatchResult,
  BatchResponse,
  JobStatus,
  SearchJob,
  PendingSearchJob,
  CompletedSearchJob,
  FailedSearchJob,
} from './domain/types.js';
// The rules every face of motoroute asks (src/core/): the trip check, round trips, France's clock, served cities.
export type { TripCheck, TripRequest, RiddenPart } from './core/trip-check.js';
export { checkTrip } from './core/trip-check.js';
export type { RoundTripPair } from './core/round-trips.js';
export { canPair, cheapestRoundTrip } from './core/round-trips.js';
export type { FranceMoment } from './domain/france-time.js';
export { franceMoment } from './domain/france-time.js';
export { hasLeft } from './core/upcoming.js';
export type { CityResolution } from './core/cities.js';
export { ServedCities } from './core/cities.js';
export type { Remedy, ApiErrorOptions } from './errors.js';
export type { HeaderRecord } from './domain/header-record.js';
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
