import type { BookingEmail } from './compose.js';
import { composeBookingEmail } from './compose.js';
import { cleanNaming, type CustomerNaming } from './customer-naming.js';
import type { BookingRequest } from './fields.js';
import { effectiveRiders } from './fields.js';
import type { BookingForms } from './form-url.js';
import { buildFormUrl } from './form-url.js';
import type { BookingLang } from './lang.js';
import { buildMailtoUri } from './mailto.js';
import type { Voice } from './voice.js';

/** Everything one request gives: the e-mail, its mailto: link and the form link. */
export interface BookingOutput {
  /** The e-mail to the reservation address. */
  email: BookingEmail;
  /** The same e-mail as a `mailto:` URI (see {@link MAILTO_SAFE_LENGTH} for what mail programs accept). */
  mailto: string;
  /** The booking form (scheduled trip) or quote form, pre-filled ({@link buildFormUrl}). */
  formUrl: string;
  /** The request it was composed from. */
  request: BookingRequest;
  /** The e-mail's language. */
  lang: BookingLang;
  /** The customer's civility and reference it was composed with, when given. */
  customer?: CustomerNaming | undefined;
}

/** Where the e-mail goes and which forms the links point at, and the sender's greeting and signature. */
export interface BookingDestinations extends BookingForms {
  /** The reservation address (the service's is {@link DEFAULT_BOOKING_EMAIL}). */
  to: string;
  /** Replaces « Bonjour, » / “Hello,” (`Bonjour,|Hello,`: one per language). */
  greeting?: string;
  /** Signs the e-mail when the request gives no name (lines joined with `\n`); with voice `desk`, always. */
  signature?: string;
  /** Who the e-mail speaks as: the customer by default, or the desk on the customer's behalf. */
  voice?: Voice;
}

/**
 * Composes the e-mail and both links for a complete request; `customer` gives the customer's civility and reference.
 * @throws UsageError as {@link composeBookingEmail} and {@link buildFormUrl} do.
 * @example
 * ```ts
 * const output = buildBookingOutput(request, 'fr', { to: DEFAULT_BOOKING_EMAIL, bookingUrl: DEFAULT_BOOKING_URL, quoteUrl: DEFAULT_QUOTE_URL });
 * console.log(output.email.subject, output.mailto, output.formUrl);
 * ```
 */
export function buildBookingOutput(
  request: BookingRequest,
  lang: BookingLang,
  destinations: BookingDestinations,
  customer?: CustomerNaming,
): BookingOutput {
  const { to, greeting, signature, voice } = destinations;
  const naming = cleanNaming(customer);
  const email = composeBookingEmail(request, {
    lang,
    to,
    ...(greeting ? { greeting } : {}),
    ...(signature ? { signature } : {}),
    ...(voice ? { voice } : {}),
    ...(naming ? { customer: naming } : {}),
  });
  return {
    email,
    mailto: buildMailtoUri(email.to, email.subject, email.body, email.cc),
    formUrl: buildFormUrl(request, destinations),
    request,
    lang,
    ...(naming ? { customer: naming } : {}),
  };
}

/** The request's fields as a JSON document, named like the API's records (snake case; null for a field not given). */
export interface BookingFieldsJson {
  /** The departure city. */
  from: string;
  /** The arrival city. */
  to: string;
  /** The departure date, `YYYY-MM-DD`. */
  date: string;
  /** `rider` or `moto-only`. */
  formula: string;
  /** Make and model of each motorcycle that has one given. */
  motorcycle_models: string[];
  /** The number of motorcycles. */
  motorcycles: number;
  /** The number of riders ({@link effectiveRiders}: derived from the formula when not given). */
  riders: number;
  /** A round trip when a return date is given. */
  trip: 'one-way' | 'round-trip';
  /** The return date, `YYYY-MM-DD`. */
  return_date: string | null;
  /** The chosen return trip's id. */
  return_route_id: string | null;
  /** The customer's name. */
  name: string | null;
  /** How the customer is addressed, `Mme` or `M.`, when given. */
  civility: string | null;
  /** The customer's reference for the request, when given. */
  reference: string | null;
  /** The customer's e-mail address. */
  email: string | null;
  /** The customer's phone number. */
  phone: string | null;
  /** The customer's comment. */
  comment: string | null;
  /** The scheduled trip's id. */
  route_id: string | null;
  /** The trip's lowest price in euros; null on quote. */
  price_min: number | null;
  /** The trip's highest price in euros; null on quote. */
  price_max: number | null;
  /** True for a scheduled trip (booking form), false for a quote request. */
  scheduled: boolean;
  /** The e-mail's language. */
  lang: BookingLang;
}

/** The JSON document of a request: `{to, subject, body, mailto, form_url, fields}`. */
export interface BookingJson {
  /** The reservation address. */
  to: string;
  /** The e-mail's subject. */
  subject: string;
  /** The e-mail's text, lines joined with `\n`. */
  body: string;
  /** The e-mail as a `mailto:` URI. */
  mailto: string;
  /** The pre-filled form link. */
  form_url: string;
  /** The request's fields. */
  fields: BookingFieldsJson;
}

/**
 * A composed request as one JSON document: `{to, subject, body, mailto, form_url, fields}`, fields named like the
 * API's records.
 * @example
 * ```ts
 * console.log(JSON.stringify(bookingJson(buildBookingOutput(request, 'en', destinations)), null, 2));
 * ```
 */
export function bookingJson(output: BookingOutput): BookingJson {
  const { request } = output;
  const fields: BookingFieldsJson = {
    from: request.from,
    to: request.to,
    date: request.date,
    formula: request.formula,
    motorcycle_models: request.motorcycleModels ?? [],
    motorcycles: request.motorcycles,
    riders: effectiveRiders(request),
    trip: request.returnDate ? 'round-trip' : 'one-way',
    return_date: request.returnDate ?? null,
    return_route_id: request.returnTrip?.routeId ?? null,
    name: request.name ?? null,
    civility: output.customer?.civility ?? null,
    reference: output.customer?.reference ?? null,
    email: request.email ?? null,
    phone: request.phone ?? null,
    comment: request.comment ?? null,
    route_id: request.routeId ?? null,
    price_min: request.priceMin ?? null,
    price_max: request.priceMax ?? null,
    scheduled: request.scheduled,
    lang: output.lang,
  };
  return {
    to: output.email.to,
    subject: output.email.subject,
    body: output.email.body,
    mailto: output.mailto,
    form_url: output.formUrl,
    fields,
  };
}

/** The parts of a request that can be printed alone: the mailto: link, the form link, or the e-mail's text. */
export type BookingTextPart = 'mailto' | 'form' | 'text';

/** The e-mail as a reader sees it: To and Subject lines, a blank line, the body. */
export function emailText(email: BookingEmail): string {
  return `To: ${email.to}\nSubject: ${email.subject}\n\n${email.body}\n`;
}

/** A request as text: one part alone, or (`undefined`) the e-mail, then the mailto: link, then the form link. */
export function bookingText(output: BookingOutput, part: BookingTextPart | undefined): string {
  if (part === 'mailto') return `${output.mailto}\n`;
  if (part === 'form') return `${output.formUrl}\n`;
  if (part === 'text') return emailText(output.email);
  return `${emailText(output.email)}\n${output.mailto}\n\n${output.formUrl}\n`;
}
