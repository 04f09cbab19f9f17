import {
  bookingProblems,
  requireBookingRequest,
  validateBookingRequest,
  type BookingRequest,
  type BookingRequestDraft,
} from '../../booking/fields.js';
import { customerNamingProblems } from '../../booking/customer-naming.js';
import { bookingDraftFromTrip } from '../../booking/from-trip.js';
import type { BookingLang } from '../../booking/lang.js';
import { buildBookingOutput } from '../../booking/request-output.js';
import { franceDate } from '../../domain/dates.js';
import { sanitiseTrip } from '../../domain/safe-text.js';
import { tripPart } from '../../domain/trip-part.js';
import type { Trip } from '../../domain/types.js';
import { UsageError } from '../../errors.js';
import { BOOKING_MESSAGES, BOOKING_REASONS_IN } from './messages.js';
import { spellQuoteCities } from './quote-cities.js';
import { withReturnTrip } from './return-trip.js';
import { noUpcomingTripSentence } from './trip-not-found.js';
import type {
  BookingDeps,
  BookingInput,
  BookingRefusal,
  BookingResult,
  BookingSettings,
  BookingWarning,
} from './types.js';

// Fields a route id fills in, so they are not missing when it is given.
const TRIP_FIELDS = ['from', 'to', 'date'] as const;

/**
 * Drafts one booking request, whoever asks (the `book` command and its request files, the MCP tools, the desk page):
 * the values are checked before any request; a route id is looked up (a trip that left is refused, the part ridden
 * from the boarding stop counts), a quote's cities take the service's spelling (a real place the service does not serve
 * is kept for the quote with the served cities near it; a place it cannot locate is read as the one served city it
 * clearly stands for, or refused; see `quote-cities.ts`); a return trip named by id must go back and agree
 * with the return date; the trip must take the request (free places on the legs ridden); then the e-mail, its
 * `mailto:` link and the form link are composed in the request's language with the settings' greeting, signature and
 * voice. Every refusal is a value, not an exception; only an interruption or a failing service throws.
 */
export async function draftBooking(
  input: BookingInput,
  settings: BookingSettings,
  deps: BookingDeps,
): Promise<BookingResult> {
  const warnings: BookingWarning[] = [];
  const refuse = (refusal: BookingRefusal): BookingResult => ({ ok: false, refusal, warnings });
  const name = settings.fieldName;
  const today = franceDate(deps.core.clock.now());
  const rules = { today, fieldName: name, lang: input.messagesLang ?? 'en' };
  const { routeId } = input;
  // Refusals speak the face's language; the e-mail (and its no-contact warning) the request's.
  const lang = input.messagesLang ?? 'en';
  const reasons = BOOKING_REASONS_IN[lang];
  if (routeId !== undefined && input.fields.date !== undefined)
    return refuse({ kind: 'invalid', reasons: [reasons.routeFixesDate(routeId, name)] });

  // Every problem at once, and before any request: a bad value or a missing field sends nothing.
  const naming = { civility: input.civility, reference: input.reference };
  const problems = [
    ...(input.unreadable ?? []),
    ...bookingProblems(input.fields, rules),
    ...customerNamingProblems(naming, lang),
  ];
  if (problems.length > 0) return refuse({ kind: 'invalid', reasons: problems });
  const missing = validateBookingRequest(input.fields, rules).filter(
    (field) => routeId === undefined || !TRIP_FIELDS.some((key) => name(key) === field),
  );
  if (missing.length > 0 && deps.asker === undefined) return refuse(missingRefusal(missing, lang));

  let draft = input.fields;
  let trip: Trip | undefined;
  // The part of the trip out ridden: a return trip named by id must leave after it arrives.
  let outbound: Trip | undefined;
  let cities: readonly string[] | undefined;
  // The trip of a route id (given, or picked among a day's trips at a prompt): looked up, checked, and its fields.
  const takeTrip = async (id: string): Promise<BookingRefusal | undefined> => {
    const found = await deps.core.findTrip(id, deps.signal);
    if (!found) return { kind: 'no-trip', id, reasons: [noUpcomingTripSentence(id, lang)] };
    trip = sanitiseTrip(found.trip);
    const { ridden, stops, departed } = deps.core.checkTrip(trip, {
      from: draft.from,
      to: draft.to,
      motorcycles: 0,
      lang,
    });
    if (trip.date < today) return { kind: 'departed', trip, reasons: [reasons.leftOn(trip.id, trip.date)] };
    if (stops.length > 0) return { kind: 'invalid', reasons: stops };
    // Said before any question is asked: nobody should type a formula and a name for a trip that has left.
    if (departed !== undefined && !settings.force) return { kind: 'departed', trip, reasons: [departed] };
    const { date: _asked, ...rest } = draft;
    outbound = tripPart(trip, ridden.board, ridden.leave);
    draft = { ...rest, ...bookingDraftFromTrip(outbound) };
    const filled = bookingProblems(draft, rules);
    return filled.length > 0 ? { kind: 'invalid', reasons: filled } : undefined;
  };
  if (routeId !== undefined) {
    const refused = await takeTrip(routeId);
    if (refused) return refuse(refused);
  } else if (draft.from !== undefined || draft.to !== undefined) {
    const spelled = await spellQuoteCities(draft, name, deps, lang, input.confirmedCities);
    warnings.push(...spelled.warnings);
    // A city nobody can tell is refused before any question: the desk writes it again, it is not drafted as typed.
    if (spelled.refused.length > 0) return refuse({ kind: 'invalid', reasons: spelled.refused });
    draft = spelled.draft;
    cities = spelled.cities;
  }
  if (missing.length > 0 && deps.asker !== undefined) {
    const { askForMissing, bookingQuestionsPlan } = await import('./missing-fields.js');
    const returnTrip = input.returnTripId !== undefined;
    const plan = bookingQuestionsPlan(missing, { ...settings, lang: input.lang, cities, returnTrip }, deps);
    draft = await askForMissing(draft, plan, await deps.asker());
    const picked = routeId === undefined ? draft.routeId : undefined;
    const refused = picked !== undefined ? await takeTrip(picked) : undefined;
    if (refused) return refuse(refused);
    // A city chosen at a prompt is a served city, or the user's choice of a quote for the place as typed ("ask for a
    // quote anyway", said as such): spelled the service's way, never corrected.
    const asked = (['from', 'to'] as const).filter((field) => missing.includes(name(field)));
    if (picked === undefined && asked.length > 0) {
      const typed = Object.fromEntries(asked.map((field) => [field, draft[field]]));
      const spelled = await spellQuoteCities(typed, name, deps, lang, asked);
      draft = { ...draft, ...spelled.draft };
      warnings.push(...spelled.warnings.filter((warning) => warning.kind !== 'cities-unread' || cities === undefined));
    }
  }

  if (input.returnTripId !== undefined) {
    const back = await withReturnTrip(
      draft,
      input.returnTripId,
      {
        name,
        lang,
        ...(settings.force !== undefined ? { force: settings.force } : {}),
        ...(outbound ? { outbound } : {}),
      },
      deps,
    );
    if (!back.ok) return refuse(back.refusal);
    draft = back.draft;
    for (const problem of back.forced) warnings.push({ kind: 'forced', text: problem });
  }
  const complete = completeRequest(draft, rules, lang);
  if (!complete.ok) return refuse(complete.refusal);
  const { request } = complete;

  if (trip !== undefined) {
    const verdict = deps.core.checkTrip(trip, {
      from: request.from,
      to: request.to,
      motorcycles: request.motorcycles,
      lang,
    });
    if (verdict.problems.length > 0 && !settings.force) {
      return refuse({
        kind: 'trip-check',
        trip,
        reasons: verdict.problems,
        places: verdict.places !== undefined,
        from: request.from,
        to: request.to,
      });
    }
    for (const problem of verdict.problems) warnings.push({ kind: 'forced', text: problem });
  }
  if (!request.email && !request.phone)
    warnings.push({ kind: 'no-contact', text: BOOKING_MESSAGES[input.lang].noContact(name) });
  const drafts = buildBookingOutput(request, input.lang, settings.destinations, naming);
  return { ok: true, request, drafts, warnings, ...(trip ? { trip } : {}) };
}

/** The complete request, or the refusal of what is still wrong or missing after the trip and the prompts. */
function completeRequest(
  draft: BookingRequestDraft,
  rules: Parameters<typeof validateBookingRequest>[1],
  lang: BookingLang,
): { ok: true; request: BookingRequest } | { ok: false; refusal: BookingRefusal } {
  const problems = bookingProblems(draft, rules);
  if (problems.length > 0) return { ok: false, refusal: { kind: 'invalid', reasons: problems } };
  const missing = validateBookingRequest(draft, rules);
  if (missing.length > 0) return { ok: false, refusal: missingRefusal(missing, lang) };
  try {
    return { ok: true, request: requireBookingRequest(draft, rules) };
  } catch (error) {
    if (error instanceof UsageError) return { ok: false, refusal: { kind: 'invalid', reasons: [error.message] } };
    throw error;
  }
}

function missingRefusal(fields: readonly string[], lang: BookingLang): BookingRefusal {
  return { kind: 'missing', fields: [...fields], reasons: [BOOKING_REASONS_IN[lang].missing(fields)] };
}
