/** The local stand-in of the Motorcycle Transport Route Search API (reference §4), importable in-process. */
export { startServer, type RunningServer } from './server.js';
export type { ServerOptions, ListingForm, CompressEncoding, MovedStatus, JobResultShape, AskShape } from './options.js';
export { ServiceData } from './service-data.js';
export { TripInputError, type NewTrip, type ServiceTrip } from './service-trip.js';
export type { FaultHooks } from './faults.js';
export type { ServerStats } from './stats.js';
