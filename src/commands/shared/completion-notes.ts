import { SHARED_WORDS } from './words.js';
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
  const words = SHARED_WORDS[ctx.lang];
  const reads =
    why === 'time' ? words.completesTime : filter.minSlots !== undefined ? words.completesSlots : words.completesStops;
  ctx.note(words.completionPlan(reads, plan.total, plan.requests, minutes, rate));
}

/** Before reading a narrowed listing from the search, when it takes more than a few requests: how many, how long. */
export function sayNarrowedPlan(ctx: Context, plan: CompletionPlan): void {
  if (plan.requests <= LONG_COMPLETION) return;
  const rate = Number(ctx.setting('rate').value);
  const minutes = Math.max(1, Math.ceil(plan.requests / rate));
  ctx.note(SHARED_WORDS[ctx.lang].narrowedPlan(plan.total, plan.requests, minutes, rate));
}

/** The progress line's step while reading a narrowed listing from the search: `search 2/3`. */
export function narrowedStep(request: number, planned: number, lang: 'en' | 'fr'): string {
  return SHARED_WORDS[lang].narrowedStep(request, planned);
}

/** The progress line's step while completing: `completing 3/18`. */
export function completionStep(request: number, planned: number, lang: 'en' | 'fr'): string {
  return SHARED_WORDS[lang].completionStep(request, planned);
}

/** After completing listing trips from the search: how many, with how many requests, and how many matched. */
export function sayCompletion(ctx: Context, report: CompletionReport): void {
  const { undecided, found, matched, requests } = report;
  ctx.note(SHARED_WORDS[ctx.lang].completion(undecided, requests, found, matched));
}
