import type { BookingLang } from './lang.js';

/** Every phrase of the booking e-mail in one language. */
export interface BookingWording {
  subject: (kind: 'booking' | 'quote', route: string, longDate: string) => string;
  greeting: string;
  intro: (kind: 'booking' | 'quote', motorcycles: number) => string;
  labels: {
    from: string;
    to: string;
    date: string;
    formula: string;
    motorcycle: string;
    motorcycles: string;
    riders: string;
    trip: string;
    routeId: string;
    price: string;
    name: string;
    email: string;
    phone: string;
    comment: string;
  };
  contactIntro: string;
  oneWay: string;
  roundTrip: (longReturnDate: string) => string;
  request: (kind: 'booking' | 'quote') => string;
  thanks: string;
  closing: string;
  /** Separator between a label and its value (French sets the colon apart). */
  colon: string;
}

/** The wording of the booking e-mail, per language. */
export const BOOKING_WORDING: Readonly<Record<BookingLang, BookingWording>> = {
  fr: {
    subject: (kind, route, longDate) =>
      `${kind === 'booking' ? 'Demande de réservation moto' : 'Demande de devis moto'} : ${route}, le ${longDate}`,
    greeting: 'Bonjour,',
    intro: (kind, motorcycles) => {
      const what = motorcycles > 1 ? 'de mes motos' : 'de ma moto';
      return kind === 'booking'
        ? `Je souhaite réserver le transport ${what} sur le trajet suivant :`
        : `Je souhaite obtenir un devis pour le transport ${what} :`;
    },
    labels: {
      from: 'Départ',
      to: 'Arrivée',
      date: 'Date souhaitée',
      formula: 'Formule',
      motorcycle: 'Moto',
      motorcycles: 'Nombre de motos',
      riders: 'Nombre de pilotes',
      trip: 'Trajet',
      routeId: 'Référence du trajet',
      price: 'Tarif indiqué',
      name: 'Nom',
      email: 'E-mail',
      phone: 'Téléphone',
      comment: 'Commentaire',
    },
    contactIntro: 'Mes coordonnées :',
    oneWay: 'aller simple',
    roundTrip: (longReturnDate) => `aller-retour, retour le ${longReturnDate}`,
    request: (kind) =>
      kind === 'booking'
        ? 'Pourriez-vous me confirmer la disponibilité et m’indiquer comment finaliser la réservation ?'
        : 'Pourriez-vous m’adresser un devis pour ce transport ?',
    thanks: 'Je vous remercie par avance.',
    closing: 'Cordialement,',
    colon: ' : ',
  },
  en: {
    subject: (kind, route, longDate) =>
      `${kind === 'booking' ? 'Motorcycle transport booking request' : 'Motorcycle transport quote request'}: ${route} on ${longDate}`,
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
      date: 'Wished date',
      formula: 'Formula',
      motorcycle: 'Motorcycle',
      motorcycles: 'Number of motorcycles',
      riders: 'Number of riders',
      trip: 'Trip',
      routeId: 'Route reference',
      price: 'Listed price',
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      comment: 'Comment',
    },
    contactIntro: 'My contact details:',
    oneWay: 'one way',
    roundTrip: (longReturnDate) => `round trip, returning on ${longReturnDate}`,
    request: (kind) =>
      kind === 'booking'
        ? 'Could you please confirm availability and let me know how to complete the booking?'
        : 'Could you please send me a quote for this transport?',
    thanks: 'Thank you in advance.',
    closing: 'Kind regards,',
    colon: ': ',
  },
};
