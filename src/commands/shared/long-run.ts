import { SHARED_WORDS } from './words.js';
import type { Context } from '../../cli/context.js';
import { readsPartialParts } from '../../domain/partial-match.js';
import type { TripFilter } from '../../domain/types.js';

/**
 * Before a run of more requests than the rate budget lets through at once: how long it will take, and,
 * with `suggestList`, the faster way (`list` reads every trip in one request). Undefined when the run is short.
 */
export function longRunNote(
  requests: number,
  ratePerMinute: number,
  lang: 'en' | 'fr',
  { suggestList = true } = {},
): string | undefined {
  if (requests <= ratePerMinute) return undefined;
  const minutes = Math.ceil(requests / ratePerMinute);
  const estimate = SHARED_WORDS[lang].estimate(requests, minutes, ratePerMinute);
  if (!suggestList) return `${estimate}.`;
  return SHARED_WORDS[lang].suggestList(estimate);
}

/**
 * Once a run's first page says how many there are: a note on stderr when the rate budget will make it long.
 * `list` is offered instead only for a filter it answers in one request with the same trips: one that reads no
 * stops and no per-leg places, which listing records may leave out (then `list` completes them from the same search).
 * Without a filter (a calendar, say, which `list` does not draw), it is not offered.
 */
export function sayIfLong(ctx: Context, pages: number, filter?: TripFilter): void {
  const note = longRunNote(pages, Number(ctx.setting('rate').value), ctx.lang, {
    suggestList: filter !== undefined && !readsPartialParts(filter),
  });
  if (note) ctx.note(note);
}
