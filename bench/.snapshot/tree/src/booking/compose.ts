import { assertReservationAddress } from './contact.js';
import type { BookingRequest } from './fields.js';
import { effectiveRiders, requireBookingRequest } from './fields.js';
import { formulaLabel } from './formula.js';
import type { BookingLang } from './lang.js';
import { formatLongDate } from './long-date.js';
import { formatPriceRange } from './price.js';
import { BOOKING_WORDING } from './wording.js';

/** A ready-to-send e-mail. The body's lines are joined with `\n`; the mailto encoder turns them into CRLF. */
export interface BookingEmail {
  to: string;
  subject: string;
  body: string;
}

/** Options of composition: the language and the reservation address. */
export interface ComposeOptions {
  lang: BookingLang;
  to: string;
}

/**
 * Writes the booking e-mail (or the quote request when the trip is not a scheduled one): a greeting, every field
 * the service needs, the customer's details and a closing. Refuses, like validation, any field holding a control character.
 */
export function composeBookingEmail(input: BookingRequest, options: ComposeOptions): BookingEmail {
  // Never trust that validation ran (a stray CR/LF would become a header line); whether the date is past is the caller's rule.
  const request = requireBookingRequest(input, { today: '0001-01-01' });
  assertReservationAddress(options.to);
  const words = BOOKING_WORDING[options.lang];
  const kind = request.scheduled ? 'booking' : 'quote';
  const line = (label: string, value: string) => `- ${label}${words.colon}${value}`;
  const longDate = formatLongDate(request.date, options.lang);

  const tripLines = [
    line(words.labels.from, request.from),
    line(words.labels.to, request.to),
    line(words.labels.date, longDate),
    line(words.labels.formula, formulaLabel(request.formula, options.lang)),
  ];
  const motorcycle = [request.make, request.model].filter(Boolean).join(' ');
  if (motorcycle) tripLines.push(line(words.labels.motorcycle, motorcycle));
  tripLines.push(
    line(words.labels.motorcycles, String(request.motorcycles)),
    line(words.labels.riders, String(effectiveRiders(request))),
    line(words.labels.trip, request.returnDate ? words.roundTrip(formatLongDate(request.returnDate, options.lang)) : words.oneWay),
  );
  if (request.routeId) tripLines.push(line(words.labels.routeId, request.routeId));
  // Undefined means nobody listed a price; null is the service saying "on quote".
  if (request.priceMin !== undefined || request.priceMax !== undefined) {
    tripLines.push(line(words.labels.price, formatPriceRange(request.priceMin, request.priceMax, options.lang)));
  }

  const contactLines: string[] = [words.contactIntro];
  if (request.name) contactLines.push(line(words.labels.name, request.name));
  if (request.email) contactLines.push(line(words.labels.email, request.email));
  if (request.phone) contactLines.push(line(words.labels.phone, request.phone));

  const paragraphs = [
    [words.greeting],
    [words.intro(kind, request.motorcycles)],
    tripLines,
    contactLines.length > 1 ? contactLines : [],
    request.comment ? [`${words.labels.comment}${words.colon}${request.comment}`] : [],
    [words.request(kind)],
    [words.thanks],
    request.name ? [words.closing, request.name] : [words.closing],
  ].filter((paragraph) => paragraph.length > 0);

  return {
    to: options.to,
    subject: words.subject(kind, `${request.from} → ${request.to}`, longDate),
    body: paragraphs.map((paragraph) => paragraph.join('\n')).join('\n\n'),
  };
}
