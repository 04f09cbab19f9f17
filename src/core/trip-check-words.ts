import { frenchClock, frenchNumericDate, frenchOf } from '../domain/french-writing.js';

/** The trip check's sentences, per language; dates and times as each language writes them. */
export interface TripCheckWords {
  notBoarding: (id: string, from: string, stops: readonly string[]) => string;
  notReaching: (id: string, to: string, after: string | undefined, stops: readonly string[]) => string;
  places: (id: string, free: number, between: { from: string; to: string } | undefined, asked: number) => string;
  leftOn: (id: string, date: string) => string;
  leftToday: (id: string, from: string | undefined, time: string, now: string) => string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const TRIP_CHECK_WORDS: Readonly<Record<'en' | 'fr', TripCheckWords>> = {
  en: {
    notBoarding: (id, from, stops) =>
      `Route ${id} does not stop in ${from} before its last stop (its stops: ${stops.join(', ')}).`,
    notReaching: (id, to, after, stops) =>
      `Route ${id} does not reach ${to} after ${after ?? 'its departure'} (its stops: ${stops.join(', ')}).`,
    places: (id, free, between, asked) => {
      const places = free === 0 ? 'no free motorcycle place' : `${plural(free, 'free motorcycle place')}`;
      const legs = between ? `between ${between.from} and ${between.to}` : 'on its fullest leg';
      return `Route ${id} has ${places} ${legs}, and ${plural(asked, 'motorcycle')} ${asked === 1 ? 'was' : 'were'} asked for.`;
    },
    leftOn: (id, date) => `Route ${id} left on ${date}; it can no longer be booked.`,
    leftToday: (id, from, time, now) =>
      `Route ${id} left${from ? ` from ${from}` : ''} today at ${time} (it is ${now} in France).`,
  },
  fr: {
    notBoarding: (id, from, stops) =>
      `Le trajet ${id} ne s\u2019arrête pas à ${from} avant son dernier arrêt (ses arrêts\u00a0: ${stops.join(', ')}).`,
    notReaching: (id, to, after, stops) =>
      `Le trajet ${id} ne va pas à ${to} après ${after ?? 'son départ'} (ses arrêts\u00a0: ${stops.join(', ')}).`,
    places: (id, free, between, asked) => {
      const places =
        free === 0
          ? 'n\u2019a plus aucune place moto libre'
          : free === 1
            ? 'n\u2019a qu\u2019une place moto libre'
            : `n\u2019a que ${free} places moto libres`;
      const legs = between ? `entre ${between.from} et ${between.to}` : 'sur son tronçon le plus chargé';
      return `Le trajet ${id} ${places} ${legs}, pour ${asked} moto${asked === 1 ? ' demandée' : 's demandées'}.`;
    },
    leftOn: (id, date) =>
      `Le trajet ${id} est parti le ${frenchNumericDate(date)}\u202f; il ne peut plus être réservé.`,
    leftToday: (id, from, time, now) =>
      `Le trajet ${id} est parti${from ? ` ${frenchOf(from)}` : ''} aujourd\u2019hui à ${frenchClock(time)} (il est ${frenchClock(now)} en France).`,
  },
};
