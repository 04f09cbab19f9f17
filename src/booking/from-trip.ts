import type { Trip } from '../domain/types.js';
import type { BookingRequestDraft } from './fields.js';
import { scheduleOfTrip } from './schedule.js';

/**
 * A draft pre-filled from a scheduled trip of the service: cities, date, schedule, listed prices and route id.
 * @example
 * ```ts
 * const page = await client.search({ depart: 'Paris', arrival: 'Marseille' });
 * const draft = { ...bookingDraftFromTrip(page.routes[0]!), formula: 'rider' as const, motorcycles: 1, name: 'Ada Martin' };
 * const email = composeBookingEmail(requireBookingRequest(draft, { today: '2026-12-01' }), { lang: 'fr', to: DEFAULT_BOOKING_EMAIL });
 * ```
 */
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
