import type { BookingRequestDraft } from '../../booking/fields.js';
import { FORMULAS, formulaLabel, type Formula } from '../../booking/formula.js';
import type { Context } from '../../cli/context.js';
import { parseDateInput } from '../../domain/dates.js';
import { InterruptedError, MotorouteError } from '../../errors.js';
import { fetchServedCities, suggestCities } from './cities.js';

/** What the prompts need besides the context: today's date and the flags still missing (`--from`, `--formula`, …). */
export interface AskOptions {
  today: string;
  missing: readonly string[];
}

const WORDS = {
  en: {
    from: 'Departure city',
    to: 'Arrival city',
    date: 'Wished date (YYYY-MM-DD, today, tomorrow or +Nd)',
    formula: 'Formula',
    past: (today: string) => `That date is past; choose ${today} or later.`,
    afterReturn: (returnDate: string) => `The return (${returnDate}) would come before it; choose ${returnDate} or earlier.`,
    empty: 'Type a city name.',
  },
  fr: {
    from: 'Ville de départ',
    to: 'Ville d’arrivée',
    date: 'Date souhaitée (AAAA-MM-JJ, today, tomorrow ou +Nd)',
    formula: 'Formule',
    past: (today: string) => `Cette date est passée ; choisissez le ${today} ou plus tard.`,
    afterReturn: (returnDate: string) => `Le retour (${returnDate}) serait avant ; choisissez le ${returnDate} ou plus tôt.`,
    empty: 'Tapez un nom de ville.',
  },
} as const;

/**
 * Asks, on the terminal, for the required fields still missing (prompts on stderr, so stdout keeps only the result).
 * Cities are suggested from those the service serves. Ctrl-C becomes an InterruptedError (exit 130).
 */
export async function askMissingFields(ctx: Context, draft: BookingRequestDraft, options: AskOptions): Promise<BookingRequestDraft> {
  const prompts = await import('@inquirer/prompts');
  const words = WORDS[ctx.lang];
  const promptContext = { input: ctx.io.stdin, output: ctx.io.stderr, signal: ctx.signal };
  const filled: BookingRequestDraft = { ...draft };
  const needs = (flag: string) => options.missing.includes(flag);

  try {
    const cities = needs('--from') || needs('--to') ? await fetchServedCities(await ctx.client(), ctx.signal) : [];
    const askCity = (message: string, exclude?: string) =>
      prompts.search<string>(
        {
          message,
          pageSize: 8,
          source: (term) => suggestCities(cities, term, exclude).map((city) => ({ value: city, name: city })),
          validate: (value) => (value.trim() === '' ? words.empty : true),
        },
        promptContext,
      );
    if (needs('--from')) filled.from = await askCity(words.from, filled.to);
    if (needs('--to')) filled.to = await askCity(words.to, filled.from);
    if (needs('--date')) {
      const answer = await prompts.input({ message: words.date, required: true, validate: (text) => dateProblem(text, filled, options.today, ctx) ?? true }, promptContext);
      filled.date = parseDateInput(answer, '--date');
    }
    if (needs('--formula')) {
      const choices = FORMULAS.map((formula) => ({ value: formula, name: formulaLabel(formula, ctx.lang) }));
      filled.formula = await prompts.select<Formula>({ message: words.formula, choices }, promptContext);
    }
  } catch (error) {
    if (error instanceof MotorouteError) throw error;
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) {
      throw new InterruptedError('Interrupted: nothing was composed.');
    }
    throw error;
  }
  return filled;
}

function dateProblem(text: string, draft: BookingRequestDraft, today: string, ctx: Context): string | undefined {
  const words = WORDS[ctx.lang];
  let date: string;
  try {
    date = parseDateInput(text, '--date');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (date < today) return words.past(today);
  if (draft.returnDate !== undefined && draft.returnDate < date) return words.afterReturn(draft.returnDate);
  return undefined;
}
