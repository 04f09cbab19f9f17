import type { BookingFieldName } from '../../booking/fields.js';
import type { BookingLang } from '../../booking/lang.js';
import { frenchNumericDate as frenchDate } from '../../domain/french-writing.js';

/** The booking use case's own words, per language and keyed by meaning; fields are named as the face names them. */
export const BOOKING_MESSAGES = {
  en: {
    noContact: (name: BookingFieldName) =>
      `the e-mail gives no way to reach you: add ${name('email')} or ${name('phone')} so that the service can answer.`,
  },
  fr: {
    noContact: (name: BookingFieldName) =>
      `l\u2019e-mail ne donne aucun moyen de vous joindre\u00a0: ajoutez ${name('email')} ou ${name('phone')} pour que le service puisse répondre.`,
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;

/** The sentences of the use case's refusals and warnings, in one language. */
export interface BookingReasons {
  routeFixesDate: (id: string, name: BookingFieldName) => string;
  leftOn: (id: string, date: string) => string;
  citiesUnread: string;
  /** A quote's city not served as typed, read as the one served city it clearly stands for. */
  cityReadAs: (label: string, typed: string, served: string) => string;
  /** A real place the service does not serve, kept as typed for a quote: the served cities near it (nearest first). */
  cityUnserved: (label: string, typed: string, near: readonly string[]) => string;
  /** A typed place the service placed as a town it does not serve, named otherwise (`Pontarlie`): kept as the service names it. */
  cityPlacedAs: (label: string, typed: string, town: string, near: readonly string[]) => string;
  /** A place not served that the service could not be asked about (it is down): kept as typed. */
  cityUnchecked: (label: string, typed: string, probable: string | undefined) => string;
  returnNotBack: (name: BookingFieldName, id: string, goes: string, from: string, to: string) => string;
  returnDisagrees: (name: BookingFieldName, returnDate: string, id: string, date: string) => string;
  /** Moments are `YYYY-MM-DD HH:MM` (France's time). */
  returnBeforeArrival: (name: BookingFieldName, id: string, leaves: string, arrives: string) => string;
  /** Required fields nobody gave. */
  missing: (fields: readonly string[]) => string;
}

/** The refusals' and warnings' sentences, per language (the request's: `--lang fr` gives French ones). */
export const BOOKING_REASONS_IN: Readonly<Record<BookingLang, BookingReasons>> = {
  en: {
    routeFixesDate: (id, name) =>
      `${name('routeId')} ${id} already sets the date; drop ${name('date')}, or leave out ${name('routeId')} to ask a quote ` +
      `for another date (${name('from')} and ${name('to')} may name the stops where the traveller boards and leaves the trip).`,
    leftOn: (id, date) => `Route ${id} left on ${date}; it can no longer be booked.`,
    citiesUnread: 'could not read the cities the service serves; the cities are written as typed.',
    cityReadAs: (label, typed, served) => `${label}: "${typed}" read as ${served}.`,
    cityUnserved: (label, typed, near) =>
      `${label}: ${typed} is not served; the quote asks for it as typed. ${
        near.length > 0 ? `Served cities near it: ${near.join(', ')}.` : 'No served city is near it.'
      }`,
    cityPlacedAs: (label, typed, town, near) =>
      `${label}: "${typed}" read as ${town}, which is not served; the quote asks for ${town}. ${
        near.length > 0 ? `Served cities near it: ${near.join(', ')}.` : 'No served city is near it.'
      }`,
    cityUnchecked: (label, typed, probable) =>
      `${label}: "${typed}" is not a served city and the service could not be asked where it is; written as typed.${
        probable === undefined ? '' : ` Check it: did you mean ${probable}?`
      }`,
    returnNotBack: (name, id, goes, from, to) =>
      `${name('returnTrip')} ${id} goes ${goes}, not back from ${to} to ${from}.`,
    returnDisagrees: (name, returnDate, id, date) =>
      `${name('returnDate')} ${returnDate} and ${name('returnTrip')} ${id} (on ${date}) disagree; give one of them.`,
    returnBeforeArrival: (name, id, leaves, arrives) =>
      `${name('returnTrip')} ${id} leaves on ${englishMoment(leaves)}, before the trip out arrives (${englishMoment(arrives)}); choose a trip back that leaves later.`,
    missing: (fields) =>
      `Required booking ${fields.length === 1 ? 'field is' : 'fields are'} missing: ${fields.join(', ')}.`,
  },
  fr: {
    routeFixesDate: (id, name) =>
      `${name('routeId')} ${id} fixe déjà la date\u00a0: retirez ${name('date')}, ou laissez ${name('routeId')} de côté pour ` +
      `demander un devis à une autre date (${name('from')} et ${name('to')} peuvent nommer les arrêts où le voyageur monte et descend).`,
    leftOn: (id, date) => `Le trajet ${id} est parti le ${frenchDate(date)}\u202f; il ne peut plus être réservé.`,
    citiesUnread:
      'impossible de lire les villes desservies par le service\u202f; les villes sont écrites telles que saisies.',
    cityReadAs: (label, typed, served) => `${label}\u00a0: «\u202f${typed}\u202f» lu comme ${served}.`,
    cityUnserved: (label, typed, near) =>
      `${label}\u00a0: ${typed} n\u2019est pas desservie\u202f; ${
        near.length > 0
          ? `villes desservies proches\u00a0: ${near.join(', ')}`
          : 'aucune ville desservie n\u2019est proche'
      }. Le devis est demandé pour ${typed}, telle que saisie.`,
    cityPlacedAs: (label, typed, town, near) =>
      `${label}\u00a0: «\u202f${typed}\u202f» lu comme ${town}, qui n\u2019est pas desservie\u202f; ${
        near.length > 0
          ? `villes desservies proches\u00a0: ${near.join(', ')}`
          : 'aucune ville desservie n\u2019est proche'
      }. Le devis est demandé pour ${town}.`,
    cityUnchecked: (label, typed, probable) =>
      `${label}\u00a0: «\u202f${typed}\u202f» n\u2019est pas une ville desservie et le service n\u2019a pas pu la situer\u202f; elle est écrite telle que saisie.${
        probable === undefined ? '' : ` Vérifiez-la\u00a0: vouliez-vous dire ${probable}\u202f?`
      }`,
    returnNotBack: (name, id, goes, from, to) =>
      `${name('returnTrip')} ${id} va ${goes}, il ne revient pas de ${to} à ${from}.`,
    returnDisagrees: (name, returnDate, id, date) =>
      `${name('returnDate')} ${frenchDate(returnDate)} et ${name('returnTrip')} ${id} (le ${frenchDate(date)}) ne concordent pas\u202f; n’en donnez qu’un.`,
    returnBeforeArrival: (name, id, leaves, arrives) =>
      `${name('returnTrip')} ${id} part le ${frenchMoment(leaves)}, avant l’arrivée du trajet aller (le ${frenchMoment(arrives)})\u202f; choisissez un retour qui part plus tard.`,
    missing: (fields) =>
      `${fields.length === 1 ? 'Champ obligatoire manquant' : 'Champs obligatoires manquants'}\u00a0: ${fields.join(', ')}.`,
  },
};

/** `YYYY-MM-DD HH:MM` as the English sentences write it: 2026-12-10 at 08:30 (24:00: the day's end, no time known). */
function englishMoment(moment: string): string {
  const [date = '', time = ''] = moment.split(' ');
  return time === '24:00' ? `${date} (end of the day)` : `${date} at ${time}`;
}

/** `YYYY-MM-DD HH:MM` as French writes it: 10/12/2026 à 8 h 30 (24:00, a day's end when no time is known: « en fin de journée »). */
function frenchMoment(moment: string): string {
  const [date = '', time = ''] = moment.split(' ');
  if (time === '24:00') return `${frenchDate(date)} en fin de journée`;
  const [hours = '', minutes = ''] = time.split(':');
  return `${frenchDate(date)} à ${Number(hours)}\u00a0h\u00a0${minutes}`;
}
