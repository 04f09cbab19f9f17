import { MONTH_NAMES } from '../../booking/long-date.js';

/** The languages the calendar is written in. */
export type CalendarLang = 'en' | 'fr';

/** Month and weekday names (Monday first) and the grid's words, per language. */
export const CALENDAR_WORDS = {
  en: {
    months: MONTH_NAMES.en,
    weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    onQuote: 'on quote',
    past: 'past',
    narrowPast: 'past',
    free: (places: number) => `${places} free`,
    allTrips: 'all trips',
    legend: '* cheapest day · - no trip · lowest price; most free places on one trip',
    narrowLegend: '* cheapest day · - no trip · lowest price in € · most free places on one trip',
    narrowOnQuote: 'quo.',
    noTrips: (period: string) => `No trips in ${period}.`,
    fetching: 'Fetching trips…',
    around: (km: number) => ` (within ${km} km)`,
    fieldsNotOnGrid: '--fields applies to the calendar records (--format json, ndjson, csv or tsv), not to the grid.',
  },
  fr: {
    months: MONTH_NAMES.fr,
    weekdays: ['lun', 'mar', 'mer', 'jeu', 'ven', 'sam', 'dim'],
    onQuote: 'sur devis',
    past: 'passé',
    narrowPast: 'pas.',
    free: (places: number) => `${places} libre${places > 1 ? 's' : ''}`,
    allTrips: 'tous les trajets',
    legend: '* jour le moins cher · - aucun trajet · prix le plus bas ; places libres max',
    narrowLegend: '* jour le moins cher · - aucun trajet · prix le plus bas en € · places libres max',
    narrowOnQuote: 'dev.',
    noTrips: (period: string) => `Aucun trajet en ${period}.`,
    fetching: 'Recherche des trajets…',
    around: (km: number) => ` (± ${km} km)`,
    fieldsNotOnGrid:
      '--fields s\u2019applique aux enregistrements du calendrier (--format json, ndjson, csv ou tsv), pas à la grille.',
  },
} as const;
