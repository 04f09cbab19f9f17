import type { BookingLang } from '../../booking/lang.js';

/**
 * The language of the booking e-mail: the lang setting (flag, environment, config), else an English locale gives
 * English, else French, the service's own language (unlike the display language, which falls back to English).
 */
export function resolveBookingLang(setting: string | undefined, env: NodeJS.ProcessEnv): BookingLang {
  if (setting === 'en' || setting === 'fr') return setting;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('en') ? 'en' : 'fr';
}
