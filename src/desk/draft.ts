import { parseCivility, type Civility } from '../booking/civility.js';
import { buildDraftMessage } from '../booking/eml.js';
import type { BookingRequestDraft } from '../booking/fields.js';
import { parseFormula } from '../booking/formula.js';
import { bookingLangOf, type BookingLang } from '../booking/lang.js';
import { PROBLEM_WORDS } from '../booking/problem-words.js';
import type { BookingDestinations } from '../booking/request-output.js';
import { bookingTicket } from '../booking/ticket.js';
import type { Core } from '../core/core.js';
import { draftBooking } from '../core/booking/draft-booking.js';
import { UsageError } from '../errors.js';
import { DESK_FORM_WORDS } from './form-words.js';
import type { DeskAnswer } from './server.js';

// Past this, some mail clients cut or refuse a mailto: link; the page then offers the .eml and copying instead.
export const DESK_MAILTO_MAX = 1800;

const TEXT_FIELDS = ['from', 'to', 'name', 'email', 'phone', 'comment'] as const;
const COUNT_FIELDS = ['motorcycles', 'riders'] as const;

/**
 * A booking form as the page posts it, read without trusting a single field; its problems, one line each, in the
 * form's language (`defaultLang` when it names none).
 */
export function readDeskForm(
  body: unknown,
  defaultLang: BookingLang = 'en',
): {
  routeId?: string;
  lang?: BookingLang;
  fields: BookingRequestDraft;
  civility?: Civility;
  reference?: string;
  problems: string[];
} {
  const problems: string[] = [];
  const fields: BookingRequestDraft = {};
  if (typeof body !== 'object' || body === null) return { fields, problems: [DESK_FORM_WORDS[defaultLang].notAForm] };
  const form = new Map(Object.entries(body));
  // Read first: every problem after it is said in the form's language (a `lang` that is no text, in the desk's).
  let lang: BookingLang | undefined;
  const text = (key: string): string | undefined => {
    const value = form.get(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') {
      problems.push(DESK_FORM_WORDS[lang ?? defaultLang].text(key));
      return undefined;
    }
    return value.trim() || undefined;
  };
  lang = bookingLangOf(text('lang'));
  for (const key of TEXT_FIELDS) {
    const value = text(key);
    if (value !== undefined) fields[key] = value;
  }
  for (const key of COUNT_FIELDS) {
    const value = form.get(key);
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'number' && Number.isInteger(value)) fields[key] = value;
    else problems.push(DESK_FORM_WORDS[lang ?? defaultLang].wholeNumber(key));
  }
  const formula = text('formula');
  if (formula !== undefined) {
    try {
      fields.formula = parseFormula(formula, 'formula', lang ?? defaultLang);
    } catch (error) {
      // parseFormula's one refusal is a UsageError, its message the problem; anything else is a fault, not the form's.
      if (!(error instanceof UsageError)) throw error;
      problems.push(error.message);
    }
  }
  // The page's select sends « Mme », « M. » or nothing; anything else is said, not guessed.
  const typedCivility = text('civility');
  const civility = typedCivility === undefined ? undefined : parseCivility(typedCivility);
  if (typedCivility !== undefined && civility === undefined)
    problems.push(PROBLEM_WORDS[lang ?? defaultLang].civility('civility', typedCivility));
  const reference = text('reference');
  const routeId = text('routeId');
  return {
    ...(routeId !== undefined ? { routeId } : {}),
    ...(lang !== undefined ? { lang } : {}),
    fields,
    ...(civility !== undefined ? { civility } : {}),
    ...(reference !== undefined ? { reference } : {}),
    problems,
  };
}

/** Drafts the booking e-mail of a desk form with the core's use case: the e-mail and links, or the refusal's reasons. */
export async function deskDraft(
  body: unknown,
  core: Core,
  destinations: BookingDestinations,
  defaultLang: BookingLang,
  signal: AbortSignal,
  asEml = false,
): Promise<DeskAnswer> {
  const form = readDeskForm(body, defaultLang);
  const result = await draftBooking(
    {
      ...(form.routeId !== undefined ? { routeId: form.routeId } : {}),
      fields: form.fields,
      ...(form.civility !== undefined ? { civility: form.civility } : {}),
      ...(form.reference !== undefined ? { reference: form.reference } : {}),
      lang: form.lang ?? defaultLang,
      messagesLang: form.lang ?? defaultLang,
      ...(form.problems.length > 0 ? { unreadable: form.problems } : {}),
    },
    { destinations, fieldName: (field) => field },
    { core, signal },
  );
  const warnings = result.warnings.map((warning) => warning.text);
  if (!result.ok)
    return { status: 422, json: { refused: result.refusal.kind, reasons: result.refusal.reasons, warnings } };
  if (asEml) {
    const message = await buildDraftMessage(result.drafts.email, {
      replyTo: result.request.email,
      date: core.clock.now(),
    });
    return { status: 200, download: { name: 'brouillon.eml', type: 'message/rfc822', body: message } };
  }
  const { to, subject, body: text } = result.drafts.email;
  const mailto = result.drafts.mailto.length <= DESK_MAILTO_MAX ? result.drafts.mailto : null;
  const ticket = bookingTicket(result.drafts, form.lang ?? defaultLang);
  return { status: 200, json: { to, subject, body: text, mailto, formUrl: result.drafts.formUrl, ticket, warnings } };
}
