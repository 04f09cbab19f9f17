/**
 * `motoroute/server`: the local stand-in of the Motorcycle Transport Route Search API, for anyone's tests.
 * Start it on a free loopback port, point your code at `svc.url`, close it afterwards:
 *
 * ```ts
 * import { startLocalService } from 'motoroute/server';
 * const svc = await startLocalService({ routes: 500, seed: 1, today: '2026-12-01' });
 * // … your code calls `${svc.url}/route/ai/search?depart=Paris` …
 * await svc.close();
 * ```
 * @module motoroute/server
 */
import type { FaultHooks } from './faults.js';
import type { ServerOptions } from './options.js';
import { startServer } from './server.js';
import type { NewTrip, ServiceTrip } from './service-trip.js';
import type { ServerStats } from './stats.js';

export type { FaultHooks } from './faults.js';
export type { ServerStats } from './stats.js';
export type { ServerOptions, CompressEncoding, ListingForm, MovedStatus, JobResultShape, AskShape } from './options.js';
export { ASK_SHAPES, COMPRESS_ENCODINGS, JOB_RESULT_SHAPES, MOVED_STATUSES } from './options.js';
export { TripInputError, type NewTrip, type ServiceTrip } from './service-trip.js';
export { MotorouteError, UsageError } from '../errors.js';

/** Misbehaviour the service shows from the start (rates draw from a seeded generator, so runs repeat); see {@link ServerOptions}. */
export type LocalServiceFaults = Pick<
  ServerOptions,
  'failRate' | 'rateLimit' | 'latencyMs' | 'cutRate' | 'malformedRate' | 'deprecate' | 'faultSeed'
>;

/** Ways real deployments differ from the reference, each off by default: a test bed for a tolerant reader; see {@link ServerOptions}. */
export type LocalServiceDeviations = Pick<
  ServerOptions,
  | 'compress'
  | 'bom'
  | 'textPlain'
  | 'movedTo'
  | 'movedStatus'
  | 'extraFields'
  | 'brokenRate'
  | 'looseTypes'
  | 'sparseEnvelope'
  | 'jobResultShape'
  | 'askShape'
>;

/** Options of {@link startLocalService}; every field is optional (see {@link ServerOptions} for each). */
export interface LocalServiceOptions
  extends Pick<
    ServerOptions,
    | 'host'
    | 'port'
    | 'routes'
    | 'seed'
    | 'today'
    | 'listingForm'
    | 'jobDelayMs'
    | 'jobFailRate'
    | 'cursorPaging'
    | 'maxLimit'
    | 'log'
    | 'cors'
  > {
  /** Failures, rate limits, latency, cut connections, malformed bodies, Deprecation headers. */
  faults?: LocalServiceFaults | undefined;
  /** Compression, BOM, redirects, extra fields, broken records and the other deviations of real deployments. */
  deviations?: LocalServiceDeviations | undefined;
}

/** The service's trips, in-process: read them, add one, change its free places, remove it. */
export interface LocalServiceData {
  /** Number of stored trips, whatever their date, visibility or free slots. */
  readonly size: number;
  /**
   * One trip by id (hidden, past and full trips included), or undefined.
   * @example
   * ```ts
   * const trip = svc.data.getTrip('100002');
   * if (trip) console.log(trip.depart, trip.arrival, trip.slots);
   * ```
   */
  getTrip(id: string): ServiceTrip | undefined;
  /**
   * Stored trips in date/time/id order; `visibleOnly` keeps the ones a search could return (any date).
   * @example
   * ```ts
   * const visible = svc.data.listTrips({ visibleOnly: true, limit: 10 });
   * ```
   */
  listTrips(options?: { visibleOnly?: boolean; limit?: number }): ServiceTrip[];
  /**
   * Adds a trip (defaults filled in, untrusted JSON checked) and returns it as stored; throws TripInputError.
   * @example
   * ```ts
   * const trip = svc.data.addTrip({ depart: 'Paris', arrival: 'Nice', date: '2026-12-05', slots: [1] });
   * const page = await client.search({ depart: 'Paris', arrival: 'Nice' }); // finds it
   * ```
   */
  addTrip(input: NewTrip | Record<string, unknown>): ServiceTrip;
  /**
   * Replaces a trip's free places per leg; throws TripInputError on an unknown id or bad counts.
   * @example
   * ```ts
   * svc.data.setSlots(trip.id, [0]); // the trip is now full
   * ```
   */
  setSlots(id: string, slots: readonly number[] | readonly unknown[]): ServiceTrip;
  /**
   * Deletes a trip; false when there was none with this id.
   * @example
   * ```ts
   * svc.data.removeTrip(trip.id); // true; a search no longer finds it
   * ```
   */
  removeTrip(id: string): boolean;
}

/** A running local service. */
export interface LocalService {
  /** The versioned base URL to give a client, e.g. `http://127.0.0.1:43567/v1` (no trailing slash). */
  readonly url: string;
  /** The same service without the version prefix, e.g. `http://127.0.0.1:43567`: its legacy alias. */
  readonly origin: string;
  /** The port it listens on. */
  readonly port: number;
  /** The trips it serves. */
  readonly data: LocalServiceData;
  /** How many requests it answered, by path. */
  readonly stats: ServerStats;
  /**
   * One-off faults: "the next n requests (to this path) fail / are rate-limited / are cut…", and `clear()`.
   * A queued fault is met only by a request whose client still awaits its answer: one the client abandoned (a
   * page fetched ahead, then not wanted after a `break`) leaves it for the next.
   */
  readonly faults: FaultHooks;
  /**
   * Resolves once the service answers no request, including any that had already reached it: what a client
   * abandoned has been dealt with, so the counts in `stats` are final and a fault queued now meets the next request.
   * @example
   * ```ts
   * for await (const page of client.searchPages({ depart: 'Paris' })) if (page.page === 2) break;
   * await svc.idle();
   * svc.faults.rateLimitNext(1, 1); // the next request meets it
   * ```
   */
  idle(): Promise<void>;
  /**
   * Stops listening and drops open connections.
   * @example
   * ```ts
   * const svc = await startLocalService();
   * try {
   *   // … your tests, against svc.url …
   * } finally {
   *   await svc.close();
   * }
   * ```
   */
  close(): Promise<void>;
}

/**
 * Starts the local service on loopback (a free port unless `port` is given), with data generated from
 * `seed` and the service clock set to `today`: the same options give the same trips on every run.
 * @throws RangeError when an option is out of range (the message names it).
 * @example
 * ```ts
 * const svc = await startLocalService({ routes: 500, seed: 1, today: '2026-12-01', faults: { failRate: 0.2 } });
 * const client = new RouteClient({ baseUrl: svc.url });
 * console.log((await client.search({ depart: 'Paris' })).total);
 * await svc.close();
 * ```
 */
export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const { faults, deviations, ...service } = options;
  const server = await startServer({ ...deviations, ...faults, ...service });
  return {
    url: `${server.url}/v1`,
    origin: server.url,
    port: server.port,
    data: server.data,
    stats: server.stats,
    faults: server.faults,
    idle: () => server.idle(),
    close: () => server.close(),
  };
}
