import type { BookingEmail } from './compose.js';
import { composeBookingEmail } from './compose.js';
import type { BookingRequest } from './fields.js';
import { effectiveRiders } from './fields.js';
import type { BookingForms } from './form-url.js';
import { buildFormUrl } from './form-url.js';
import type { BookingLang } from './lang.js';
import { buildMailtoUri } from './mailto.js';
import type { Voice } from './voice.js';

/** Everything one request gives: the e-mail, its mailto: link and the form link. */
export interface BookingOutput {
  email: BookingEmail;
  mailto: string;
  formUrl: string;
  request: BookingRequest;
  lang: BookingLang;
}

/**
 * Where the e-mail goes and which forms the links point at (the booking-email, booking-url and quote-url settings),
 * and the sender's greeting and signature (the greeting and signature settings).
 */
export interface BookingDestinations extends BookingForms {
  to: string;
  greeting?: string;
  signature?: string;
  /** Who the e-mail speaks as (the `voice` setting): the customer by default, or the desk on the customer's behalf. */
  voice?: Voice;
}

/** Composes the e-mail and both links for a complete request. */
export function buildBookingOutput(request: BookingRequest, lang: BookingLang, destinations: BookingDestinations): BookingOutput {
  const { to, greeting, signature, voice } = destinations;
  const email = composeBookingEmail(request, { lang, to, ...(greeting ? { greeting } : {}), ...(signature ? { signature } : {}), ...(voice ? { voice } : {}) });
  return {
    email,
    mailto: buildMailtoUri(email.to, email.subject, email.body),
    formUrl: buildFormUrl(request, destinations),
    request,
    lang,
  };
}

/** The request's fields as a document, named like the API's records (`book --json`'s `fields`, the MCP tool's too). */
export interface BookingFieldsJson {
  from: string;
  to: string;
  date: string;
  formula: string;
  /** Make and model of each motorcycle that has one given. */
  motorcycle_models: string[];
  motorcycles: number;
  riders: number;
  trip: 'one-way' | 'round-trip';
  return_date: string | null;
  /** The chosen return trip's id (book --return-trip), else null. */
  return_route_id: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  comment: string | null;
  route_id: string | null;
  price_min: number | null;
  price_max: number | null;
  scheduled: boolean;
  lang: BookingLang;
}

/** The JSON document of a request: `{to, subject, body, mailto, form_url, fields}`. */
export interface BookingJson {
  to: string;
  subject: string;
  body: string;
  mailto: string;
  form_url: string;
  fields: BookingFieldsJson;
}

/** The `--json` document: `{to, subject, body, mailto, form_url, fields}`, fields named like the API's records. */
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
