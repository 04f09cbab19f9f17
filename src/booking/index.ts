/**
 * `motoroute/booking`: the booking request composer: validation, the e-mail in French and English, the
 * `mailto:` URI and the form link.
 * @module motoroute/booking
 */

/** The service's reservation address. */
export const DEFAULT_BOOKING_EMAIL = 'reservation@symone.fr';
/** The service's booking form, for scheduled trips. */
export const DEFAULT_BOOKING_URL = 'https://symone.fr/moto';
/** The service's quote form, for other routes and dates (its `tab` parameter is kept when fields are added). */
export const DEFAULT_QUOTE_URL = 'https://symone.fr/moto?tab=tab-devis';

// The errors the booking functions throw (a UsageError names the field), one set with motoroute's own.
export { MotorouteError, UsageError } from '../errors.js';
export type { BookingLang } from './lang.js';
export { BOOKING_LANGS } from './lang.js';
export type { Formula } from './formula.js';
export { FORMULAS, FORMULA_ALIASES, FORMULA_LABELS, formulaLabel, parseFormula } from './formula.js';
export type {
  BookingFieldName,
  BookingRequest,
  BookingRequestDraft,
  ReturnTrip,
  BookingValidationOptions,
} from './fields.js';
export {
  MAX_MOTORCYCLES,
  REQUIRED_BOOKING_FIELDS,
  bookingProblems,
  effectiveRiders,
  requireBookingRequest,
  validateBookingRequest,
} from './fields.js';
export type { Civility } from './civility.js';
export { CIVILITIES, civilityTitle, parseCivility } from './civility.js';
export type { CustomerNaming } from './customer-naming.js';
export { MAX_REFERENCE_LENGTH, customerNamingProblems } from './customer-naming.js';
export type { Stopover, TripSchedule } from './schedule.js';
export { fullestLegPlaces, scheduleOfTrip } from './schedule.js';
export { bookingDraftFromTrip } from './from-trip.js';
export { closingLines, signatureLines } from './signature.js';
export { assertReservationAddress, isEmailAddress, isPhoneNumber } from './contact.js';
export { formatLongDate } from './long-date.js';
export { formatEuros, formatPriceRange } from './price.js';
export type { Voice } from './voice.js';
export { VOICES, parseVoice } from './voice.js';
export type { BookingEmail, ComposeOptions } from './compose.js';
export { composeBookingEmail } from './compose.js';
export type { MailtoParts } from './mailto.js';
export { MAILTO_SAFE_LENGTH, buildMailtoUri, encodeMailtoValue, parseMailtoUri } from './mailto.js';
export type { BookingForms } from './form-url.js';
export { FORM_PARAMETERS, FORM_PREFILL_NOTE, buildFormUrl } from './form-url.js';
export type { BookingDestinations, BookingFieldsJson, BookingJson, BookingOutput } from './request-output.js';
export { bookingJson, buildBookingOutput } from './request-output.js';
