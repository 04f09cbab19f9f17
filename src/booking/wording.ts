import { frenchClock, frenchOf } from '../domain/french-writing.js';
import type { Civility } from './civility.js';
import type { BookingLang } from './lang.js';
import type { Voice } from './voice.js';

/** Every phrase of the booking e-mail in one language. */
export interface BookingWording {
  /**
   * The subject; `customer` (the desk's voice, with its title when a civility is given) names whom the request is
   * for, so that two requests on one trip differ; `reference`, the customer's own reference, follows in brackets.
   */
  subject: (kind: 'booking' | 'quote', route: string, when: string, customer?: string, reference?: string) => string;
  /** The date and, for a scheduled trip, the departure time, as the subject says them. */
  when: (longDate: string, time: string | undefined) => string;
  greeting: string;
  intro: (kind: 'booking' | 'quote', motorcycles: number) => string;
  labels: {
    from: string;
    to: string;
    /** The date a quote asks for. */
    wishedDate: string;
    /** The fixed date of a scheduled trip. */
    tripDate: string;
    stopovers: string;
    formula: string;
    motorcycle: string;
    motorcyclesModels: string;
    motorcycles: string;
    riders: string;
    trip: string;
    routeId: string;
    /** The chosen return trip: its reference, then its stops with their times. */
    returnTrip: string;
    freePlaces: string;
    price: string;
    name: string;
    email: string;
    phone: string;
    comment: string;
  };
  /** A departure city with its time: « Paris à 8 h 30 », “Paris at 08:30”. */
  departure: (city: string, time: string) => string;
  /** An arrival city with its time: « Marseille vers 16 h 45 », “Marseille, expected at 16:45”. */
  arrival: (city: string, time: string) => string;
  /** Free places seen on the fullest leg: « 3 au moment de ma demande ». */
  freePlaces: (places: number) => string;
  /** What the listed price covers: « de 299 € à 349 € par moto », « …, pour l’aller uniquement » on a round trip. */
  price: (range: string, onQuote: boolean, roundTrip: boolean) => string;
  /** Joins a list of items: « A, B et C », “A, B and C”. */
  list: (items: readonly string[]) => string;
  /** A clock time as written in running text: « 8 h 30 », “08:30”. */
  clock: (time: string) => string;
  contactIntro: string;
  /** The last paragraph of an .eml draft: the same request in the online form. */
  formLink: (url: string) => string;
  oneWay: string;
  roundTrip: (longReturnDate: string) => string;
  request: (kind: 'booking' | 'quote') => string;
  thanks: string;
  closing: string;
  /** Separator between a label and its value (French sets the colon apart with a narrow no-break space). */
  colon: string;
  /** The phrases that change when a support desk writes on the customer's behalf (voice `desk`). */
  desk: DeskWording;
}

/** The customer the desk writes for: the name as the e-mail writes it (its title included), and the civility given. */
export interface NamedCustomer {
  /** « Mme Hélène Lefèvre » with a civility, « Hélène Lefèvre » without. */
  name: string;
  civility?: Civility | undefined;
}

/**
 * The desk's own phrases: « Nous souhaitons réserver, au nom de Jeanne Dupont, … », never guessing anyone's gender:
 * only a civility given says « la cliente » or “her”.
 */
export interface DeskWording {
  intro: (kind: 'booking' | 'quote', motorcycles: number, customer: NamedCustomer | undefined) => string;
  /** The line above the contact details; `civility` is the customer's, when given. */
  contactIntro: (civility: Civility | undefined) => string;
  freePlaces: (places: number) => string;
  request: (kind: 'booking' | 'quote') => string;
  thanks: string;
}

/** The wording of the booking e-mail, per language. */
export const BOOKING_WORDING: Readonly<Record<BookingLang, BookingWording>> = {
  fr: {
    subject: (kind, route, when, customer, reference) =>
      `${kind === 'booking' ? 'Demande de réservation moto' : 'Demande de devis moto'}${customer ? ` pour ${customer}` : ''}${reference ? ` (réf.\u00a0${reference})` : ''}\u00a0: ${route}, le ${when}`,
    when: (longDate, time) => (time === undefined ? longDate : `${longDate} à ${frenchClock(time)}`),
    greeting: 'Bonjour,',
    intro: (kind, motorcycles) => {
      const what = motorcycles > 1 ? 'de mes motos' : 'de ma moto';
      return kind === 'booking'
        ? `Je souhaite réserver le transport ${what} sur le trajet suivant\u00a0:`
        : `Je souhaite obtenir un devis pour le transport ${what}\u00a0:`;
    },
    labels: {
      from: 'Départ',
      to: 'Arrivée',
      wishedDate: 'Date souhaitée',
      tripDate: 'Date du trajet',
      stopovers: 'Escales',
      formula: 'Formule',
      motorcycle: 'Moto',
      motorcyclesModels: 'Motos',
      motorcycles: 'Nombre de motos',
      riders: 'Nombre de pilotes',
      trip: 'Type de trajet',
      routeId: 'Référence du trajet',
      returnTrip: 'Trajet retour',
      freePlaces: 'Places moto disponibles',
      price: 'Tarif affiché',
      name: 'Nom',
      email: 'E-mail',
      phone: 'Téléphone',
      comment: 'Commentaire',
    },
    departure: (city, time) => `${city} à ${frenchClock(time)}`,
    arrival: (city, time) => `${city} vers ${frenchClock(time)}`,
    freePlaces: (places) => `${places} au moment de ma demande`,
    price: (range, onQuote, roundTrip) =>
      onQuote ? range : roundTrip ? `${range} par moto, pour l’aller uniquement` : `${range} par moto`,
    list: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`),
    clock: frenchClock,
    contactIntro: 'Mes coordonnées\u00a0:',
    formLink: (url) => `La même demande dans le formulaire en ligne (prérempli)\u00a0:\n${url}`,
    oneWay: 'aller simple',
    roundTrip: (longReturnDate) => `aller-retour, retour le ${longReturnDate}`,
    request: (kind) =>
      kind === 'booking'
        ? 'Pourriez-vous me confirmer la disponibilité et m’indiquer comment finaliser la réservation\u202f?'
        : 'Pourriez-vous m’adresser un devis pour ce transport\u202f?',
    thanks: 'Je vous remercie par avance.',
    closing: 'Cordialement,',
    colon: '\u00a0: ',
    desk: {
      // « client », « cliente »: a name does not tell, so the desk names the person and lets the possessive agree with the moto.
      intro: (kind, motorcycles, customer) => {
        const who = customer ? `, au nom ${frenchOf(customer.name)},` : '';
        const what = customer
          ? motorcycles > 1
            ? 'de ses motos'
            : 'de sa moto'
          : motorcycles > 1
            ? `de ${frenchCount(motorcycles)} motos`
            : 'd’une moto';
        return kind === 'booking'
          ? `Nous souhaitons réserver${who} le transport ${what} sur le trajet suivant\u00a0:`
          : `Nous souhaitons obtenir${who} un devis pour le transport ${what}\u00a0:`;
      },
      contactIntro: (civility) =>
        civility === 'Mme'
          ? 'Coordonnées de la cliente\u00a0:'
          : civility === 'M.'
            ? 'Coordonnées du client\u00a0:'
            : 'Coordonnées de contact\u00a0:',
      freePlaces: (places) => `${places} au moment de notre demande`,
      request: (kind) =>
        kind === 'booking'
          ? 'Pourriez-vous nous confirmer la disponibilité et nous indiquer comment finaliser la réservation\u202f?'
          : 'Pourriez-vous nous adresser un devis pour ce transport\u202f?',
      thanks: 'Nous vous remercions par avance.',
    },
  },
  en: {
    subject: (kind, route, when, customer, reference) =>
      `${kind === 'booking' ? 'Motorcycle transport booking request' : 'Motorcycle transport quote request'}${customer ? ` for ${customer}` : ''}${reference ? ` (ref. ${reference})` : ''}: ${route} on ${when}`,
    when: (longDate, time) => (time === undefined ? longDate : `${longDate} at ${time}`),
    greeting: 'Hello,',
    intro: (kind, motorcycles) => {
      const what = motorcycles > 1 ? 'my motorcycles' : 'my motorcycle';
      return kind === 'booking'
        ? `I would like to book transport for ${what} on the following trip:`
        : `I would like a quote for transporting ${what}:`;
    },
    labels: {
      from: 'Departure',
      to: 'Arrival',
      wishedDate: 'Preferred date',
      tripDate: 'Trip date',
      stopovers: 'Stopovers',
      formula: 'Formula',
      motorcycle: 'Motorcycle',
      motorcyclesModels: 'Motorcycles',
      motorcycles: 'Number of motorcycles',
      riders: 'Number of riders',
      trip: 'Trip type',
      routeId: 'Route reference',
      returnTrip: 'Return trip',
      freePlaces: 'Free motorcycle places',
      price: 'Listed price',
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      comment: 'Comment',
    },
    departure: (city, time) => `${city} at ${time}`,
    arrival: (city, time) => `${city}, expected at ${time}`,
    freePlaces: (places) => `${places} at the time of writing`,
    price: (range, onQuote, roundTrip) =>
      onQuote ? range : roundTrip ? `${range} per motorcycle, outbound trip only` : `${range} per motorcycle`,
    list: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`),
    clock: (time) => time,
    contactIntro: 'My contact details:',
    formLink: (url) => `The same request in the online form (pre-filled):\n${url}`,
    oneWay: 'one way',
    roundTrip: (longReturnDate) => `round trip, returning on ${longReturnDate}`,
    request: (kind) =>
      kind === 'booking'
        ? 'Could you please confirm availability and let me know how to complete the booking?'
        : 'Could you please send me a quote for this transport?',
    thanks: 'Thank you in advance.',
    closing: 'Kind regards,',
    colon: ': ',
    desk: {
      intro: (kind, motorcycles, customer) => {
        const who = customer ? `On behalf of our customer ${customer.name}` : 'On behalf of one of our customers';
        // “their” unless a civility was given: nothing is guessed from a name.
        const whose = customer?.civility === 'Mme' ? 'her' : customer?.civility === 'M.' ? 'his' : 'their';
        const what = motorcycles > 1 ? `${whose} motorcycles` : `${whose} motorcycle`;
        return kind === 'booking'
          ? `${who}, we would like to book transport for ${what} on the following trip:`
          : `${who}, we would like a quote for transporting ${what}:`;
      },
      contactIntro: () => 'Our customer\u2019s contact details:',
      freePlaces: (places) => `${places} at the time of our request`,
      request: (kind) =>
        kind === 'booking'
          ? 'Could you please confirm availability and let us know how to complete the booking?'
          : 'Could you please send us a quote for this transport?',
      thanks: 'Thank you in advance.',
    },
  },
};

/** The phrases of one voice: the customer's own (the wording itself), or the desk's on the customer's behalf. */
export function voicePhrases(words: BookingWording, voice: Voice = 'customer'): DeskWording {
  if (voice === 'desk') return words.desk;
  return {
    intro: (kind, motorcycles) => words.intro(kind, motorcycles),
    contactIntro: () => words.contactIntro,
    freePlaces: words.freePlaces,
    request: words.request,
    thanks: words.thanks,
  };
}

/** « deux », « trois »… as French writes small counts in running text; digits from 11 on. */
function frenchCount(count: number): string {
  return (
    ['zéro', 'une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix'][count] ?? String(count)
  );
}
