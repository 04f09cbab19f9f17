/** A search filter, as sent to the service (reference §2.5). Dates are ISO `YYYY-MM-DD`. */
export interface SearchQuery {
  depart?: string;
  arrival?: string;
  date_from?: string;
  date_to?: string;
}

/**
 * One trip in the shape motoroute works with everywhere: the service's compact RouteAI record
 * (reference §2.2), which the full listing's Form A and Form B records are normalised into.
 * A null price means the trip is priced on quote.
 */
export interface Trip {
  id: string;
  date: string;
  depart: string;
  arrival: string;
  layovers: string[];
  price_min: number | null;
  price_max: number | null;
  slots: number[];
  times: string[];
  /**
   * What the record this trip was read from does not carry, so the fields above do not tell it: absent when
   * the record is complete (RouteAI). Listing records leave out the stopovers (Form A: `layovers` is then
   * empty but unknown), the places of every leg (Form A's one figure, Form B's first leg: `slots` holds what was
   * given) or the times after the first (`times`).
   */
  unknown?: readonly TripPart[];
}

/** A part of a trip a record may leave unknown. */
export type TripPart = 'layovers' | 'slots' | 'times';

/** Filters applied on this side of the wire, after the service's own (domain/trip-matcher.ts decides). */
export interface TripFilter {
  depart?: string;
  arrival?: string;
  dateFrom?: string;
  dateTo?: string;
  minSlots?: number;
  maxPrice?: number;
  via?: string;
}

/** The order trips are printed in: the service's date order, or lowest price first. */
export type TripSort = 'date' | 'price';

/** One page of search results (reference §2.4), with the optional cursor of newer deployments. */
export interface SearchPage {
  routes: Trip[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
  has_next: boolean;
  book_url: string;
  next_cursor?: string | null;
}

/** A served city near a place (reference §2.8). */
export interface NearbyCity {
  name: string;
  distance_km: number;
}

/** The answer of cities-near (reference §4.6). */
export interface NearbyCities {
  cities: NearbyCity[];
  source: string;
}

/** One entry of a batch answer (reference §2.7). */
export interface BatchResult {
  index: number;
  query: SearchQuery;
  routes: Trip[];
  total: number;
}

/** The answer of a batch request (reference §4.4). */
export interface BatchResponse {
  results: BatchResult[];
  book_url: string;
}

/** Where a search job stands: it moves from pending to completed or failed. */
export type JobStatus = 'pending' | 'completed' | 'failed';

/** A search job (reference §2.6). `result` is the search envelope once completed. */
export interface SearchJob {
  job_id: string;
  status: JobStatus;
  poll_url?: string;
  result?: unknown;
  error?: string;
}
