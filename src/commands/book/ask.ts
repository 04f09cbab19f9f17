import { styleText } from 'node:util';
import { formulaLabel } from '../../booking/formula.js';
import type { BookingLang } from '../../booking/lang.js';
import type { Context } from '../../cli/context.js';
import type { FieldAsker, OptionalQuestion } from '../../core/booking/field-questions.js';
import { InterruptedError } from '../../errors.js';
import { BOOK_WORDS, PROMPT_WORDS } from './words.js';

/**
 * The questions of `book` on the terminal (`@inquirer/prompts`), in the e-mail's language `lang`. Prompts go to
 * stderr, so stdout keeps only the result. Ctrl-C becomes an InterruptedError (exit 130).
 */
export async function terminalAsker(ctx: Context, lang: BookingLang): Promise<FieldAsker> {
  const prompts = await import('@inquirer/prompts');
  const words = PROMPT_WORDS[lang];
  const context = { input: ctx.io.stdin, output: ctx.io.stderr, signal: ctx.signal };
  // The keys' help under a list, in the session's words (inquirer writes it in English).
  const listTheme = {
    style: {
      keysHelpTip: (keys: [string, string][]) =>
        keys
          .map(
            ([key, action]) =>
              `${styleText('bold', key)} ${styleText('dim', action === 'navigate' || action === 'select' ? words.keys[action] : action)}`,
          )
          .join(styleText('dim', ' \u2022 ')),
    },
  };
  const interruptible = <T>(asked: Promise<T>) => answered(asked, BOOK_WORDS[ctx.lang].interruptedAsking);
  const message = (question: OptionalQuestion): string => {
    switch (question.field) {
      case 'motorcycleModels':
        return words.model(question.index, question.count);
      case 'name':
      case 'email':
      case 'phone':
        return (question.whose === 'customer' ? words.customer : words)[question.field];
      default:
        return words[question.field];
    }
  };

  return {
    city: ({ field, suggest }) =>
      interruptible(
        prompts.search<string>(
          {
            message: words[field],
            theme: listTheme,
            pageSize: 8,
            // Nothing typed, nothing offered: Enter would otherwise take the first served city (Aix-en-Provence) unasked.
            source: (term) =>
              (term ?? '').trim() === ''
                ? []
                : suggest(term ?? '').map(({ city, served }) => ({
                    value: city,
                    name: served ? city : words.quoteAnyway(city),
                  })),
            validate: (value) => (value.trim() === '' ? words.emptyCity : true),
          },
          context,
        ),
      ),
    date: ({ check }) =>
      interruptible(
        prompts.input({ message: words.date, required: true, validate: (text) => check(text) ?? true }, context),
      ),
    count: ({ field, default: fallback, check }) =>
      interruptible(
        prompts.input(
          { message: words[field], default: String(fallback), validate: (text) => check(text) ?? true },
          context,
        ),
      ),
    oneOf: async (question) => {
      const choices =
        question.field === 'formula'
          ? question.options.map((formula, index) => ({ value: index, name: formulaLabel(formula, lang) }))
          : [
              ...question.options.map((trip, index) => ({ value: index, name: words.tripChoice(trip) })),
              { value: -1, name: words.quoteForDay },
            ];
      const title = question.field === 'formula' ? words.formula : words.trip(question.options.length);
      const index = await interruptible(prompts.select<number>({ message: title, choices, theme: listTheme }, context));
      return index < 0 ? undefined : index;
    },
    optional: async (question) =>
      (
        await interruptible(
          prompts.input(
            {
              message: `${message(question)} ${words.skip}`,
              validate: (text) =>
                text.trim() === '' || !('check' in question) ? true : (question.check?.(text.trim()) ?? true),
            },
            context,
          ),
        )
      ).trim(),
    note: (note) =>
      ctx.note(
        note.kind === 'day-search-failed' ? words.daySearchFailed : words.noTripFits(note.trips, note.motorcycles),
      ),
  };
}

/** A prompt's answer; Ctrl-C (or the run's abort) at the prompt becomes an InterruptedError saying `interrupted`. */
export async function answered<T>(asked: Promise<T>, interrupted: string): Promise<T> {
  try {
    return await asked;
  } catch (error) {
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError'))
      throw new InterruptedError(interrupted);
    throw error;
  }
}
