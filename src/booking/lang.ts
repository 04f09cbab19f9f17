/** The languages a booking message can be written in. */
export type BookingLang = 'fr' | 'en';

/** Every booking language, French first (the service's own language). */
export const BOOKING_LANGS: readonly BookingLang[] = ['fr', 'en'];

/** A language a face was given as text (a query, a form, a setting), when it is one of the booking languages. */
export function bookingLangOf(text: string | undefined): BookingLang | undefined {
  return BOOKING_LANGS.find((lang) => lang === text);
}

/**
 * The language of the booking e-mail: the lang setting (flag, environment, config), else an English locale gives
 * English, else French, the service's own language (unlike the display language, which falls back to English).
 */
export function resolveBookingLang(
  setting: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): BookingLang {
  const set = bookingLangOf(setting);
  if (set !== undefined) return set;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('en') ? 'en' : 'fr';
}
