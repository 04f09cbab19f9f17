import type { Context } from '../../cli/context.js';
import type { CompletionReport } from '../../core/listing-completion.js';
import type { CompletionPlan } from '../../core/batch-completion.js';
import type { CompletionReason } from '../../core/listing-completion.js';
import type { TripFilter } from '../../domain/types.js';

/** Batch requests past which a completion is said before it starts, with the quicker ways. */
const LONG_COMPLETION = 3;

/**
 * Before completing listing trips from the search, when it takes more than a few requests: why (what the records
 * leave out), how many requests and how long at the run's rate, and the quicker ways (--quick, a narrower range).
 */
export function sayCompletionPlan(ctx: Context, plan: CompletionPlan, why: CompletionReason, filter: TripFilter): void {
  if (plan.requests <= LONG_COMPLETION) return;
  const rate = Number(ctx.setting('rate').value);
  const minutes = Math.max(1, Math.ceil(plan.requests / rate));
  const fr = ctx.lang === 'fr';
  const reads =
    why === 'time'
      ? fr
        ? 'l’heure des trajets d’aujourd’hui (certains enregistrements n’en ont pas : le trajet est peut-être parti)'
        : 'the time of today’s trips (some records have none: the trip may have left)'
      : filter.minSlots !== undefined
        ? fr
          ? '--min-slots lit les places de chaque étape, que certains enregistrements de la liste omettent (la forme B ne donne que la première)'
          : '--min-slots reads the places of every leg, which some listing records leave out (Form B carries only the first leg’s)'
        : fr
          ? 'le filtre lit les escales, que certains enregistrements de la liste omettent'
          : 'the filter reads the stopovers, which some listing records leave out';
  ctx.note(
    fr
      ? `Compléter ${reads} : ${plan.total} trajets de la recherche en ${plan.requests} requêtes ≈ ${minutes} min au plus à ${rate} par minute. ` +
          'Pour une réponse rapide approchée (parties inconnues marquées), --quick ; ou resserrez les dates (--after, --before).'
      : `Completing ${reads}: ${plan.total} trips of the search in ${plan.requests} requests ≈ ${minutes} min at most at ${rate} a minute. ` +
          'For a quick approximate answer (unknown parts marked), --quick; or narrow the dates (--after, --before).',
  );
}

/** The progress line's step while completing: `completing 3/18`. */
export function completionStep(request: number, planned: number, lang: 'en' | 'fr'): string {
  return `${lang === 'fr' ? 'complétion' : 'completing'} ${request}/${planned}`;
}

/** After completing listing trips from the search: how many, with how many requests, and how many matched. */
export function sayCompletion(ctx: Context, report: CompletionReport): void {
  const { undecided, found, matched, requests } = report;
  const count = String;
  if (ctx.lang === 'fr') {
    ctx.note(
      `${count(undecided)} trajet${plural(undecided)} de la liste sans les escales ou les places par étape que lit le filtre : ` +
        `la recherche (${count(requests)} requête${plural(requests)}) en a trouvé ${count(found)} complet${plural(found)}, dont ${count(matched)} correspond${matched > 1 ? 'ent' : ''} ; les autres ne correspondent pas.`,
    );
    return;
  }
  ctx.note(
    `${count(undecided)} listing trip${undecided === 1 ? '' : 's'} without the stopovers or per-leg places the filter reads: ` +
      `the search (${count(requests)} request${requests === 1 ? '' : 's'}) found ${count(found)} of them complete, ${count(matched)} matching; the others do not match.`,
  );
}

function plural(n: number): string {
  return n > 1 ? 's' : '';
}
