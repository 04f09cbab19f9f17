/** A search filter, as sent to the service's `GET /route/ai/search`. Dates are ISO `YYYY-MM-DD`. */
export interface SearchQuery {
  /** Where the trip is boarded: a city name, matched case- and accent-insensitively at any stop before the arrival. */
  depart?: string;
  /** Where the trip is left: a city name, matched at any stop after the departure. */
  arrival?: string;
  /** The earliest departure date, `YYYY-MM-DD` (France's calendar), included. */
  date_from?: string;
  /** The latest departure date, `YYYY-MM-DD`, included. */
  date_to?: string;
}

/**
 * One trip in the shape motoroute works with everywhere: the service's compact RouteAI record
 *, which the full listing's Form A and Form B records are normalised into.
 * A null price means the trip is priced on quote.
 */
export interface Trip {
  /** The service's id of the trip (a string, even when the service sends a number: ids may pass 2^53). */
  id: string;
  /** The departure date, `YYYY-MM-DD`, in France's calendar. */
  date: string;
  /** The first stop: the city the truck leaves from. */
  depart: string;
  /** The last stop: the city it arrives in. */
  arrival: string;
  /** The stopovers between, in order (empty for a direct trip, or when the record leaves them out: see `unknown`). */
  layovers: string[];
  /** The lowest price, in euros, or null when the trip is priced on quote. */
  price_min: number | null;
  /** The highest price, in euros, or null when the trip is priced on quote. */
  price_max: number | null;
  /** Free motorcycle places on each leg, in order (one leg more than `layovers`); 0 is a full leg. */
  slots: number[];
  /** Departure time at each stop, `HH:MM` in France's time, first stop first. */
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

/** One page of search results, with the optional cursor of newer deployments. */
export interface SearchPage {
  /** The trips of this page, in the service's order (by date). */
  routes: Trip[];
  /** Trips matching the search across every page. */
  total: number;
  /** This page's number, from 1. */
  page: number;
  /** The page size the service used. */
  limit: number;
  /** Pages in all (0 when nothing matches). */
  total_pages: number;
  /** True when a page follows this one. */
  has_next: boolean;
  /** The booking form's address for these trips. */
  book_url: string;
  /** In cursor mode, the cursor of the next page (null or absent on the last one). */
  next_cursor?: string | null;
}

/** A served city near a place. */
export interface NearbyCity {
  /** The served city's name, as the service writes it. */
  name: string;
  /** Distance from the place asked about, in kilometres as the crow flies. */
  distance_km: number;
}

/** The answer of cities-near. */
export interface NearbyCities {
  /** The served cities near the place, nearest first. */
  cities: NearbyCity[];
  /** How the service located the place (its own word, such as a geocoder's name). */
  source: string;
}

/** One entry of a batch answer. */
export interface BatchResult {
  /** The query's position in the request, from 0. */
  index: number;
  /** The query as sent. */
  query: SearchQuery;
  /** Its trips (the first page of them). */
  routes: Trip[];
  /** Trips matching the query in all. */
  total: number;
}

/** The answer of a batch request. */
export interface BatchResponse {
  /** One result a query, in the order of the queries. */
  results: BatchResult[];
  /** The booking form's address. */
  book_url: string;
}

/** Where a search job stands: it moves from pending to completed or failed. */
export type JobStatus = 'pending' | 'completed' | 'failed';

/** What every state of a search job carries. */
interface SearchJobBase {
  /** The job's id, for {@link RouteClient.getJob}. */
  job_id: string;
  /** Where the service says to poll it, when it says. */
  poll_url?: string;
}

/** A search job still running: poll it again later. */
export interface PendingSearchJob extends SearchJobBase {
  /** Always `'pending'`. */
  status: 'pending';
  /** Never set while pending. */
  result?: undefined;
  /** Never set while pending. */
  error?: undefined;
}

/** A search job that completed: `result` holds the search's answer (read it with {@link RouteClient.jobResult}). */
export interface CompletedSearchJob extends SearchJobBase {
  /** Always `'completed'`. */
  status: 'completed';
  /** The search's answer, as the service sent it (a search page, or another shape some deployments use). */
  result: unknown;
  /** Never set once completed. */
  error?: undefined;
}

/** A search job that failed. */
export interface FailedSearchJob extends SearchJobBase {
  /** Always `'failed'`. */
  status: 'failed';
  /** Never set on a failed job. */
  result?: undefined;
  /** The service's reason, when it gave one. */
  error?: string;
}

/**
 * A search job, narrowed by `status`: `result` once `'completed'`, `error` (when the service gave one) once `'failed'`.
 * @example
 * ```ts
 * const job = await client.getJob(id);
 * if (job.status === 'completed') console.log(client.jobResult(job));
 * else if (job.status === 'failed') console.error(job.error ?? 'no reason given');
 * ```
 */
export type SearchJob = PendingSearchJob | CompletedSearchJob | FailedSearchJob;
