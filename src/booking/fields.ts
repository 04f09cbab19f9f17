import { isIsoDate } from '../domain/dates.js';
import { foldName } from '../domain/text.js';
import { UsageError } from '../errors.js';
import { isEmailAddress, isPhoneNumber } from './contact.js';
import { parseFormula } from './formula.js';
import type { Formula } from './formula.js';
import type { BookingLang } from './lang.js';
import { PROBLEM_WORDS, type ProblemWords } from './problem-words.js';
import type { TripSchedule } from './schedule.js';

/** Everything a booking or quote request states. Dates are ISO `YYYY-MM-DD`; a null price means "on quote". */
export interface BookingRequest {
  /** The departure city (or, on a scheduled trip, the stop where the traveller boards). */
  from: string;
  /** The arrival city (or the stop where the traveller leaves); not the same city as `from`. */
  to: string;
  /** The departure date, `YYYY-MM-DD`, today or later. */
  date: string;
  /** `rider`: the motorcycle travels with its rider; `moto-only`: alone. */
  formula: Formula;
  /** Make and model of each motorcycle that has one given ("Honda CB500F"), at most one per motorcycle. */
  motorcycleModels?: string[] | undefined;
  /** Number of motorcycles, 1 to MAX_MOTORCYCLES. */
  motorcycles: number;
  /** Number of riders travelling; 0 means motorcycles only. Unset: one per motorcycle with `rider`, 0 with `moto-only`. */
  riders?: number | undefined;
  /** Set for a round trip. */
  returnDate?: string | undefined;
  /** The chosen return trip of a round trip (its date is returnDate): its id and schedule. */
  returnTrip?: ReturnTrip | undefined;
  /** The customer's name; it signs the e-mail. */
  name?: string | undefined;
  /** The customer's e-mail address, for the service's answer. */
  email?: string | undefined;
  /** The customer's phone number, French (`06 12 34 56 78`) or international (`+33 6 12 34 56 78`). */
  phone?: string | undefined;
  /** Anything else to tell the service; may run over several lines. */
  comment?: string | undefined;
  /** The trip's lowest price in euros, as the service listed it; null for a trip on quote. */
  priceMin?: number | null | undefined;
  /** The trip's highest price in euros; null for a trip on quote. */
  priceMax?: number | null | undefined;
  /** The scheduled trip's id, as the service gives it. */
  routeId?: string | undefined;
  /** The times, stopovers and free places of a scheduled trip, as the service listed them. */
  schedule?: TripSchedule | undefined;
  /** True for a scheduled trip of the service (booking form), false for a quote request (quote form). */
  scheduled: boolean;
}

/** A scheduled trip of the service chosen for the way back. */
export interface ReturnTrip {
  /** The return trip's id. */
  routeId: string;
  /** Its times, stopovers and free places. */
  schedule: TripSchedule;
}

/** A request being put together: any field may still be missing. */
export type BookingRequestDraft = Partial<BookingRequest>;

/** The fields without which no request can be sent. */
export const REQUIRED_BOOKING_FIELDS = ['from', 'to', 'date', 'formula'] as const;

/** The most motorcycles (and riders) one request may carry: more is a typo, or a fleet to arrange by phone. */
export const MAX_MOTORCYCLES = 20;

/**
 * How a message names a booking field. The library names a field by its key in {@link BookingRequest} (`from`,
 * `returnDate`); pass `fieldName` to name them your own way.
 */
export type BookingFieldName = (field: keyof BookingRequest) => string;

/** Options of validation. */
export interface BookingValidationOptions {
  /** The local calendar date as `YYYY-MM-DD`: a date or return date before it is refused. */
  today: string;
  /**
   * How messages (and the missing fields {@link validateBookingRequest} returns) name a field; by default its key in
   * {@link BookingRequest}: `from`, `date`, `returnDate`, `motorcycleModels`.
   */
  fieldName?: BookingFieldName | undefined;
  /** The language of the problems' sentences: English unless told (`fr` for a French session). */
  lang?: BookingLang | undefined;
}

/** A field's own key: the library's words. */
const byKey: BookingFieldName = (field) => field;

/** One problem of a draft: the field it is about (a draft keeps one problem a field) and its sentence. */
interface Problem {
  field: keyof BookingRequest;
  text: string;
}

// C0, DEL, C1, Unicode line/paragraph separators and bidi overrides: anything that could break a header line or spoof text.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const OPTIONAL_TEXT_FIELDS = ['returnDate', 'name', 'email', 'phone', 'comment', 'routeId'] as const;

/**
 * Every problem of a draft, one sentence each (empty when none): control characters, past or reversed dates,
 * the same city at both ends, malformed e-mail or phone, impossible counts, a rider count that contradicts the formula.
 * Each names its field as `options.fieldName` says (its key by default: `date: "2026-02-30" is not a date…`).
 * @throws TypeError when `options.today` is not `YYYY-MM-DD`.
 * @example
 * ```ts
 * bookingProblems({ from: 'Paris', to: 'Paris', email: 'jean@' }, { today: '2026-12-01' });
 * // ['from and to are both "Paris"; …', 'email: "jean@" is not an e-mail address; …']
 * ```
 */
export function bookingProblems(draft: BookingRequestDraft, options: BookingValidationOptions): string[] {
  if (!isIsoDate(options.today)) throw new TypeError(`today must be YYYY-MM-DD, got "${options.today}".`);
  const name = options.fieldName ?? byKey;
  const words = PROBLEM_WORDS[options.lang ?? 'en'];
  const problems = controlCharacterProblems(draft, name, words);
  let formula: Formula | undefined;
  if (!isBlank(draft.formula)) {
    try {
      formula = parseFormula(String(draft.formula), name('formula'), options.lang);
    } catch (error) {
      problems.push({ field: 'formula', text: messageOf(error) });
    }
  }
  problems.push(
    ...cityProblems(draft, name, words),
    ...dateProblems(draft, options.today, name, words),
    ...contactProblems(draft, name, words),
  );
  problems.push(...countProblems(draft, formula, name, words), ...priceProblems(draft, name, words));
  // One problem a field: a control character already says what is wrong with an e-mail address that holds one.
  const seen = new Set<keyof BookingRequest>();
  return problems
    .filter((problem) => {
      if (seen.has(problem.field)) return false;
      seen.add(problem.field);
      return true;
    })
    .map((problem) => problem.text);
}

/**
 * Checks a draft: returns the required fields still missing, named as `options.fieldName` names them (by default their
 * keys, `['from', 'date']`; empty when complete).
 * @throws UsageError listing every invalid value at once (see {@link bookingProblems}).
 * @example
 * ```ts
 * validateBookingRequest({ from: 'Paris', formula: 'rider' }, { today: '2026-12-01' }); // ['to', 'date']
 * ```
 */
export function validateBookingRequest(draft: BookingRequestDraft, options: BookingValidationOptions): string[] {
  const problems = bookingProblems(draft, options);
  if (problems.length > 0) throw problemsError(problems);
  const name = options.fieldName ?? byKey;
  return REQUIRED_BOOKING_FIELDS.filter((field) => isBlank(draft[field])).map(name);
}

/**
 * One UsageError for several problems: the only one as it is, or all of them on one line, in `lang`.
 * @example
 * ```ts
 * problemsError(['email: …', 'phone: …']).message; // '2 problems: (1) email: … (2) phone: …'
 * ```
 */
export function problemsError(problems: readonly string[], lang: BookingLang = 'en'): UsageError {
  if (problems.length === 1) return new UsageError(problems[0] ?? '');
  const numbered = problems.map((problem, index) => `(${index + 1}) ${problem}`).join(' ');
  return new UsageError(PROBLEM_WORDS[lang].several(problems.length, numbered));
}

/**
 * Validates a draft and returns the complete, trimmed request: `motorcycles` defaults to one per model given (at
 * least 1), `scheduled` to false, blank optional fields are left out.
 * @throws UsageError listing every invalid value at once, or every missing field together (named as `options.fieldName` says).
 * @example
 * ```ts
 * const request = requireBookingRequest(
 *   { from: 'Paris', to: 'Marseille', date: '2026-12-05', formula: 'rider' },
 *   { today: '2026-12-01' },
 * ); // { from: 'Paris', to: 'Marseille', date: '2026-12-05', formula: 'rider', motorcycles: 1, scheduled: false }
 * ```
 */
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
    formula: parseFormula(String(draft.formula), (options.fieldName ?? byKey)('formula')),
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

/**
 * The number of riders a request stands for: as given, else one per motorcycle with a rider, none with motorcycles only.
 * @example
 * ```ts
 * effectiveRiders({ formula: 'rider', motorcycles: 2 }); // 2
 * effectiveRiders({ formula: 'moto-only', motorcycles: 2 }); // 0
 * ```
 */
export function effectiveRiders(request: Pick<BookingRequest, 'riders' | 'formula' | 'motorcycles'>): number {
  return request.riders ?? (request.formula === 'moto-only' ? 0 : request.motorcycles);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function controlCharacterProblems(draft: BookingRequestDraft, name: BookingFieldName, words: ProblemWords): Problem[] {
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(draft)) {
    const field = key as keyof BookingRequest;
    const texts =
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value.filter((item) => typeof item === 'string')
          : [];
    for (const text of texts) {
      // A comment may run over several lines (Alt+Enter in a spreadsheet cell); a line break anywhere else could break a header.
      const match = CONTROL_CHARACTER.exec(field === 'comment' ? text.replace(/\n/g, ' ') : text);
      if (!match) continue;
      const code = `U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      problems.push({
        field,
        text: words.control(name(field), code, match.index + 1, field === 'comment'),
      });
      break;
    }
  }
  return problems;
}

function cityProblems(draft: BookingRequestDraft, name: BookingFieldName, words: ProblemWords): Problem[] {
  if (isBlank(draft.from) || isBlank(draft.to)) return [];
  if (foldName(String(draft.from)) !== foldName(String(draft.to))) return [];
  return [
    {
      field: 'from',
      text: words.sameCity(name('from'), name('to'), String(draft.to).trim()),
    },
  ];
}

function dateProblems(
  draft: BookingRequestDraft,
  today: string,
  name: BookingFieldName,
  words: ProblemWords,
): Problem[] {
  const problems: Problem[] = [];
  const date = isBlank(draft.date) ? undefined : String(draft.date).trim();
  const returnDate = isBlank(draft.returnDate) ? undefined : String(draft.returnDate).trim();
  const valid: Record<string, boolean> = {};
  for (const [field, value] of [
    ['date', date],
    ['returnDate', returnDate],
  ] as const) {
    if (value === undefined) continue;
    if (!isIsoDate(value))
      problems.push({
        field,
        text: words.notADate(name(field), value),
      });
    else if (value < today)
      problems.push({
        field,
        text: words.past(name(field), value, today),
      });
    else valid[field] = true;
  }
  if (valid.date && valid.returnDate && date !== undefined && returnDate !== undefined && returnDate < date) {
    problems.push({
      field: 'returnDate',
      text: words.returnBefore(name('returnDate'), returnDate, name('date'), date),
    });
  }
  return problems;
}

function contactProblems(draft: BookingRequestDraft, name: BookingFieldName, words: ProblemWords): Problem[] {
  const problems: Problem[] = [];
  if (!isBlank(draft.email) && !isEmailAddress(String(draft.email).trim())) {
    problems.push({
      field: 'email',
      text: words.email(name('email'), String(draft.email)),
    });
  }
  if (!isBlank(draft.phone) && !isPhoneNumber(String(draft.phone).trim())) {
    problems.push({
      field: 'phone',
      text: words.phone(name('phone'), String(draft.phone)),
    });
  }
  return problems;
}

function countProblems(
  draft: BookingRequestDraft,
  formula: Formula | undefined,
  name: BookingFieldName,
  words: ProblemWords,
): Problem[] {
  const problems: Problem[] = [];
  const { motorcycles, riders } = draft;
  const models = draft.motorcycleModels?.length ?? 0;
  if (
    motorcycles !== undefined &&
    !(Number.isInteger(motorcycles) && motorcycles >= 1 && motorcycles <= MAX_MOTORCYCLES)
  ) {
    problems.push({
      field: 'motorcycles',
      text: words.motorcycles(name('motorcycles'), MAX_MOTORCYCLES, motorcycles),
    });
  } else if (models > MAX_MOTORCYCLES) {
    problems.push({
      field: 'motorcycleModels',
      text: words.tooManyModels(name('motorcycleModels'), models, MAX_MOTORCYCLES),
    });
  } else if (motorcycles !== undefined && models > motorcycles) {
    problems.push({
      field: 'motorcycleModels',
      text: words.moreModels(name('motorcycleModels'), models, name('motorcycles'), motorcycles),
    });
  }
  if (riders !== undefined && !(Number.isInteger(riders) && riders >= 0 && riders <= MAX_MOTORCYCLES)) {
    problems.push({
      field: 'riders',
      text: words.riders(name('riders'), MAX_MOTORCYCLES, riders),
    });
    return problems;
  }
  if (riders === undefined || formula === undefined) return problems;
  if (formula === 'moto-only' && riders > 0) {
    problems.push({
      field: 'riders',
      text: words.ridersMotoOnly(name('riders'), riders, name('formula')),
    });
  }
  if (formula === 'rider' && riders === 0) {
    problems.push({
      field: 'riders',
      text: words.noRiders(name('riders'), name('formula')),
    });
  }
  return problems;
}

function priceProblems(draft: BookingRequestDraft, name: BookingFieldName, words: ProblemWords): Problem[] {
  const problems: Problem[] = [];
  for (const field of ['priceMin', 'priceMax'] as const) {
    const price = draft[field];
    if (price === undefined || price === null) continue;
    if (!(Number.isFinite(price) && price >= 0)) problems.push({ field, text: words.price(name(field), price) });
  }
  return problems;
}
