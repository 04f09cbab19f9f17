import type { Context } from '../../cli/context.js';
import type { CompletionReport } from '../../core/listing-completion.js';
import { longRunNote } from './long-run.js';

/** Before completing listing trips from the search: how long it will take when the rate budget makes it long. */
export function sayCompletionPages(ctx: Context, pages: number): void {
  const note = longRunNote(pages, Number(ctx.setting('rate').value), ctx.lang, { suggestList: false });
  if (note) ctx.note(note);
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
