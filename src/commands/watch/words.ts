import type { TripChangeType } from '../../domain/trip-diff.js';
import { frenchNumericDate } from '../../domain/french-writing.js';

/** Tallies of a watch, for its closing summary. */
export interface WatchTally {
  rounds: number;
  failed: number;
  changes: Record<TripChangeType, number>;
}

function endSentence(message: string): string {
  // \u00bb is », escaped: the CLI bundle stays ASCII (scripts/build.mjs).
  return /[.!?\u00bb"]$/.test(message) ? message : `${message}.`;
}

/** The sentences `watch` writes on stderr, per language. */
export const WATCH_WORDS = {
  en: {
    everything: 'every trip',
    /** Between a day and a time: `2026-12-05 14:05:00`. */
    dayAndTime: ' ',
    baseline: (
      time: string,
      subject: string,
      trips: number,
      requests: number,
      every: string,
      until: string | undefined,
      once: boolean,
    ) =>
      `${time} Watching ${subject}: ${trips} trip${trips === 1 ? '' : 's'} now (${requests} request${requests === 1 ? '' : 's'} a round), ` +
      `checking every ${every}${until ? ` until ${until}` : ''}; ${once ? 'stopping at the first change' : 'Ctrl-C to stop'}.`,
    slowed: (requests: number, rate: number, every: string, asked: string) =>
      `a round of this search takes ${requests} requests; at ${rate} requests a minute rounds run every ${every} instead of ${asked}.`,
    quiet: (time: string, trips: number) => `${time} no change (${trips} trip${trips === 1 ? '' : 's'})`,
    failed: (time: string, message: string, next: string) =>
      `${time} check failed: ${endSentence(message)} Watching goes on; next check at ${next}.`,
    execFailed: (problem: string) => `--exec: ${problem}.`,
    noChange: 'No change before --until.',
    summary: (reason: 'interrupted' | 'until' | 'change', tally: WatchTally, since: string) => {
      const { changes } = tally;
      const head = reason === 'interrupted' ? 'Stopped' : reason === 'until' ? 'Reached --until' : 'First change seen';
      const failed = tally.failed ? ` (${tally.failed} failed)` : '';
      return (
        `${head} after ${tally.rounds} round${tally.rounds === 1 ? '' : 's'}${failed} since ${since}: ` +
        `${changes.new} new, ${changes.gone} gone, ${changes.freed} freed, ${changes.taken} taken.`
      );
    },
  },
  fr: {
    everything: 'tous les trajets',
    dayAndTime: ' à ',
    baseline: (
      time: string,
      subject: string,
      trips: number,
      requests: number,
      every: string,
      until: string | undefined,
      once: boolean,
    ) =>
      `${time} Surveillance de ${subject}\u00a0: ${trips} trajet${trips > 1 ? 's' : ''} (${requests} requête${requests > 1 ? 's' : ''} par tour), ` +
      `vérification toutes les ${every}${until ? ` jusqu'à ${until}` : ''}\u202f; ${once ? 'arrêt au premier changement' : 'Ctrl-C pour arrêter'}.`,
    slowed: (requests: number, rate: number, every: string, asked: string) =>
      `un tour de cette recherche demande ${requests} requêtes\u202f; à ${rate} requêtes par minute, un tour a lieu toutes les ${every} au lieu de ${asked}.`,
    quiet: (time: string, trips: number) => `${time} aucun changement (${trips} trajet${trips > 1 ? 's' : ''})`,
    failed: (time: string, message: string, next: string) =>
      `${time} échec de la vérification\u00a0: ${endSentence(message)} La surveillance continue\u202f; prochaine à ${next}.`,
    execFailed: (problem: string) => `--exec\u00a0: ${problem}.`,
    noChange: 'Aucun changement avant --until.',
    summary: (reason: 'interrupted' | 'until' | 'change', tally: WatchTally, since: string) => {
      const { changes } = tally;
      const head = reason === 'interrupted' ? 'Arrêt' : reason === 'until' ? 'Fin (--until)' : 'Premier changement vu';
      const failed = tally.failed ? ` (${tally.failed} en échec)` : '';
      return (
        `${head} après ${tally.rounds} tour${tally.rounds > 1 ? 's' : ''}${failed} depuis ${since}\u00a0: ` +
        `${changes.new} nouveau(x), ${changes.gone} disparu(s), ${changes.freed} libéré(s), ${changes.taken} pris.`
      );
    },
  },
} as const;

const EN_SCHEMES =
  'https://… or http://… (a Standard Webhooks endpoint), ntfy://host/topic, ntfys://host/topic, desktop:// or exec://COMMAND';
const FR_SCHEMES =
  'https://… ou http://… (un point d\u2019accès Standard Webhooks), ntfy://hôte/sujet, ntfys://hôte/sujet, desktop:// ou exec://COMMANDE';

/** What `watch` refuses before any request (its flags, its targets, its --exec command), per language. */
export const WATCH_REFUSALS = {
  en: {
    notADuration: (option: string, text: string) =>
      `${option}: "${text}" is not a duration; use e.g. 30s, 5m, 1h or 1h30m.`,
    notAboveZero: (option: string, text: string) => `${option}: "${text}" must be longer than zero.`,
    notAnEnd: (text: string) => `--until: "${text}" is neither a date nor a duration.`,
    endPast: (date: string) => `--until: ${date} is already past.`,
    tooOften: (every: string, rate: number, shortest: string) =>
      `--every ${every} is more often than the rate budget allows: at ${rate} requests a minute a round ` +
      `(one request or more) can run at most every ${shortest}. Use a longer --every, or raise the rate setting.`,
    onceOrUntilChange: '--once runs one round and --until-change runs until a change: give one of them.',
    webhookNeedsSecret: (label: string) =>
      `${label} is a Standard Webhooks target: give its secret with --webhook-secret whsec_… or MOTOROUTE_WEBHOOK_SECRET.`,
    aboutAlerts: (option: string) => `${option} is about alerts: give a target with --notify (or the notify setting).`,
    badSecret: (option: string, problem: string) => `${option}: ${problem}.`,
    desktopAlone: (flag: string, text: string) => `${flag}: "${text}": desktop:// takes nothing after it.`,
    notAUrl: (flag: string, text: string) => `${flag}: "${text}" is not a URL.`,
    noHost: (flag: string, text: string) => `${flag}: "${text}" names no host.`,
    needsTopic: (flag: string, text: string, scheme: string) =>
      `${flag}: "${text}" needs one topic after the host (letters, digits, - and _), e.g. ${scheme}://ntfy.sh/my-trips.`,
    notATarget: (flag: string, text: string) => `${flag}: "${text}" is not a target; use ${EN_SCHEMES}.`,
    loneBackslash: (option: string) => `${option}: the command ends with a lone backslash.`,
    quoteNotClosed: (option: string, quote: '"' | "'", text: string) =>
      `${option}: a ${quote === '"' ? 'double' : 'single'} quote is not closed in "${text}".`,
    needsCommand: (option: string) => `${option} needs a command, e.g. --exec 'notify-send motoroute'.`,
    notHours: (flag: string, text: string) =>
      `${flag}: "${text}" is not a range of hours; use HH:MM-HH:MM in France's time, e.g. 22:00-07:00.`,
    sameHours: (flag: string, text: string) => `${flag}: "${text}" starts and ends at the same time.`,
    nothingToWatch: 'Nothing to watch.',
  },
  fr: {
    notADuration: (option: string, text: string) =>
      `${option}\u00a0: \u00ab\u202f${text}\u202f\u00bb n\u2019est pas une durée\u202f; utilisez par exemple 30s, 5m, 1h ou 1h30m.`,
    notAboveZero: (option: string, text: string) =>
      `${option}\u00a0: \u00ab\u202f${text}\u202f\u00bb doit être une durée plus longue que zéro.`,
    notAnEnd: (text: string) => `--until\u00a0: \u00ab\u202f${text}\u202f\u00bb n\u2019est ni une date ni une durée.`,
    endPast: (date: string) => `--until\u00a0: le ${frenchNumericDate(date)} est déjà passé.`,
    tooOften: (every: string, rate: number, shortest: string) =>
      `--every ${every} est plus fréquent que ne le permet le budget de requêtes\u00a0: à ${rate} requêtes par minute, un tour ` +
      `(une requête ou plus) a lieu au plus toutes les ${shortest}. Donnez un --every plus long, ou augmentez le réglage rate.`,
    onceOrUntilChange:
      '--once fait un seul tour et --until-change surveille jusqu\u2019au premier changement\u00a0: donnez l\u2019un des deux.',
    webhookNeedsSecret: (label: string) =>
      `${label} est une cible Standard Webhooks\u00a0: donnez son secret avec --webhook-secret whsec_… ou MOTOROUTE_WEBHOOK_SECRET.`,
    aboutAlerts: (option: string) =>
      `${option} concerne les alertes\u00a0: donnez une cible avec --notify (ou le réglage notify).`,
    badSecret: (option: string, problem: string) => `${option}\u00a0: ${problem}.`,
    desktopAlone: (flag: string, text: string) =>
      `${flag}\u00a0: \u00ab\u202f${text}\u202f\u00bb\u202f; rien ne doit suivre desktop://.`,
    notAUrl: (flag: string, text: string) => `${flag}\u00a0: \u00ab\u202f${text}\u202f\u00bb n\u2019est pas une URL.`,
    noHost: (flag: string, text: string) => `${flag}\u00a0: \u00ab\u202f${text}\u202f\u00bb ne nomme aucun hôte.`,
    needsTopic: (flag: string, text: string, scheme: string) =>
      `${flag}\u00a0: \u00ab\u202f${text}\u202f\u00bb demande un sujet après l\u2019hôte (lettres, chiffres, - et _), par exemple ${scheme}://ntfy.sh/mes-trajets.`,
    notATarget: (flag: string, text: string) =>
      `${flag}\u00a0: \u00ab\u202f${text}\u202f\u00bb n\u2019est pas une cible\u202f; utilisez ${FR_SCHEMES}.`,
    loneBackslash: (option: string) => `${option}\u00a0: la commande finit par une barre oblique inverse seule.`,
    quoteNotClosed: (option: string, quote: '"' | "'", text: string) =>
      `${option}\u00a0: un guillemet ${quote === '"' ? 'double' : 'simple'} n\u2019est pas fermé dans \u00ab\u202f${text}\u202f\u00bb.`,
    needsCommand: (option: string) => `${option} demande une commande, par exemple --exec 'notify-send motoroute'.`,
    notHours: (flag: string, text: string) =>
      `${flag}\u00a0: \u00ab\u202f${text}\u202f\u00bb n\u2019est pas une plage horaire\u202f; utilisez HH:MM-HH:MM à l\u2019heure française, par exemple 22:00-07:00.`,
    sameHours: (flag: string, text: string) =>
      `${flag}\u00a0: \u00ab\u202f${text}\u202f\u00bb commence et finit à la même heure.`,
    nothingToWatch: 'Rien à surveiller.',
  },
} as const;

/** The languages `watch` speaks. */
export type WatchLang = keyof typeof WATCH_REFUSALS;
