import { isIsoDate } from '../domain/dates.js';
import type { Trip } from '../domain/types.js';
import { UsageError } from '../errors.js';
import { isEmailAddress, isPhoneNumber } from './contact.js';
import { parseFormula } from './formula.js';
import type { Formula } from './formula.js';

/** Everything a booking or quote request states. Dates are ISO `YYYY-MM-DD`; a null price means "on quote". */
export interface BookingRequest {
  from: string;
  to: string;
  date: string;
  formula: Formula;
  make?: string;
  model?: string;
  /** Number of motorcycles, at least 1. */
  motorcycles: number;
  /** Number of riders travelling; 0 means motorcycles only. Unset: one per motorcycle with `rider`, 0 with `moto-only`. */
  riders?: number;
  /** Set for a round trip. */
  returnDate?: string;
  name?: string;
  email?: string;
  phone?: string;
  comment?: string;
  priceMin?: number | null;
  priceMax?: number | null;
  routeId?: string;
  /** True for a scheduled trip of the service (booking form), false for a quote request (quote form). */
  scheduled: boolean;
}

/** A request being put together: any field may still be missing. */
export type BookingRequestDraft = Partial<BookingRequest>;

/** The fields without which no request can be sent. */
export const REQUIRED_BOOKING_FIELDS = ['from', 'to', 'date', 'formula'] as const;

/** How each field is named to the user (the `book` command's flags). */
export const BOOKING_FIELD_FLAGS: Readonly<Record<keyof BookingRequest, string>> = {
  from: '--from',
  to: '--to',
  date: '--date',
  formula: '--formula',
  make: '--make',
  model: '--model',
  motorcycles: '--motorcycles',
  riders: '--riders',
  returnDate: '--return',
  name: '--name',
  email: '--email',
  phone: '--phone',
  comment: '--comment',
  priceMin: 'price_min',
  priceMax: 'price_max',
  routeId: 'ROUTE_ID',
  scheduled: 'scheduled',
};

/** Options of validation: `today` is the local calendar date as `YYYY-MM-DD`. */
export interface BookingValidationOptions {
  today: string;
}

// C0, DEL, C1, Unicode line/paragraph separators and bidi overrides: anything that could break a header line or spoof text.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const OPTIONAL_TEXT_FIELDS = ['make', 'model', 'returnDate', 'name', 'email', 'phone', 'comment', 'routeId'] as const;

/**
 * Checks a draft: returns the flags of the required fields still missing (`['--from', '--date']`, empty when complete)
 * and throws a UsageError naming the field on any invalid value (control characters, past or reversed dates,
 * malformed e-mail or phone, impossible counts, a rider count that contradicts the formula).
 */
export function validateBookingRequest(draft: BookingRequestDraft, options: BookingValidationOptions): string[] {
  if (!isIsoDate(options.today)) throw new TypeError(`today must be YYYY-MM-DD, got "${options.today}".`);
  assertNoControlCharacters(draft);
  const missing = REQUIRED_BOOKING_FIELDS.filter((field) => isBlank(draft[field])).map((field) => BOOKING_FIELD_FLAGS[field]);
  const formula = isBlank(draft.formula) ? undefined : parseFormula(String(draft.formula), BOOKING_FIELD_FLAGS.formula);
  assertDates(draft, options.today);
  assertContact(draft);
  assertCounts(draft, formula);
  assertPrices(draft);
  return missing;
}

/** Validates a draft and returns the complete, trimmed request; throws one UsageError listing every missing field together. */
export function requireBookingRequest(draft: BookingRequestDraft, options: BookingValidationOptions): BookingRequest {
  const missing = validateBookingRequest(draft, options);
  if (missing.length > 0) {
    const noun = missing.length === 1 ? 'field is' : 'fields are';
    throw new UsageError(`Required booking ${noun} missing: ${missing.join(', ')}.`);
  }
  const request: BookingRequest = {
    from: String(draft.from).trim(),
    to: String(draft.to).trim(),
    date: String(draft.date).trim(),
    formula: parseFormula(String(draft.formula)),
    motorcycles: draft.motorcycles ?? 1,
    scheduled: draft.scheduled ?? false,
  };
  for (const field of OPTIONAL_TEXT_FIELDS) {
    const value = draft[field];
    if (!isBlank(value)) request[field] = String(value).trim();
  }
  if (draft.riders !== undefined) request.riders = draft.riders;
  if (draft.priceMin !== undefined) request.priceMin = draft.priceMin;
  if (draft.priceMax !== undefined) request.priceMax = draft.priceMax;
  return request;
}

/** A draft pre-filled from a scheduled trip of the service: cities, date, listed prices and route id. */
export function bookingDraftFromTrip(trip: Trip): BookingRequestDraft {
  return {
    from: trip.depart,
    to: trip.arrival,
    date: trip.date,
    priceMin: trip.price_min,
    priceMax: trip.price_max,
    routeId: trip.id,
    scheduled: true,
  };
}

/** The number of riders a request stands for: as given, else one per motorcycle with a rider, none with motorcycles only. */
export function effectiveRiders(request: Pick<BookingRequest, 'riders' | 'formula' | 'motorcycles'>): number {
  return request.riders ?? (request.formula === 'moto-only' ? 0 : request.motorcycles);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function assertNoControlCharacters(draft: BookingRequestDraft): void {
  for (const [field, value] of Object.entries(draft)) {
    if (typeof value !== 'string') continue;
    const match = CONTROL_CHARACTER.exec(value);
    if (!match) continue;
    const flag = BOOKING_FIELD_FLAGS[field as keyof BookingRequest] ?? field;
    const code = `U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    throw new UsageError(
      `${flag} contains a line break or control character (${code} at position ${match.index + 1}); write it as a single line of plain text.`,
    );
  }
}

function assertDates(draft: BookingRequestDraft, today: string): void {
  const date = isBlank(draft.date) ? undefined : String(draft.date).trim();
  const returnDate = isBlank(draft.returnDate) ? undefined : String(draft.returnDate).trim();
  for (const [field, value] of [['date', date], ['returnDate', returnDate]] as const) {
    if (value === undefined) continue;
    const flag = BOOKING_FIELD_FLAGS[field];
    if (!isIsoDate(value)) throw new UsageError(`${flag}: "${value}" is not a date; use YYYY-MM-DD (a real calendar date).`);
    if (value < today) throw new UsageError(`${flag} ${value} is in the past (today is ${today}); choose today or a later date.`);
  }
  if (date !== undefined && returnDate !== undefined && returnDate < date) {
    throw new UsageError(`--return ${returnDate} is before --date ${date}; the return must be on or after the departure.`);
  }
}

function assertContact(draft: BookingRequestDraft): void {
  if (!isBlank(draft.email) && !isEmailAddress(String(draft.email).trim())) {
    throw new UsageError(`--email: "${draft.email}" is not an e-mail address; write it like name@example.fr.`);
  }
  if (!isBlank(draft.phone) && !isPhoneNumber(String(draft.phone).trim())) {
    throw new UsageError(`--phone: "${draft.phone}" is not a phone number; write it like 06 12 34 56 78 or +33 6 12 34 56 78.`);
  }
}

function assertCounts(draft: BookingRequestDraft, formula: Formula | undefined): void {
  const { motorcycles, riders } = draft;
  if (motorcycles !== undefined && !(Number.isInteger(motorcycles) && motorcycles >= 1)) {
    throw new UsageError(`--motorcycles must be a whole number of at least 1 (got ${motorcycles}).`);
  }
  if (riders !== undefined && !(Number.isInteger(riders) && riders >= 0)) {
    throw new UsageError(`--riders must be a whole number, 0 or more (got ${riders}); 0 means motorcycles only.`);
  }
  if (riders === undefined || formula === undefined) return;
  if (formula === 'moto-only' && riders > 0) {
    throw new UsageError(`--riders ${riders} contradicts --formula moto-only (motorcycles travel alone); use --formula rider or --riders 0.`);
  }
  if (formula === 'rider' && riders === 0) {
    throw new UsageError('--riders 0 means motorcycles only; use --formula moto-only, or give the number of riders.');
  }
}

function assertPrices(draft: BookingRequestDraft): void {
  for (const field of ['priceMin', 'priceMax'] as const) {
    const price = draft[field];
    if (price === undefined || price === null) continue;
    if (!(Number.isFinite(price) && price >= 0)) {
      throw new UsageError(`${BOOKING_FIELD_FLAGS[field]} must be a price of 0 or more (got ${price}).`);
    }
  }
}
