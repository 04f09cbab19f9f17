import { formatLongDate } from '../../booking/long-date.js';
import { formulaLabel } from '../../booking/formula.js';
import { effectiveRiders } from '../../booking/fields.js';
import type { BookingLang } from '../../booking/lang.js';
import type { BookingOutput } from '../../booking/request-output.js';
import { markdownCell } from '../../output/markdown.js';
import { TICKET_WORDS } from './words.js';

// A link the renderer may make clickable: http(s), nothing that could close the `<…>` or start HTML.
const SAFE_LINK = /^https?:\/\/[^\s<>\\`"'\u0000-\u001f\u007f]+$/;

/**
 * `book --format markdown`: a short summary of the request for a ticket (trip, date, boarding and alighting,
 * motorcycles and riders, return, contact, comment, the form link). Every text goes through the one Markdown
 * escaper (output/markdown.ts), so a city or a name can never become a link, an image or HTML; only the form link
 * is a link, and only when it is a plain http(s) address.
 */
export function bookingTicket(output: BookingOutput, lang: BookingLang): string {
  const words = TICKET_WORDS[lang];
  const { request } = output;
  const at = (city: string, time: string | undefined) => (time ? words.at(city, time) : city);
  const schedule = request.schedule;
  const motorcycles = request.motorcycleModels?.length
    ? `${request.motorcycles} (${request.motorcycleModels.join(', ')})`
    : String(request.motorcycles);
  const returnDate = request.returnDate ? formatLongDate(request.returnDate, lang) : undefined;
  const back = returnDate && request.returnTrip ? words.returnTrip(returnDate, request.returnTrip.routeId) : returnDate;
  const contact = [request.name, request.email, request.phone].filter((part) => part !== undefined && part !== '');
  const items: [string, string | undefined][] = [
    [words.labels.trip, request.routeId ? words.scheduled(request.routeId) : words.quote],
    [words.labels.date, formatLongDate(request.date, lang)],
    [words.labels.boarding, at(request.from, schedule?.departureTime)],
    [words.labels.alighting, at(request.to, schedule?.arrivalTime)],
    [words.labels.formula, formulaLabel(request.formula, lang)],
    [words.labels.motorcycles, motorcycles],
    [words.labels.riders, String(effectiveRiders(request))],
    [words.labels.return, back],
    [words.labels.contact, contact.length > 0 ? contact.join(', ') : words.noContact],
    [words.labels.comment, request.comment],
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
