/** The languages a booking message can be written in. */
export type BookingLang = 'fr' | 'en';

/** Every booking language, French first (the service's own language). */
export const BOOKING_LANGS: readonly BookingLang[] = ['fr', 'en'];
