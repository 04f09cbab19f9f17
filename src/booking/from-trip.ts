import type { Trip } from '../domain/types.js';
import type { BookingRequestDraft } from './fields.js';
import { scheduleOfTrip } from './schedule.js';

/** A draft pre-filled from a scheduled trip of the service: cities, date, schedule, listed prices and route id. */
export function bookingDraftFromTrip(trip: Trip): BookingRequestDraft {
  return {
    from: trip.depart,
    to: trip.arrival,
    date: trip.date,
    priceMin: trip.price_min,
    priceMax: trip.price_max,
    routeId: trip.id,
    schedule: scheduleOfTrip(trip),
    scheduled: true,
  };
}
