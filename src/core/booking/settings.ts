import { DEFAULT_BOOKING_EMAIL, DEFAULT_BOOKING_URL, DEFAULT_QUOTE_URL } from '../../booking/index.js';
import type { BookingDestinations } from '../../booking/request-output.js';
import type { Voice } from '../../booking/voice.js';

/** The settings a booking reads, by their names in the configuration (unset: undefined). */
export interface BookingSettingValues {
  'booking-email'?: string | undefined;
  'booking-url'?: string | undefined;
  'quote-url'?: string | undefined;
  greeting?: string | undefined;
  signature?: string | undefined;
  voice?: string | undefined;
}

/** The names of the settings a booking reads. */
export const BOOKING_SETTING_NAMES = [
  'booking-email',
  'booking-url',
  'quote-url',
  'greeting',
  'signature',
  'voice',
] as const;

/** The settings a booking reads, each by `read` (a face's settings: flag, environment, config file). */
export function bookingSettingValues(read: (name: string) => string | undefined): BookingSettingValues {
  return Object.fromEntries(BOOKING_SETTING_NAMES.map((name) => [name, read(name)]));
}

/** Who the e-mail speaks as: the face's choice (`--voice`), else the voice setting, else the customer. */
function chosenVoice(settings: BookingSettingValues, asked?: Voice): Voice {
  return asked ?? (settings.voice === 'desk' ? 'desk' : 'customer');
}

/**
 * Where a request goes and how it is signed, from the settings: the reservation address and the two forms (the
 * service's own by default), the sender's greeting and signature, and the voice when it is the desk's.
 */
export function bookingDestinations(settings: BookingSettingValues, askedVoice?: Voice): BookingDestinations {
  const { greeting, signature } = settings;
  const voice = chosenVoice(settings, askedVoice);
  return {
    to: settings['booking-email'] ?? DEFAULT_BOOKING_EMAIL,
    bookingUrl: settings['booking-url'] ?? DEFAULT_BOOKING_URL,
    quoteUrl: settings['quote-url'] ?? DEFAULT_QUOTE_URL,
    ...(greeting ? { greeting } : {}),
    ...(signature ? { signature } : {}),
    ...(voice === 'desk' ? { voice } : {}),
  };
}

/** A desk without a signature sends e-mails that end unsigned: worth a warning once a draft is made. */
export function isUnsignedDesk(destinations: BookingDestinations): boolean {
  return destinations.voice === 'desk' && !destinations.signature;
}
