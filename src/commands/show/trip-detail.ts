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
    narrowPlaces: 'Free',
    price: 'Price',
    book: 'Book',
    next: 'Next',
  },
  fr: {
    trip: 'Trajet',
    stop: 'Arrêt',
    time: 'Heure',
    places: "Places libres jusqu'à l'arrêt suivant",
    narrowPlaces: 'Libres',
    price: 'Prix',
    book: 'Réserver',
    next: 'Ensuite',
  },
} as const;

/**
 * One trip in detail, as lines for a terminal: every stop with its time and the free places of the leg after it.
 * When that is wider than the terminal, the narrow form: the title on three lines, a short places header, and the
 * link and command each under its label (whole, to be clicked or copied: they alone may be wider).
 */
export function tripDetailLines(
  trip: Trip,
  next: TripNextSteps,
  lang: 'en' | 'fr',
  width: number = Number.POSITIVE_INFINITY,
): string[] {
  const wide = wideDetailLines(trip, next, lang);
  return wide.every((line) => displayWidth(line) <= width) ? wide : narrowDetailLines(trip, next, lang, width);
}

function narrowDetailLines(trip: Trip, next: TripNextSteps, lang: 'en' | 'fr', width: number): string[] {
  const words = WORDS[lang];
  const stops = [trip.depart, ...trip.layovers, trip.arrival];
  const stopWidth = Math.max(displayWidth(words.stop), ...stops.map(displayWidth));
  const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));
  const lines = [`${words.trip} ${trip.id}`, formatTripDate(trip.date, lang), ...routeLines(stops, width), ''];
  lines.push(`${pad(words.stop, stopWidth)}  ${pad(words.time, 5)}  ${words.narrowPlaces}`);
  stops.forEach((stop, index) => {
    const places = index < stops.length - 1 ? String(trip.slots[index] ?? '?') : '';
    lines.push(`${pad(stop, stopWidth)}  ${pad(trip.times[index] ?? '', 5)}  ${places}`.trimEnd());
  });
  lines.push('', `${words.price}  ${formatPrice(trip.price_min, trip.price_max, lang)}`);
  lines.push(`${words.book}:`, `  ${next.formUrl}`, `${words.next}:`, `  ${next.bookCommand}`);
  return lines;
}

/** A route broken between its stops into lines of at most `width` cells (`Paris → Lyon →` / `Marseille`). */
function routeLines(stops: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  stops.forEach((stop, index) => {
    const part = index < stops.length - 1 ? `${stop} →` : stop;
    const joined = line === '' ? part : `${line} ${part}`;
    if (line !== '' && displayWidth(joined) > width) {
      lines.push(line);
      line = part;
    } else line = joined;
  });
  lines.push(line);
  return lines;
}

function wideDetailLines(trip: Trip, next: TripNextSteps, lang: 'en' | 'fr'): string[] {
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
