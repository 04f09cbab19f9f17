/** The languages a booking message can be written in. */
export type BookingLang = 'fr' | 'en';

/** Every booking language, French first (the service's own language). */
export const BOOKING_LANGS: readonly BookingLang[] = ['fr', 'en'];

/**
 * The language of the booking e-mail: the lang setting (flag, environment, config), else an English locale gives
 * English, else French, the service's own language (unlike the display language, which falls back to English).
 */
export function resolveBookingLang(
  setting: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): BookingLang {
  if (setting === 'en' || setting === 'fr') return setting;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('en') ? 'en' : 'fr';
}
