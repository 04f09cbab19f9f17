import { NotFoundError } from '../../errors.js';

/** The one sentence for an id no upcoming trip has: the service lists neither past nor full trips. */
export function noUpcomingTripSentence(id: string): string {
  return `No upcoming trip has the id "${id}" (the service lists neither past nor full trips).`;
}

/** The one error for an id no upcoming trip has (exit 4), with what the face advises next. */
export function tripNotFoundError(id: string, advice: string, url = ''): NotFoundError {
  return new NotFoundError(`${noUpcomingTripSentence(id)} ${advice}`, 404, url);
}
