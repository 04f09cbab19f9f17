import { namedCustomer } from './civility.js';
import { effectiveRiders } from './fields.js';
import { formulaLabel } from './formula.js';
import type { BookingLang } from './lang.js';
import { formatLongDate } from './long-date.js';
import { formatPriceRange } from './price.js';
import type { BookingOutput } from './request-output.js';
import { TICKET_WORDS } from './ticket-words.js';
import { markdownCell } from '../domain/markdown-text.js';

// A link the renderer may make clickable: http(s), nothing that could close the `<…>` or start HTML.
const SAFE_LINK = /^https?:\/\/[^\s<>\\`"'\u0000-\u001f\u007f]+$/;

/**
 * A drafted request as a short Markdown summary for a support ticket (`book --format markdown`, the desk page's
 * « Copier pour le ticket »): trip, date, boarding and alighting, motorcycles and riders, return, the listed price of a trip, the customer titled
 * with their civility when one was given, comment, reference, subject, where it is sent, the form link. Every text
 * goes through the one Markdown escaper (`markdownCell`), so a city or a name can never become a link, an image or
 * HTML; only the form link is a link, and only when it is a plain http(s) address.
 * @example
 * ```ts
 * const ticket = bookingTicket(result.drafts, 'fr'); // the customer's civility and reference from the drafts
 * ```
 */
export function bookingTicket(output: BookingOutput, lang: BookingLang): string {
  const words = TICKET_WORDS[lang];
  const { request, email } = output;
  const naming = output.customer ?? {};
  const at = (city: string, time: string | undefined) => (time ? words.at(city, time) : city);
  const schedule = request.schedule;
  const motorcycles = request.motorcycleModels?.length
    ? `${request.motorcycles} (${request.motorcycleModels.join(', ')})`
    : String(request.motorcycles);
  const returnDate = request.returnDate ? formatLongDate(request.returnDate, lang) : undefined;
  const back = returnDate && request.returnTrip ? words.returnTrip(returnDate, request.returnTrip.routeId) : returnDate;
  const name = request.name ? namedCustomer(request.name, naming.civility, lang) : undefined;
  const contact = [name, request.email, request.phone].filter((part) => part !== undefined && part !== '');
  const reference = naming.reference?.trim();
  const items: [string, string | undefined][] = [
    [words.labels.trip, request.routeId ? words.scheduled(request.routeId) : words.quote],
    [words.labels.date, formatLongDate(request.date, lang)],
    [words.labels.boarding, at(request.from, schedule?.departureTime)],
    [words.labels.alighting, at(request.to, schedule?.arrivalTime)],
    [words.labels.formula, formulaLabel(request.formula, lang)],
    [words.labels.motorcycles, motorcycles],
    [words.labels.riders, String(effectiveRiders(request))],
    [words.labels.return, back],
    [words.labels.price, request.scheduled ? formatPriceRange(request.priceMin, request.priceMax, lang) : undefined],
    [words.labels.contact, contact.length > 0 ? contact.join(', ') : words.noContact],
    [words.labels.comment, request.comment],
    [words.labels.reference, reference || undefined],
    [words.labels.subject, email.subject],
    [words.labels.sentTo, email.to],
  ];
  const link = SAFE_LINK.test(output.formUrl) ? `<${output.formUrl}>` : markdownCell(output.formUrl);
  return [
    `### ${markdownCell(words.title(request.from, request.to, request.scheduled))}`,
    '',
    ...items.flatMap(([label, value]) =>
      value === undefined ? [] : [`- **${label}**${words.colon} ${markdownCell(value)}`],
    ),
    `- **${words.labels.link}**${words.colon} ${link}`,
    '',
  ].join('\n');
}
