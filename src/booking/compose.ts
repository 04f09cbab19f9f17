import { namedCustomer } from './civility.js';
import { assertReservationAddress } from './contact.js';
import type { BookingRequest } from './fields.js';
import { cleanNaming, customerNamingProblems, type CustomerNaming } from './customer-naming.js';
import { effectiveRiders, problemsError, requireBookingRequest } from './fields.js';
import { formulaLabel } from './formula.js';
import type { BookingLang } from './lang.js';
import { formatLongDate } from './long-date.js';
import { formatPriceRange } from './price.js';
import { greetingFor } from './greeting.js';
import { closingLines } from './signature.js';
import { frenchTypography } from './typography.js';
import type { Voice } from './voice.js';
import { BOOKING_WORDING, voicePhrases } from './wording.js';

/** A ready-to-send e-mail. The body's lines are joined with `\n`; the mailto encoder turns them into CRLF. */
export interface BookingEmail {
  /** The reservation address it goes to (the `to` of {@link ComposeOptions}). */
  to: string;
  /** One line: the request and its trip (`Réservation : Paris → Marseille, samedi 5 décembre 2026`). */
  subject: string;
  /** The text, lines joined with `\n`, in the chosen language. */
  body: string;
  /**
   * The body's last paragraph, the closing and who signs (empty when nobody signs): an `.eml` draft puts the form
   * link above it, not under the signature.
   */
  signOff?: string | undefined;
  /** Who the e-mail speaks as. */
  voice?: Voice | undefined;
  /** Where the service's answer should go: the customer's own address when the customer writes; none for the desk, whose own address answers. */
  replyTo?: string | undefined;
  /** Who gets a copy: with voice `desk`, the customer (when an e-mail address is given). */
  cc?: string | undefined;
}

/** Options of composition: the language, the reservation address, and the sender's own greeting and signature. */
export interface ComposeOptions {
  /** The e-mail's language: `fr` (the service's) or `en`. */
  lang: BookingLang;
  /** The reservation address (the service's is {@link DEFAULT_BOOKING_EMAIL}); a plain address, no display name. */
  to: string;
  /** Replaces « Bonjour, » / “Hello,” (the `greeting` setting; `Bonjour,|Hello,` gives one per language). */
  greeting?: string | undefined;
  /** Signs the e-mail when no name is given (the `signature` setting, lines joined with `\n`); with voice `desk`, always. */
  signature?: string | undefined;
  /** `customer` (default): the customer asks; `desk`: a support desk asks on the customer's behalf and signs. */
  voice?: Voice | undefined;
  /** The customer's civility (the name is titled with it; neutral wording without) and reference (in the subject). */
  customer?: CustomerNaming | undefined;
}

/**
 * Writes the booking e-mail (or the quote request when the trip is not a scheduled one): a greeting, every field
 * the service needs, the customer's details and a closing that is never left dangling. Refuses, like validation,
 * any field holding a control character; whether the date is past is left to the caller ({@link validateBookingRequest}).
 * @throws UsageError naming the field when a value is invalid or missing, or when `options.to` is no plain address.
 * @example
 * ```ts
 * const email = composeBookingEmail(
 *   { from: 'Paris', to: 'Marseille', date: '2026-12-05', formula: 'rider', motorcycles: 1, scheduled: true, name: 'Ada Martin' },
 *   { lang: 'en', to: DEFAULT_BOOKING_EMAIL },
 * );
 * console.log(email.subject);
 * ```
 */
export function composeBookingEmail(input: BookingRequest, options: ComposeOptions): BookingEmail {
  // Never trust that validation ran (a stray CR/LF would become a header line); whether the date is past is the caller's rule.
  const request = requireBookingRequest(input, { today: '0001-01-01' });
  assertReservationAddress(options.to);
  const naming = cleanNaming(options.customer);
  const namingProblems = customerNamingProblems(naming ?? {}, options.lang);
  if (namingProblems.length > 0) throw problemsError(namingProblems);
  const civility = naming?.civility;
  const words = BOOKING_WORDING[options.lang];
  const voice = options.voice ?? 'customer';
  const phrases = voicePhrases(words, voice);
  const kind = request.scheduled ? 'booking' : 'quote';
  const line = (label: string, value: string) => `- ${label}${words.colon}${value}`;
  const longDate = formatLongDate(request.date, options.lang);
  const schedule = request.schedule;

  const tripLines: string[] = [];
  if (request.scheduled) {
    // A scheduled trip's date is fixed, not wished: it comes first, with the trip's own times and stopovers.
    tripLines.push(line(words.labels.tripDate, longDate));
    tripLines.push(
      line(
        words.labels.from,
        schedule?.departureTime ? words.departure(request.from, schedule.departureTime) : request.from,
      ),
    );
    if (schedule && schedule.stopovers.length > 0) {
      const stops = schedule.stopovers.map((stop) =>
        stop.time ? `${stop.city} (${words.clock(stop.time)})` : stop.city,
      );
      tripLines.push(line(words.labels.stopovers, words.list(stops)));
    }
    tripLines.push(
      line(words.labels.to, schedule?.arrivalTime ? words.arrival(request.to, schedule.arrivalTime) : request.to),
    );
  } else {
    tripLines.push(
      line(words.labels.from, request.from),
      line(words.labels.to, request.to),
      line(words.labels.wishedDate, longDate),
    );
  }
  if (request.routeId) tripLines.push(line(words.labels.routeId, request.routeId));
  if (schedule?.freePlaces !== undefined)
    tripLines.push(line(words.labels.freePlaces, phrases.freePlaces(schedule.freePlaces)));
  tripLines.push(line(words.labels.formula, formulaLabel(request.formula, options.lang)));
  tripLines.push(line(words.labels.motorcycles, String(request.motorcycles)));
  const models = request.motorcycleModels ?? [];
  if (models.length > 0) {
    tripLines.push(
      line(models.length === 1 ? words.labels.motorcycle : words.labels.motorcyclesModels, models.join(', ')),
    );
  }
  const riders = effectiveRiders(request);
  // « moto seule (sans pilote) » already says there is no rider; a count of 0 beside it only reads oddly.
  if (!(riders === 0 && request.formula === 'moto-only')) tripLines.push(line(words.labels.riders, String(riders)));
  tripLines.push(
    line(
      words.labels.trip,
      request.returnDate ? words.roundTrip(formatLongDate(request.returnDate, options.lang)) : words.oneWay,
    ),
  );
  if (request.returnTrip) {
    // The way back goes from the arrival to the departure: its reference, then each stop with its time.
    const back = request.returnTrip.schedule;
    const stops = [
      back.departureTime ? words.departure(request.to, back.departureTime) : request.to,
      ...back.stopovers.map((stop) => (stop.time ? `${stop.city} (${words.clock(stop.time)})` : stop.city)),
      back.arrivalTime ? words.arrival(request.from, back.arrivalTime) : request.from,
    ];
    tripLines.push(line(words.labels.returnTrip, `${request.returnTrip.routeId} \u2014 ${stops.join(' \u2192 ')}`));
  }
  // Undefined means nobody listed a price; null is the service saying "on quote".
  if (request.priceMin !== undefined || request.priceMax !== undefined) {
    const onQuote = request.priceMin == null && request.priceMax == null;
    tripLines.push(
      line(
        words.labels.price,
        words.price(
          formatPriceRange(request.priceMin, request.priceMax, options.lang),
          onQuote,
          request.returnDate !== undefined,
        ),
      ),
    );
  }

  // The customer as named in the text and the subject: with a title only when a civility was given.
  const customer = request.name ? { name: namedCustomer(request.name, civility, options.lang), civility } : undefined;
  const contactLines: string[] = [phrases.contactIntro(civility)];
  if (customer) contactLines.push(line(words.labels.name, customer.name));
  if (request.email) contactLines.push(line(words.labels.email, request.email));
  if (request.phone) contactLines.push(line(words.labels.phone, request.phone));

  // The desk signs its own e-mails: the customer's name is in the text, not under it.
  const signOff = closingLines(words.closing, voice === 'desk' ? undefined : request.name, options.signature);
  const paragraphs = [
    [greetingFor(options.greeting, options.lang) ?? words.greeting],
    [phrases.intro(kind, request.motorcycles, customer)],
    tripLines,
    contactLines.length > 1 ? contactLines : [],
    request.comment ? [`${words.labels.comment}${words.colon}${request.comment}`] : [],
    [phrases.request(kind)],
    [phrases.thanks],
    signOff,
  ].filter((paragraph) => paragraph.length > 0);

  // Two requests of one desk on one trip must not share a subject: the desk's names the customer (and any reference).
  const subject = words.subject(
    kind,
    `${request.from} → ${request.to}`,
    words.when(longDate, schedule?.departureTime),
    voice === 'desk' ? customer?.name : undefined,
    naming?.reference,
  );
  const typeset = options.lang === 'fr' ? frenchTypography : (text: string) => text;
  return {
    to: options.to,
    subject: typeset(subject),
    body: typeset(paragraphs.map((paragraph) => paragraph.join('\n')).join('\n\n')),
    signOff: typeset(signOff.join('\n')),
    voice,
    // The desk asks and the answer comes back to it (its own From: address); the customer follows in copy.
    ...(voice === 'desk'
      ? request.email
        ? { cc: request.email }
        : {}
      : request.email
        ? { replyTo: request.email }
        : {}),
  };
}
