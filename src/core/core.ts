import type { ListingOptions, RouteClient } from '../client/client.js';
import type { BudgetClock } from '../client/rate-budget.js';
import type { NearbyCities, Trip } from '../domain/types.js';
import type { ServedCities, CityResolution } from './cities.js';
import { createClock, type ServiceClock } from './clock.js';
import { ListingCache, LISTING_TTL_MS } from './listing-snapshot.js';
import { PlaceLookups, type PlaceLookup } from './place-lookup.js';
import { checkTrip, type TripCheck, type TripRequest } from './trip-check.js';
import { resolveTypedCities } from './typed-cities.js';
import { TripFinder, type FoundTrip } from './trips-by-id.js';
import { UpcomingTrips } from './upcoming.js';

/** What a face gives the core: its client (created on first use) and, for tests, a clock and how long a listing read serves. */
export interface CoreOptions {
  client: () => Promise<RouteClient>;
  clock?: ServiceClock;
  listingTtlMs?: number;
  /** The clock that lets a listing read go once its time is over, and a failed place look-up stand (tests move it). */
  cacheClock?: BudgetClock;
}

/**
 * What motoroute does, whoever asks: the service's clock, trips by id (completed), served cities and how a typed
 * city resolves, and the trip check. One per CLI run and one per MCP session, so that look-ups share a listing read.
 */
export class Core {
  readonly clock: ServiceClock;
  /** The client the core reads the service through, made on first use (a day's trips are searched with it). */
  readonly client: () => Promise<RouteClient>;
  readonly #listing: ListingCache;
  readonly #trips: TripFinder;
  readonly #places: PlaceLookups;

  constructor(options: CoreOptions) {
    this.clock = options.clock ?? createClock();
    this.client = options.client;
    this.#listing = new ListingCache(options.client, options.listingTtlMs ?? LISTING_TTL_MS, options.cacheClock);
    this.#trips = new TripFinder(options.client, this.#listing);
    const { cacheClock } = options;
    this.#places = new PlaceLookups(options.client, cacheClock ? () => cacheClock.now() : undefined);
  }

  /**
   * The trip with this id, completed to its real legs, times and places; undefined when no upcoming trip has it.
   * `onProgress` follows the listing read, when this look-up starts one.
   */
  findTrip(
    id: string,
    signal?: AbortSignal,
    onProgress?: ListingOptions['onProgress'],
  ): Promise<FoundTrip | undefined> {
    return this.#trips.find(id, signal, onProgress);
  }

  /** Trips kept by the listing read held now (0 once it is let go), for /metrics. */
  get listingTripsHeld(): number {
    return this.#listing.heldTrips;
  }

  /**
   * The cities the service serves, from the whole listing (read once for a while), keeping its trips by id for the
   * look-ups that follow (a day's file naming trips and quotes reads the listing once).
   */
  async servedCities(signal?: AbortSignal): Promise<ServedCities> {
    return (await this.#listing.snapshot(signal)).cities;
  }

  /**
   * The cities the service serves, for a caller that looks up no trip by id (completions, a search's typed cities,
   * a watch): the held listing read's, else a read that keeps the names only.
   */
  servedCityNames(signal?: AbortSignal): Promise<ServedCities> {
    return this.#listing.cities(signal);
  }

  /**
   * Typed cities against the served ones, in order: cities-near settles a served city in one small request; the
   * others (typos, parts of names) are resolved against the listing's cities, read keeping those names only.
   */
  async resolveCities(typed: readonly string[], signal?: AbortSignal): Promise<CityResolution[]> {
    return resolveTypedCities(
      (location) => this.citiesNear(location, signal),
      typed,
      () => this.#listing.cities(signal),
      signal,
    );
  }

  /**
   * GET /route/cities-near for a place, asked once a place for this core: the typed-city check, the hints after an
   * empty answer and a quote's places share the answer. `signal` is the first asker's.
   */
  citiesNear(location: string, signal?: AbortSignal): Promise<NearbyCities> {
    return this.#places.answer(location, signal);
  }

  /**
   * Where the service places a typed location, and the served cities near it (asked once a place for this core);
   * throws when the service cannot be asked.
   */
  locatePlace(typed: string, signal?: AbortSignal): Promise<PlaceLookup> {
    return this.#places.lookUp(typed, signal);
  }

  /** Whether the trip can take the request now (free places on the legs ridden, departure still to come). */
  checkTrip(trip: Trip, request: TripRequest): TripCheck {
    return checkTrip(trip, request, this.clock.moment());
  }

  /** A filter keeping the trips still to leave, as of now in France. */
  upcoming(): UpcomingTrips {
    return new UpcomingTrips(this.clock.moment());
  }
}
