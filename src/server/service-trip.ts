import type { Trip } from '../domain/types.js';
import { UsageError } from '../errors.js';

/** A trip as the service stores it: the RouteAI fields plus what the listing and filters need. */
export interface ServiceTrip extends Trip {
  /** Unpublished trips exist in the data but are never listed or found. */
  published: boolean;
  /** Passenger places on the first leg (Form B's places_passenger_1). */
  passenger_places: number;
}

/** What a test (or POST /__control/trips) gives to add a trip; everything but the cities and date has a default. */
export interface NewTrip {
  /** Decimal digits without a leading zero; default: the next free id. */
  id?: string;
  /** The departure city. */
  depart: string;
  /** The arrival city. */
  arrival: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The stopovers between, in order; default none. */
  layovers?: string[];
  /** HH:MM per stop; default derived from `time` and the distances. */
  times?: string[];
  /** Departure time at the first stop when `times` is not given; default 08:00. */
  time?: string;
  /** null means on quote; default 299. */
  price_min?: number | null;
  /** null means on quote; default price_min + 100. */
  price_max?: number | null;
  /** One per leg (stopovers + 1); default 2 on every leg. */
  slots?: number[];
  /** false keeps the trip out of every listing and search; default true. */
  published?: boolean;
  /** Passenger places on the first leg, 0 to 99 (the listing's Form B shows them); default 1. */
  passenger_places?: number;
}

/** A trip that cannot be stored as given; the message names the field. A {@link UsageError}, so a MotorouteError. */
export class TripInputError extends UsageError {
  /** Always `'TripInputError'`. */
  override name = 'TripInputError';
}

/** True when a trip has a free motorcycle slot on at least one leg (a full trip has none). */
export function hasFreeSlot(trip: Pick<Trip, 'slots'>): boolean {
  return trip.slots.some((free) => free > 0);
}
