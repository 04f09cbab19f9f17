import { formatTripDate } from '../../output/trip-columns.js';
import type { CityChoice } from '../../domain/plan/city-pairs.js';
import type { Hints } from '../../core/planning/find-hints.js';
import { shellWords } from '../../output/shell-words.js';

/** How to write the command to run next: the command's words for a pair of cities and, when one is suggested, a date. */
export type NextCommand = (cities: { from?: string; to?: string }, date?: string) => string[];

/** What planning hints say, per language. */
export const HINT_WORDS = {
  en: {
    nearby: 'Served cities nearby with trips:',
    from: (km: string, typed: string) => `${km} km from ${typed}`,
    trips: (count: number, date: string, anyDate: boolean, last: boolean) =>
      `${count} trip${count > 1 ? 's' : ''}${anyDate ? ' at other dates' : ''}, ${last ? 'last' : 'first'} ${date}`,
    dates: 'Nearest dates with trips:',
    colon: ': ',
    before: 'before',
    after: 'after',
    none: 'No served city within 60 km and no date nearby has trips either.',
    noHints: (reason: string) => `No hints: ${reason}`,
    unknown: (place: string) =>
      `The service does not know the place "${place}": check its spelling, or name a city near it.`,
  },
  fr: {
    nearby: 'Villes desservies à proximité, avec des trajets\u00a0:',
    from: (km: string, typed: string) => `à ${km} km de ${typed}`,
    trips: (count: number, date: string, anyDate: boolean, last: boolean) =>
      `${count} trajet${count > 1 ? 's' : ''}${anyDate ? ' à d’autres dates' : ''}, ${last ? 'dernier' : 'premier'} le ${date}`,
    dates: 'Dates les plus proches avec des trajets\u00a0:',
    colon: '\u00a0: ',
    before: 'avant',
    after: 'après',
    none: 'Aucune ville desservie à moins de 60 km ni aucune date proche n’a de trajets non plus.',
    noHints: (reason: string) => `Pas de suggestions : ${reason}`,
    unknown: (place: string) =>
      `Le service ne connaît pas le lieu « ${place} » : vérifiez son orthographe, ou donnez une ville proche.`,
  },
} as const;

/** The hints as lines for stderr: nearby pairs with a ready command each, then the nearest dates with one. */
export function hintLines(
  hints: Hints,
  typed: { from?: string; to?: string },
  next: NextCommand,
  lang: 'en' | 'fr',
): string[] {
  const words = HINT_WORDS[lang];
  const lines: string[] = [];
  const place = (choice: CityChoice | undefined, typedName: string | undefined) =>
    choice === undefined
      ? '…'
      : choice.km === 0 || typedName === undefined
        ? choice.name
        : `${choice.name} (${words.from(choice.km.toFixed(0), typedName)})`;
  if (hints.pairs.length > 0) {
    lines.push(words.nearby);
    for (const hint of hints.pairs) {
      const { from, to } = hint.pair;
      lines.push(
        `  ${place(from, typed.from)} → ${place(to, typed.to)}${words.colon}${words.trips(hint.trips, formatTripDate(hint.firstDate, lang), hint.anyDate, hint.last === true)}`,
      );
      lines.push(
        `    ${shellWords(next({ from: from?.name, to: to?.name }, hint.anyDate ? hint.firstDate : undefined))}`,
      );
    }
  }
  const dates = [hints.dates.before, hints.dates.after].filter((date) => date !== undefined);
  if (dates.length > 0) {
    const described = [
      ...(hints.dates.before ? [`${formatTripDate(hints.dates.before, lang)} (${words.before})`] : []),
      ...(hints.dates.after ? [`${formatTripDate(hints.dates.after, lang)} (${words.after})`] : []),
    ];
    lines.push(`${words.dates} ${described.join(', ')}`);
    for (const date of dates) lines.push(`  ${shellWords(next(typed, date))}`);
  }
  const unknown = hints.unknownPlaces.map(words.unknown);
  if (lines.length === 0 && unknown.length > 0) return unknown;
  return lines.length === 0 && hints.requests > 0 ? [words.none] : [...unknown, ...lines];
}
