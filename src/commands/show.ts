import { defineCommand } from './define.js';
import { routeIdProblem } from '../core/booking/route-id.js';
import { UsageError } from '../errors.js';
import { SHOW_WORDS } from './show-words.js';

/** `motoroute show`: one trip in detail, found the cheapest way (cache, search page, or listing). */
export const showCommand = defineCommand({
  name: 'show',
  summary: 'one trip in detail: stops, times, free places, prices, booking link and the book command',
  args: ['<id>'],
  examples: ['motoroute show 100042', 'motoroute show 100042 --json'],
  details: [
    'The trip is looked up in the Paris–Marseille cache first (then one search page holds it), else in the full',
    'listing, streamed and closed at the first match. Exit 4 when no upcoming trip has this id.',
  ].join('\n'),
  async run({ args }, ctx) {
    const problem = routeIdProblem(args[0] ?? '', ctx.lang);
    if (problem !== undefined) throw new UsageError(SHOW_WORDS[ctx.lang].needsId(problem));
    const id = (args[0] ?? '').trim();
    const { runShow } = await import('./show/run.js');
    await runShow(id, ctx);
  },
});
