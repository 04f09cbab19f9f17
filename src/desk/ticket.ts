import { namedCustomer, type Civility } from '../booking/civility.js';
import type { BookingRequest } from '../booking/fields.js';
import type { BookingLang } from '../booking/lang.js';
import { formatLongDate } from '../booking/long-date.js';
import { formatPriceRange } from '../booking/price.js';

const WORDS = {
  fr: {
    booking: 'Réservation',
    quote: 'Devis',
    trip: 'Trajet',
    price: 'Tarif affiché',
    formula: { rider: 'moto avec pilote', 'moto-only': 'moto seule' },
    motorcycles: (count: number) => `${count} moto${count === 1 ? '' : 's'}`,
    customer: 'Client',
    sentTo: 'Envoyée à',
    subject: 'Objet',
    back: 'Retour le',
    colon: '\u00a0: ',
  },
  en: {
    booking: 'Booking',
    quote: 'Quote',
    trip: 'Trip',
    price: 'Listed price',
    formula: { rider: 'motorcycle with rider', 'moto-only': 'motorcycle only' },
    motorcycles: (count: number) => `${count} motorcycle${count === 1 ? '' : 's'}`,
    customer: 'Customer',
    sentTo: 'Sent to',
    subject: 'Subject',
    back: 'Back on',
    colon: ': ',
  },
} as const;

// Markdown's own signs in a value typed by someone: shown as typed, not as emphasis or links.
const asTyped = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1').replace(/\s*\n\s*/g, ' ');

/**
 * The request as a short block for a support ticket: a title line and a few items, in Markdown that reads as plain
 * text too, in the session's language. Only what the request already says; nothing is decided here.
 */
export function ticketBlock(
  request: BookingRequest,
  subject: string,
  to: string,
  lang: BookingLang,
  civility?: Civility,
): string {
  const words = WORDS[lang];
  const is = words.colon;
  const kind = request.scheduled ? words.booking : words.quote;
  const lines = [
    `**${kind}${is}${asTyped(request.from)} \u2192 ${asTyped(request.to)}, ${formatLongDate(request.date, lang)}**`,
    ...(request.routeId ? [`- ${words.trip}${is}${asTyped(request.routeId)}`] : []),
    `- ${words.motorcycles(request.motorcycles)}, ${words.formula[request.formula]}`,
    ...(request.returnDate ? [`- ${words.back} ${formatLongDate(request.returnDate, lang)}`] : []),
    ...(request.scheduled
      ? [`- ${words.price}${is}${formatPriceRange(request.priceMin, request.priceMax, lang)}`]
      : []),
    `- ${words.customer}${is}${asTyped([request.name && namedCustomer(request.name, civility, lang), request.email, request.phone].filter(Boolean).join(', ') || '\u2014')}`,
    `- ${words.subject}${is}${asTyped(subject)}`,
    `- ${words.sentTo}${is}${asTyped(to)}`,
  ];
  return `${lines.join('\n')}\n`;
}
