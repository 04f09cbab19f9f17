import type { Context } from '../../cli/context.js';

/**
 * Before a run of more requests than the rate budget lets through at once: how long it will take, and
 * the faster way (`list` reads every trip in one request). Undefined when the run is short.
 */
export function longRunNote(requests: number, ratePerMinute: number, lang: 'en' | 'fr'): string | undefined {
  if (requests <= ratePerMinute) return undefined;
  const minutes = Math.ceil(requests / ratePerMinute);
  return lang === 'fr'
    ? `${requests} requêtes ≈ ${minutes} min à ${ratePerMinute} par minute ; \`motoroute list\` lit tout en une requête.`
    : `${requests} requests ≈ ${minutes} min at ${ratePerMinute} a minute; \`motoroute list\` reads everything in one request.`;
}

/** Once a run's first page says how many there are: a note on stderr when the rate budget will make it long. */
export function sayIfLong(ctx: Context, pages: number): void {
  const note = longRunNote(pages, Number(ctx.setting('rate').value), ctx.lang);
  if (note) ctx.note(note);
}
