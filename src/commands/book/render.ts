import type { BookingEmail } from '../../booking/compose.js';
import { composeBookingEmail } from '../../booking/compose.js';
import type { BookingRequest } from '../../booking/fields.js';
import { effectiveRiders } from '../../booking/fields.js';
import type { BookingForms } from '../../booking/form-url.js';
import { buildFormUrl } from '../../booking/form-url.js';
import type { BookingLang } from '../../booking/lang.js';
import { buildMailtoUri } from '../../booking/mailto.js';
import type { BookPart } from './draft.js';

/** Everything `book` can print for one request: the e-mail, its mailto: link and the form link. */
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
}

/** Composes the e-mail and both links for a complete request. */
export function buildBookingOutput(request: BookingRequest, lang: BookingLang, destinations: BookingDestinations): BookingOutput {
  const { to, greeting, signature } = destinations;
  const email = composeBookingEmail(request, { lang, to, ...(greeting ? { greeting } : {}), ...(signature ? { signature } : {}) });
  return {
    email,
    mailto: buildMailtoUri(email.to, email.subject, email.body),
    formUrl: buildFormUrl(request, destinations),
    request,
    lang,
  };
}

/** The e-mail as a reader sees it: To and Subject lines, a blank line, the body. */
export function emailText(email: BookingEmail): string {
  return `To: ${email.to}\nSubject: ${email.subject}\n\n${email.body}\n`;
}

/** The text `book` prints: one part alone, or the e-mail, then the mailto: link, then the form link. */
export function bookingText(output: BookingOutput, part: BookPart | undefined): string {
  if (part === 'mailto') return `${output.mailto}\n`;
  if (part === 'form') return `${output.formUrl}\n`;
  if (part === 'text') return emailText(output.email);
  return `${emailText(output.email)}\n${output.mailto}\n\n${output.formUrl}\n`;
}

/** The `--json` document: `{to, subject, body, mailto, form_url, fields}`, fields named like the API's records. */
export function bookingJson(output: BookingOutput): Record<string, unknown> {
  const { request } = output;
  const fields: Record<string, unknown> = {
    from: request.from,
    to: request.to,
    date: request.date,
    formula: request.formula,
    motorcycle_models: request.motorcycleModels ?? [],
    motorcycles: request.motorcycles,
    riders: effectiveRiders(request),
    trip: request.returnDate ? 'round-trip' : 'one-way',
    return_date: request.returnDate ?? null,
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
