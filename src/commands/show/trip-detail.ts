import type { Trip } from '../../domain/types.js';
import { formatPrice, formatRoute, formatTripDate } from '../../output/trip-columns.js';
import { displayWidth } from '../../output/text-width.js';

/** Where to book a trip and what to run next, shown under its detail. */
export interface TripNextSteps {
  formUrl: string;
  bookCommand: string;
}

const WORDS = {
  en: {
    trip: 'Trip',
    stop: 'Stop',
    time: 'Time',
    places: 'Free places to the next stop',
    price: 'Price',
    book: 'Book',
    next: 'Next',
  },
  fr: {
    trip: 'Trajet',
    stop: 'Arrêt',
    time: 'Heure',
    places: "Places libres jusqu'à l'arrêt suivant",
    price: 'Prix',
    book: 'Réserver',
    next: 'Ensuite',
  },
} as const;

/** One trip in detail, as lines for a terminal: every stop with its time and the free places of the leg after it. */
export function tripDetailLines(trip: Trip, next: TripNextSteps, lang: 'en' | 'fr'): string[] {
  const words = WORDS[lang];
  const stops = [trip.depart, ...trip.layovers, trip.arrival];
  const stopWidth = Math.max(displayWidth(words.stop), ...stops.map(displayWidth));
  const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));
  const lines = [`${words.trip} ${trip.id} · ${formatTripDate(trip.date, lang)} · ${formatRoute(trip)}`, ''];
  lines.push(`  ${pad(words.stop, stopWidth)}  ${pad(words.time, 5)}  ${words.places}`);
  stops.forEach((stop, index) => {
    const places = index < stops.length - 1 ? String(trip.slots[index] ?? '?') : '';
    lines.push(`  ${pad(stop, stopWidth)}  ${pad(trip.times[index] ?? '', 5)}  ${places}`.trimEnd());
  });
  const label = (text: string) => pad(text, Math.max(...[words.price, words.book, words.next].map(displayWidth)));
  lines.push('', `${label(words.price)}  ${formatPrice(trip.price_min, trip.price_max, lang)}`);
  lines.push(`${label(words.book)}  ${next.formUrl}`, `${label(words.next)}  ${next.bookCommand}`);
  return lines;
}
