import { isIsoDate } from '../domain/dates.js';
import { foldName } from '../domain/text.js';
import { UsageError } from '../errors.js';
import { isEmailAddress, isPhoneNumber } from './contact.js';
import { parseFormula } from './formula.js';
import type { Formula } from './formula.js';
import type { TripSchedule } from './schedule.js';

/** Everything a booking or quote request states. Dates are ISO `YYYY-MM-DD`; a null price means "on quote". */
export interface BookingRequest {
  from: string;
  to: string;
  date: string;
  formula: Formula;
  /** Make and model of each motorcycle that has one given ("Honda CB500F"), at most one per motorcycle. */
  motorcycleModels?: string[];
  /** Number of motorcycles, 1 to MAX_MOTORCYCLES. */
  motorcycles: number;
  /** Number of riders travelling; 0 means motorcycles only. Unset: one per motorcycle with `rider`, 0 with `moto-only`. */
  riders?: number;
  /** Set for a round trip. */
  returnDate?: string;
  /** The chosen return trip of a round trip (its date is returnDate): its id and schedule. */
  returnTrip?: ReturnTrip;
  name?: string;
  email?: string;
  phone?: string;
  comment?: string;
  priceMin?: number | null;
  priceMax?: number | null;
  routeId?: string;
  /** The times, stopovers and free places of a scheduled trip, as the service listed them. */
  schedule?: TripSchedule;
  /** True for a scheduled trip of the service (booking form), false for a quote request (quote form). */
  scheduled: boolean;
}

/** A scheduled trip of the service chosen for the way back. */
export interface ReturnTrip {
  routeId: string;
  schedule: TripSchedule;
}

/** A request being put together: any field may still be missing. */
export type BookingRequestDraft = Partial<BookingRequest>;

/** The fields without which no request can be sent. */
export const REQUIRED_BOOKING_FIELDS = ['from', 'to', 'date', 'formula'] as const;

/** The most motorcycles (and riders) one request may carry: more is a typo, or a fleet to arrange by phone. */
export const MAX_MOTORCYCLES = 20;

/** How each field is named to the user (the `book` command's flags). */
export const BOOKING_FIELD_FLAGS: Readonly<Record<keyof BookingRequest, string>> = {
  from: '--from',
  to: '--to',
  date: '--date',
  formula: '--formula',
  motorcycleModels: '--motorcycle',
  motorcycles: '--motorcycles',
  riders: '--riders',
  returnDate: '--return',
  returnTrip: '--return-trip',
  name: '--name',
  email: '--email',
  phone: '--phone',
  comment: '--comment',
  priceMin: 'price_min',
  priceMax: 'price_max',
  routeId: 'ROUTE_ID',
  schedule: 'schedule',
  scheduled: 'scheduled',
};

/** Options of validation: `today` is the local calendar date as `YYYY-MM-DD`. */
export interface BookingValidationOptions {
  today: string;
}

// C0, DEL, C1, Unicode line/paragraph separators and bidi overrides: anything that could break a header line or spoof text.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const OPTIONAL_TEXT_FIELDS = ['returnDate', 'name', 'email', 'phone', 'comment', 'routeId'] as const;

/**
 * Every problem of a draft, one sentence each (empty when none): control characters, past or reversed dates,
 * the same city at both ends, malformed e-mail or phone, impossible counts, a rider count that contradicts the formula.
 */
export function bookingProblems(draft: BookingRequestDraft, options: BookingValidationOptions): string[] {
  if (!isIsoDate(options.today)) throw new TypeError(`today must be YYYY-MM-DD, got "${options.today}".`);
  const problems = controlCharacterProblems(draft);
  let formula: Formula | undefined;
  if (!isBlank(draft.formula)) {
    try {
      formula = parseFormula(String(draft.formula), BOOKING_FIELD_FLAGS.formula);
    } catch (error) {
      problems.push(messageOf(error));
    }
  }
  problems.push(...cityProblems(draft), ...dateProblems(draft, options.today), ...contactProblems(draft));
  problems.push(...countProblems(draft, formula), ...priceProblems(draft));
  // One problem a field: a control character already says what is wrong with an e-mail address that holds one.
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const flag = /^[^\s:]+/.exec(problem)?.[0] ?? problem;
    if (seen.has(flag)) return false;
    seen.add(flag);
    return true;
  });
}

/**
 * Checks a draft: returns the flags of the required fields still missing (`['--from', '--date']`, empty when complete)
 * and throws one UsageError listing every invalid value at once.
 */
export function validateBookingRequest(draft: BookingRequestDraft, options: BookingValidationOptions): string[] {
  const problems = bookingProblems(draft, options);
  if (problems.length > 0) throw problemsError(problems);
  return REQUIRED_BOOKING_FIELDS.filter((field) => isBlank(draft[field])).map((field) => BOOKING_FIELD_FLAGS[field]);
}

/** One UsageError for several problems: the only one as it is, or all of them on one line. */
export function problemsError(problems: readonly string[]): UsageError {
  if (problems.length === 1) return new UsageError(problems[0] ?? '');
  return new UsageError(`${problems.length} problems: ${problems.map((problem, index) => `(${index + 1}) ${problem}`).join(' ')}`);
}

/** Validates a draft and returns the complete, trimmed request; throws one UsageError listing every missing field together. */
export function requireBookingRequest(draft: BookingRequestDraft, options: BookingValidationOptions): BookingRequest {
  const missing = validateBookingRequest(draft, options);
  if (missing.length > 0) {
    const noun = missing.length === 1 ? 'field is' : 'fields are';
    throw new UsageError(`Required booking ${noun} missing: ${missing.join(', ')}.`);
  }
  const models = (draft.motorcycleModels ?? []).map((model) => model.trim()).filter((model) => model !== '');
  const request: BookingRequest = {
    from: String(draft.from).trim(),
    to: String(draft.to).trim(),
    date: String(draft.date).trim(),
    formula: parseFormula(String(draft.formula)),
    motorcycles: draft.motorcycles ?? Math.max(1, models.length),
    scheduled: draft.scheduled ?? false,
  };
  if (models.length > 0) request.motorcycleModels = models;
  for (const field of OPTIONAL_TEXT_FIELDS) {
    const value = draft[field];
    if (!isBlank(value)) request[field] = String(value).trim();
  }
  if (draft.riders !== undefined) request.riders = draft.riders;
  if (draft.priceMin !== undefined) request.priceMin = draft.priceMin;
  if (draft.priceMax !== undefined) request.priceMax = draft.priceMax;
  if (draft.schedule !== undefined) request.schedule = draft.schedule;
  if (draft.returnTrip !== undefined) request.returnTrip = draft.returnTrip;
  return request;
}

/** The number of riders a request stands for: as given, else one per motorcycle with a rider, none with motorcycles only. */
export function effectiveRiders(request: Pick<BookingRequest, 'riders' | 'formula' | 'motorcycles'>): number {
  return request.riders ?? (request.formula === 'moto-only' ? 0 : request.motorcycles);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function controlCharacterProblems(draft: BookingRequestDraft): string[] {
  const problems: string[] = [];
  for (const [field, value] of Object.entries(draft)) {
    const texts = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
    for (const text of texts) {
      // A comment may run over several lines (Alt+Enter in a spreadsheet cell); a line break anywhere else could break a header.
      const match = CONTROL_CHARACTER.exec(field === 'comment' ? text.replace(/\n/g, ' ') : text);
      if (!match) continue;
      const flag = BOOKING_FIELD_FLAGS[field as keyof BookingRequest] ?? field;
      const code = `U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      problems.push(
        field === 'comment'
          ? `${flag} contains a control character (${code} at position ${match.index + 1}); write plain text (line breaks are kept).`
          : `${flag} contains a line break or control character (${code} at position ${match.index + 1}); write it as a single line of plain text.`,
      );
      break;
    }
  }
  return problems;
}

function cityProblems(draft: BookingRequestDraft): string[] {
  if (isBlank(draft.from) || isBlank(draft.to)) return [];
  if (foldName(String(draft.from)) !== foldName(String(draft.to))) return [];
  return [`--from and --to are both "${String(draft.to).trim()}"; the departure and arrival must be different cities.`];
}

function dateProblems(draft: BookingRequestDraft, today: string): string[] {
  const problems: string[] = [];
  const date = isBlank(draft.date) ? undefined : String(draft.date).trim();
  const returnDate = isBlank(draft.returnDate) ? undefined : String(draft.returnDate).trim();
  const valid: Record<string, boolean> = {};
  for (const [field, value] of [['date', date], ['returnDate', returnDate]] as const) {
    if (value === undefined) continue;
    const flag = BOOKING_FIELD_FLAGS[field];
    if (!isIsoDate(value)) problems.push(`${flag}: "${value}" is not a date; use YYYY-MM-DD or JJ/MM/AAAA (a real calendar date).`);
    else if (value < today) problems.push(`${flag} ${value} is in the past (today is ${today}); choose today or a later date.`);
    else valid[field] = true;
  }
  if (valid.date && valid.returnDate && date !== undefined && returnDate !== undefined && returnDate < date) {
    problems.push(`--return ${returnDate} is before --date ${date}; the return must be on or after the departure.`);
  }
  return problems;
}

function contactProblems(draft: BookingRequestDraft): string[] {
  const problems: string[] = [];
  if (!isBlank(draft.email) && !isEmailAddress(String(draft.email).trim())) {
    problems.push(`--email: "${draft.email}" is not an e-mail address; write it like name@example.fr.`);
  }
  if (!isBlank(draft.phone) && !isPhoneNumber(String(draft.phone).trim())) {
    problems.push(`--phone: "${draft.phone}" is not a phone number; write it like 06 12 34 56 78 or +33 6 12 34 56 78.`);
  }
  return problems;
}

function countProblems(draft: BookingRequestDraft, formula: Formula | undefined): string[] {
  const problems: string[] = [];
  const { motorcycles, riders } = draft;
  const models = draft.motorcycleModels?.length ?? 0;
  if (motorcycles !== undefined && !(Number.isInteger(motorcycles) && motorcycles >= 1 && motorcycles <= MAX_MOTORCYCLES)) {
    problems.push(
      `--motorcycles must be a whole number from 1 to ${MAX_MOTORCYCLES} (got ${motorcycles}); for more, call the service.`,
    );
  } else if (models > MAX_MOTORCYCLES) {
    problems.push(`--motorcycle was given ${models} times; one request carries at most ${MAX_MOTORCYCLES} motorcycles.`);
  } else if (motorcycles !== undefined && models > motorcycles) {
    problems.push(`--motorcycle was given ${models} times but --motorcycles is ${motorcycles}; give one --motorcycle per motorcycle at most.`);
  }
  if (riders !== undefined && !(Number.isInteger(riders) && riders >= 0 && riders <= MAX_MOTORCYCLES)) {
    problems.push(`--riders must be a whole number from 0 to ${MAX_MOTORCYCLES} (got ${riders}); 0 means motorcycles only.`);
    return problems;
  }
  if (riders === undefined || formula === undefined) return problems;
  if (formula === 'moto-only' && riders > 0) {
    problems.push(`--riders ${riders} contradicts --formula moto-only (motorcycles travel alone); use --formula rider or --riders 0.`);
  }
  if (formula === 'rider' && riders === 0) {
    problems.push('--riders 0 means motorcycles only; use --formula moto-only, or give the number of riders.');
  }
  return problems;
}

function priceProblems(draft: BookingRequestDraft): string[] {
  const problems: string[] = [];
  for (const field of ['priceMin', 'priceMax'] as const) {
    const price = draft[field];
    if (price === undefined || price === null) continue;
    if (!(Number.isFinite(price) && price >= 0)) problems.push(`${BOOKING_FIELD_FLAGS[field]} must be a price of 0 or more (got ${price}).`);
  }
  return problems;
}
