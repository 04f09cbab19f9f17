import { civilityTitle, namedCustomer } from './civility.js';
import type { CustomerNaming } from './customer-naming.js';
import type { BookingRequest } from './fields.js';
import { effectiveRiders } from './fields.js';
import { formulaLabel } from './formula.js';
import type { BookingLang } from './lang.js';
import { formatLongDate } from './long-date.js';
import { greetingFor } from './greeting.js';
import { formatPriceRange } from './price.js';
import { signatureLines } from './signature.js';
import type { Voice } from './voice.js';
import { BOOKING_WORDING, voicePhrases } from './wording.js';

/** What the view needs besides the request: the language, the sender's greeting and signature, the form link. */
export interface TemplateViewOptions {
  lang: BookingLang;
  greeting?: string | undefined;
  signature?: string | undefined;
  formUrl: string;
  /** Who the e-mail speaks as (the `voice` setting or `--voice`); `customer` by default. */
  voice?: Voice | undefined;
  /** The customer's civility and reference, when given. */
  customer?: CustomerNaming | undefined;
}

/**
 * The fields a `--template` can use, every one documented in README (“Booking templates”). Texts are ready to
 * print in the e-mail's language; lists (`stopovers`, `motorcycle_models`, `signature_lines`) are for sections;
 * an absent value is an empty string or false, so `{{#name}}…{{/name}}` shows a line only when there is a value.
 */
export type TemplateView = Record<string, string | number | boolean | readonly Record<string, string>[]>;

/** Builds the view of a request for a Mustache template. */
export function templateView(request: BookingRequest, options: TemplateViewOptions): TemplateView {
  const words = BOOKING_WORDING[options.lang];
  const schedule = request.schedule;
  const listed = request.priceMin !== undefined || request.priceMax !== undefined;
  const onQuote = request.priceMin == null && request.priceMax == null;
  const riders = effectiveRiders(request);
  const voice = options.voice ?? 'customer';
  const phrases = voicePhrases(words, voice);
  const kind = request.scheduled ? 'booking' : 'quote';
  const civility = options.customer?.civility;
  return {
    lang: options.lang,
    booking: request.scheduled,
    quote: !request.scheduled,
    from: request.from,
    to: request.to,
    date: request.date,
    long_date: formatLongDate(request.date, options.lang),
    departure_time: schedule?.departureTime ? words.clock(schedule.departureTime) : '',
    arrival_time: schedule?.arrivalTime ? words.clock(schedule.arrivalTime) : '',
    stopovers: (schedule?.stopovers ?? []).map((stop) => ({
      city: stop.city,
      time: stop.time ? words.clock(stop.time) : '',
    })),
    route_id: request.routeId ?? '',
    free_places: schedule?.freePlaces ?? '',
    voice,
    desk: voice === 'desk',
    intro: phrases.intro(
      kind,
      request.motorcycles,
      request.name ? { name: namedCustomer(request.name, civility, options.lang), civility } : undefined,
    ),
    contact_intro: phrases.contactIntro(civility),
    request_line: phrases.request(kind),
    thanks: phrases.thanks,
    formula: formulaLabel(request.formula, options.lang),
    formula_code: request.formula,
    motorcycles: request.motorcycles,
    motorcycle_models: (request.motorcycleModels ?? []).map((model) => ({ model })),
    riders,
    round_trip: request.returnDate !== undefined,
    return_date: request.returnDate ?? '',
    return_route_id: request.returnTrip?.routeId ?? '',
    long_return_date: request.returnDate ? formatLongDate(request.returnDate, options.lang) : '',
    price: listed
      ? words.price(
          formatPriceRange(request.priceMin, request.priceMax, options.lang),
          onQuote,
          request.returnDate !== undefined,
        )
      : '',
    name: request.name ?? '',
    civility: civility ? civilityTitle(civility, options.lang) : '',
    reference: options.customer?.reference?.trim() ?? '',
    email: request.email ?? '',
    phone: request.phone ?? '',
    comment: request.comment ?? '',
    greeting: greetingFor(options.greeting, options.lang) ?? words.greeting,
    closing: words.closing,
    signature_lines: signatureLines(options.signature).map((line) => ({ line })),
    form_url: options.formUrl,
  };
}

/** Every field name a template may use (sections included), for the check of unknown names. */
export const TEMPLATE_FIELDS: readonly string[] = [
  'lang',
  'booking',
  'quote',
  'from',
  'to',
  'date',
  'long_date',
  'departure_time',
  'arrival_time',
  'stopovers',
  'city',
  'time',
  'route_id',
  'free_places',
  'voice',
  'desk',
  'intro',
  'contact_intro',
  'request_line',
  'thanks',
  'formula',
  'formula_code',
  'motorcycles',
  'motorcycle_models',
  'model',
  'riders',
  'round_trip',
  'return_date',
  'return_route_id',
  'long_return_date',
  'price',
  'name',
  'civility',
  'reference',
  'email',
  'phone',
  'comment',
  'greeting',
  'closing',
  'signature_lines',
  'line',
  'form_url',
  '.',
];
