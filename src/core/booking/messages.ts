import type { BookingFieldName } from '../../booking/fields.js';
import type { BookingLang } from '../../booking/lang.js';

/** The booking use case's own words, per language and keyed by meaning; fields are named as the face names them. */
export const BOOKING_MESSAGES = {
  en: {
    noContact: (name: BookingFieldName) =>
      `the e-mail gives no way to reach you: add ${name('email')} or ${name('phone')} so that the service can answer.`,
  },
  fr: {
    noContact: (name: BookingFieldName) =>
      `l\u2019e-mail ne donne aucun moyen de vous joindre\u202f: ajoutez ${name('email')} ou ${name('phone')} pour que le service puisse répondre.`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** Sentences of refusals and warnings (English: the language of every error line). */
export const BOOKING_REASONS = {
  routeFixesDate: (id: string, name: BookingFieldName) =>
    `${name('routeId')} ${id} already sets the date; drop ${name('date')}, or leave out ${name('routeId')} to ask a quote ` +
    `for another date (${name('from')} and ${name('to')} may name the stops where the traveller boards and leaves the trip).`,
  leftOn: (id: string, date: string) => `Route ${id} left on ${date}; it can no longer be booked.`,
  citiesUnread: 'could not read the cities the service serves; the cities are written as typed.',
  quoteAsTyped: 'The request asks a quote for it as typed.',
  returnNotBack: (name: BookingFieldName, id: string, goes: string, from: string, to: string) =>
    `${name('returnTrip')} ${id} goes ${goes}, not back from ${to} to ${from}.`,
  returnDisagrees: (name: BookingFieldName, returnDate: string, id: string, date: string) =>
    `${name('returnDate')} ${returnDate} and ${name('returnTrip')} ${id} (on ${date}) disagree; give one of them.`,
} as const;
