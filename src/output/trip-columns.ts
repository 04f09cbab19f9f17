import { isIsoDate } from '../domain/dates.js';
import { formatEuroRange, formatNumber } from '../domain/numbers.js';
import type { NearbyCity, Trip } from '../domain/types.js';
import { type ColumnSet, LAST_RESORT_RANK } from './columns.js';

/** The languages tables are written in. */
export type TableLang = 'en' | 'fr';

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const WORDS = {
  en: {
    days: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    months: EN_MONTHS,
    onQuote: 'on quote',
    shortDate: (day: number, month: number) => `${EN_MONTHS[month - 1]} ${day}`,
    hidden: { time: 'time', slots: 'places', price: 'price', stopovers: 'stopovers' },
    headers: {
      date: 'Date',
      time: 'Time',
      route: 'Route',
      price: 'Price',
      slots: 'Places',
      city: 'City',
      distance: 'Distance',
    },
  },
  fr: {
    days: ['dim', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam'],
    months: ['janv', 'févr', 'mars', 'avr', 'mai', 'juin', 'juil', 'août', 'sept', 'oct', 'nov', 'déc'],
    onQuote: 'sur devis',
    shortDate: (day: number, month: number) => `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}`,
    hidden: { time: 'heure', slots: 'places', price: 'prix', stopovers: 'étapes' },
    headers: {
      date: 'Date',
      time: 'Heure',
      route: 'Trajet',
      price: 'Prix',
      slots: 'Places',
      city: 'Ville',
      distance: 'Distance',
    },
  },
} as const;

/** A short human date, `Sat 05 Dec 2026` (`sam 05 déc 2026` in French); anything not ISO is shown as is. */
export function formatTripDate(isoDate: string, lang: TableLang = 'en'): string {
  if (!isIsoDate(isoDate)) return isoDate;
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const words = WORDS[lang];
  return `${words.days[weekday]} ${String(day).padStart(2, '0')} ${words.months[month - 1]} ${year}`;
}

/** A date for a narrow terminal: `Dec 5` in English, `05/12` in French; anything not ISO is shown as is. */
export function formatShortTripDate(isoDate: string, lang: TableLang = 'en'): string {
  if (!isIsoDate(isoDate)) return isoDate;
  const [, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return WORDS[lang].shortDate(day, month);
}

/** A city's name for a narrow terminal: names of up to 6 letters whole, longer ones as their first 4 and a dot (`Mars.`). */
export function abbreviateCity(name: string): string {
  const letters = Array.from(name);
  return letters.length <= 6 ? name : `${letters.slice(0, 4).join('')}.`;
}

/** The route of a narrow terminal, every stop abbreviated: `Paris → Lyon → Mars.`. */
export function formatShortRoute(trip: Pick<Trip, 'depart' | 'layovers' | 'arrival' | 'unknown'>): string {
  const stops = trip.unknown?.includes('layovers') ? [UNKNOWN_MARK] : trip.layovers;
  return [trip.depart, ...stops, trip.arrival]
    .map((stop) => (stop === UNKNOWN_MARK ? stop : abbreviateCity(stop)))
    .join(' → ');
}

/** The route of a narrower terminal still: its two ends only, abbreviated (`Paris → Mars.`). */
export function formatRouteEnds(trip: Pick<Trip, 'depart' | 'arrival'>): string {
  return `${abbreviateCity(trip.depart)} → ${abbreviateCity(trip.arrival)}`;
}

/** A trip's price for a column: `299 €`, a range `299–349 €`, or `on quote` / `sur devis` when the service gives none. */
export function formatPrice(min: number | null, max: number | null, lang: TableLang = 'en'): string {
  if (min === null && max === null) return WORDS[lang].onQuote;
  return formatEuroRange(min ?? max ?? 0, max ?? min ?? 0, lang, { grouped: false, sign: 'after' });
}

/** A price in euros as each language writes it, for text to paste: `1 299 €` / `299–349 €` in French, `€1,299` / `€299–€349` in English. */
export function formatEuroPrice(min: number | null, max: number | null, lang: TableLang = 'en'): string {
  if (min === null && max === null) return WORDS[lang].onQuote;
  return formatEuroRange(min ?? max ?? 0, max ?? min ?? 0, lang);
}

/** The route with its stopovers: `Paris → Lyon → Marseille`. */
export function formatRoute(trip: Pick<Trip, 'depart' | 'layovers' | 'arrival'>): string {
  return [trip.depart, ...trip.layovers, trip.arrival].join(' → ');
}

/** What a reader is shown for what a record leaves unknown. */
export const UNKNOWN_MARK = '?';

/** The route for a table: `Paris → ? → Marseille` when the record does not say which stopovers there are. */
export function formatTripRoute(trip: Pick<Trip, 'depart' | 'layovers' | 'arrival' | 'unknown'>): string {
  return trip.unknown?.includes('layovers') ? `${trip.depart} → ${UNKNOWN_MARK} → ${trip.arrival}` : formatRoute(trip);
}

/** Free places on each leg: `3·2·4`. */
export function formatSlots(slots: readonly number[]): string {
  return slots.join('·');
}

/**
 * A trip's places for a table, never guessed: Form B's first leg then `?` for each later leg (`3·?·?`),
 * `?` when the record does not say which leg its figure counts (Form A) or how many legs there are.
 */
export function formatTripSlots(trip: Pick<Trip, 'slots' | 'layovers' | 'unknown'>): string {
  if (!trip.unknown?.includes('slots')) return formatSlots(trip.slots);
  if (trip.unknown.includes('layovers') || trip.slots.length !== 1) return UNKNOWN_MARK;
  return [String(trip.slots[0]), ...trip.layovers.map(() => UNKNOWN_MARK)].join('·');
}

/**
 * Every column a trip can be printed with; tables default to date, time, route, price, places and id. Trips of
 * the listing (`listing`) also print what their records leave `unknown` in machine formats.
 */
export function tripColumns(lang: TableLang = 'en', { listing = false } = {}): ColumnSet<Trip> {
  const headers = WORDS[lang].headers;
  const price = (trip: Trip) => formatPrice(trip.price_min, trip.price_max, lang);
  const priceTone = (trip: Trip) => (trip.price_min === null && trip.price_max === null ? 'dim' : undefined);
  const hidden = WORDS[lang].hidden;
  const columns: ColumnSet<Trip>['columns'] = [
    // A narrow terminal takes, in this order (the ranks): the short date, the abbreviated route, the route's two
    // ends only (stopovers hidden), then hides places, then the time. The id and the price are never hidden nor cut: below 40 columns the route is.
    {
      key: 'date',
      header: headers.date,
      table: (trip) => formatTripDate(trip.date, lang),
      raw: (trip) => trip.date,
      keepWhole: true,
      narrower: [{ rank: 1, table: (trip) => formatShortTripDate(trip.date, lang) }],
    },
    {
      key: 'time',
      header: headers.time,
      table: (trip) => trip.times[0] ?? '',
      raw: (trip) => trip.times[0] ?? null,
      keepWhole: true,
      knownWidth: TIME_WIDTH,
      dropRank: 5,
      hiddenName: hidden.time,
    },
    {
      key: 'route',
      header: headers.route,
      table: formatTripRoute,
      raw: formatRoute,
      ellipsis: 'middle',
      minWidth: 18,
      narrower: [
        { rank: 2, table: formatShortRoute },
        { rank: 3, table: formatRouteEnds, hides: hidden.stopovers },
      ],
    },
    {
      key: 'price',
      header: headers.price,
      table: price,
      raw: price,
      markdown: (trip) => formatEuroPrice(trip.price_min, trip.price_max, lang),
      align: 'right',
      tone: priceTone,
      keepWhole: true,
      // Kept down to 40 columns: hidden only when even a route cut to a few cells leaves it no room (absurd prices).
      dropRank: LAST_RESORT_RANK,
      hiddenName: hidden.price,
    },
    {
      key: 'slots',
      header: headers.slots,
      table: formatTripSlots,
      raw: (trip) => trip.slots,
      align: 'right',
      tone: (trip) => (trip.slots.some((free) => free === 0) ? 'yellow' : undefined),
      keepWhole: true,
      dropRank: 4,
      hiddenName: hidden.slots,
    },
    {
      key: 'id',
      header: 'ID',
      table: (trip) => trip.id,
      raw: (trip) => trip.id,
      tone: () => 'dim',
      keepWhole: true,
      knownWidth: ID_WIDTH,
    },
    { key: 'depart', header: 'Depart', table: (trip) => trip.depart, raw: (trip) => trip.depart },
    { key: 'arrival', header: 'Arrival', table: (trip) => trip.arrival, raw: (trip) => trip.arrival },
    { key: 'layovers', header: 'Layovers', table: (trip) => trip.layovers.join(', '), raw: (trip) => trip.layovers },
    {
      key: 'price_min',
      header: 'Min',
      table: (trip) => formatPrice(trip.price_min, trip.price_min, lang),
      raw: (trip) => trip.price_min,
      align: 'right',
    },
    {
      key: 'price_max',
      header: 'Max',
      table: (trip) => formatPrice(trip.price_max, trip.price_max, lang),
      raw: (trip) => trip.price_max,
      align: 'right',
    },
    { key: 'times', header: 'Times', table: (trip) => trip.times.join(' '), raw: (trip) => trip.times },
    {
      key: 'unknown',
      header: 'Unknown',
      table: (trip) => (trip.unknown ?? []).join(', '),
      raw: (trip) => trip.unknown ?? [],
    },
  ];
  return { columns, tableKeys: TRIP_TABLE_KEYS, machineKeys: listing ? LISTING_MACHINE_KEYS : TRIP_MACHINE_KEYS };
}

/** A departure time, HH:MM. */
const TIME_WIDTH = 5;
/** The service's ids run to 7 digits (a million routes); a longer one widens the column when it comes. */
const ID_WIDTH = 7;

/** The columns a trip table shows by default. */
export const TRIP_TABLE_KEYS = ['date', 'time', 'route', 'price', 'slots', 'id'] as const;

/** The keys machine formats print for a trip by default, in order. */
export const TRIP_MACHINE_KEYS = [
  'id',
  'date',
  'time',
  'depart',
  'arrival',
  'layovers',
  'price_min',
  'price_max',
  'slots',
  'times',
] as const;

/** The keys machine formats print for a trip of the listing: also what its record leaves unknown (`[]` when nothing). */
export const LISTING_MACHINE_KEYS = [...TRIP_MACHINE_KEYS, 'unknown'] as const;

/** Columns for cities near a place: name and distance in kilometres. */
export function nearbyCityColumns(lang: TableLang = 'en'): ColumnSet<NearbyCity> {
  const headers = WORDS[lang].headers;
  const columns: ColumnSet<NearbyCity>['columns'] = [
    { key: 'name', header: headers.city, table: (city) => city.name, raw: (city) => city.name },
    {
      key: 'distance_km',
      header: headers.distance,
      table: (city) => `${formatKilometres(city.distance_km, lang)} km`,
      raw: (city) => city.distance_km,
      align: 'right',
    },
  ];
  return { columns, tableKeys: ['name', 'distance_km'], machineKeys: ['name', 'distance_km'] };
}

function formatKilometres(distance: number, lang: TableLang): string {
  // Always one decimal, so the column lines up on the decimal point.
  return formatNumber(distance, lang, { decimals: 1, grouped: false });
}
