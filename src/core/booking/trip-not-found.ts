import { NotFoundError } from '../../errors.js';

/** The one sentence for an id no upcoming trip has: the service lists neither past nor full trips. */
export function noUpcomingTripSentence(id: string, lang: 'en' | 'fr' = 'en'): string {
  return lang === 'fr'
    ? `Aucun trajet à venir n\u2019a l\u2019identifiant «\u202f${id}\u202f» (le service ne liste ni les trajets passés ni les trajets complets).`
    : `No upcoming trip has the id "${id}" (the service lists neither past nor full trips).`;
}

/** The one error for an id no upcoming trip has (exit 4), with what the face advises next. */
export function tripNotFoundError(id: string, advice: string, url = ''): NotFoundError {
  return new NotFoundError(`${noUpcomingTripSentence(id)} ${advice}`, 404, url);
}
