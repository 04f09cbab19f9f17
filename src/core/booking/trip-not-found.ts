import { NotFoundError } from '../../errors.js';

const NO_UPCOMING_TRIP = {
  en: (id: string) => `No upcoming trip has the id "${id}" (the service lists neither past nor full trips).`,
  fr: (id: string) =>
    `Aucun trajet à venir n\u2019a l\u2019identifiant «\u202f${id}\u202f» (le service ne liste ni les trajets passés ni les trajets complets).`,
} as const;

/** The one sentence for an id no upcoming trip has: the service lists neither past nor full trips. */
export function noUpcomingTripSentence(id: string, lang: 'en' | 'fr' = 'en'): string {
  return NO_UPCOMING_TRIP[lang](id);
}

/** The one error for an id no upcoming trip has (exit 4), with what the face advises next, said in `lang`. */
export function tripNotFoundError(id: string, advice: string, url = '', lang: 'en' | 'fr' = 'en'): NotFoundError {
  return new NotFoundError(`${noUpcomingTripSentence(id, lang)} ${advice}`, 404, url);
}
