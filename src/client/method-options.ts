import type { Trip } from '../domain/types.js';
import { readCallOptions } from './call-options.js';
import type { ListingProgress } from './listing-parser.js';
import type { RequestCallOptions, RequestOptions } from './options.js';

/** Paging of one search request (a page number or a cursor, and the page size), with the call's own control. */
export interface SearchOptions extends RequestCallOptions {
  /** The page to read, from 1 (page mode). Default: the first. */
  page?: number | undefined;
  /** Trips a page, as the service allows (the reference caps it at 100). Default: the service's. */
  limit?: number | undefined;
  /** The `next_cursor` of the page before (cursor mode); leave out for the first page. */
  cursor?: string | undefined;
}

/** Options of searchPages and searchTrips: the page size, and the control of every page's request. */
export interface SearchPagesOptions extends RequestCallOptions {
  /** Trips a page, as the service allows (the reference caps it at 100). Default: the service's. */
  limit?: number | undefined;
}

/** Options of the full listing. */
export interface ListingOptions extends RequestCallOptions {
  /** Called as the listing streams in: bytes and records read so far. */
  onProgress?: ((progress: ListingProgress) => void) | undefined;
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
  idempotencyKey?: string | undefined;
}

/** Options of a request that needs only the per-call control (kept for the methods that took only `signal`). */
export interface CancelOptions extends RequestCallOptions {}

/** For one call: no retries (an answer that is nice to have, such as a hint, is not worth the backoff), and the call's own control. */
export interface AttemptOptions extends RequestCallOptions {
  /** `false`: one attempt only, whatever `maxAttempts` says. Default: retried like any GET. */
  retry?: false | undefined;
}

/** The request-path options of a call: its control (checked), and no retries when asked. */
export function callOptions(options: AttemptOptions): RequestOptions {
  return { ...readCallOptions(options), ...(options.retry === false && { retry: false }) };
}
