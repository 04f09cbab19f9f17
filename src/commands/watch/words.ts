import type { TripChangeType } from '../../domain/trip-diff.js';

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
