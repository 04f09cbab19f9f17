import { frenchClock } from '../domain/french-writing.js';
import type { BookingLang } from './lang.js';

/** The words of a request's summary for a support ticket (`book --format markdown`, the desk page's copy). */
export const TICKET_WORDS = {
  en: {
    title: (from: string, to: string, scheduled: boolean) =>
      `${scheduled ? 'Motorcycle transport booking' : 'Motorcycle transport quote'}: ${from} \u2192 ${to}`,
    colon: ':',
    labels: {
      trip: 'Trip',
      date: 'Date',
      boarding: 'Boarding',
      alighting: 'Alighting',
      formula: 'Formula',
      motorcycles: 'Motorcycles',
      riders: 'Riders',
      return: 'Return',
      contact: 'Contact',
      price: 'Listed price',
      comment: 'Comment',
      reference: 'Reference',
      subject: 'Subject',
      sentTo: 'Sent to',
      link: 'Form',
    },
    scheduled: (id: string) => `scheduled trip ${id}`,
    quote: 'quote (no scheduled trip)',
    at: (city: string, time: string) => `${city}, ${time}`,
    returnTrip: (date: string, id: string) => `${date}, trip ${id}`,
    noContact: 'none given',
  },
  fr: {
    title: (from: string, to: string, scheduled: boolean) =>
      `${scheduled ? 'R\u00e9servation transport moto' : 'Devis transport moto'}\u00a0: ${from} \u2192 ${to}`,
    colon: '\u00a0:',
    labels: {
      trip: 'Trajet',
      date: 'Date',
      boarding: 'Mont\u00e9e',
      alighting: 'Descente',
      formula: 'Formule',
      motorcycles: 'Motos',
      riders: 'Pilotes',
      return: 'Retour',
      contact: 'Contact',
      price: 'Tarif affich\u00e9',
      comment: 'Commentaire',
      reference: 'R\u00e9f\u00e9rence',
      subject: 'Objet',
      sentTo: 'Envoy\u00e9e \u00e0',
      link: 'Formulaire',
    },
    scheduled: (id: string) => `trajet ${id}`,
    quote: 'devis (pas de trajet programm\u00e9)',
    at: (city: string, time: string) => `${city}, ${frenchClock(time)}`,
    returnTrip: (date: string, id: string) => `${date}, trajet ${id}`,
    noContact: 'aucun',
  },
} as const satisfies Record<BookingLang, Record<string, unknown>>;
