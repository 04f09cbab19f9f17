import type { BookingRequestDraft } from '../../booking/fields.js';
import { MAX_MOTORCYCLES } from '../../booking/fields.js';
import { FORMULAS, formulaLabel, type Formula } from '../../booking/formula.js';
import type { BookingLang } from '../../booking/lang.js';
import type { Voice } from '../../booking/voice.js';
import type { Context } from '../../cli/context.js';
import { InterruptedError, MotorouteError } from '../../errors.js';
import { suggestCities } from '../../core/booking/city-suggestions.js';
import type { DayTrips } from '../../core/booking/day-trips.js';
import {
  promptCount,
  promptDate,
  promptEmail,
  promptPhone,
  promptReturnDate,
} from '../../core/booking/prompt-checks.js';
import { readServedCities } from '../../core/booking/quote-cities.js';
import { ServedCities } from '../../core/cities.js';
import { BOOK_WORDS, PROMPT_WORDS } from './words.js';

/** What the prompts need besides the context: the run's clock, the flags still missing, and the e-mail's language. */
export interface AskOptions {
  /** Now on the run's clock (`today`, `demain` and the check of past dates read it). */
  now: Date;
  missing: readonly string[];
  /** Prompts and their errors are in the e-mail's language. */
  lang: BookingLang;
  /** The served cities, when they were already read (to check the cities given as flags). */
  cities?: readonly string[];
  /** With `desk`, the contact prompts ask for the customer's details, not « votre nom ». */
  voice?: Voice;
  /** The trips of a day between two cities, offered once they and the date were asked (a quote when none is picked). */
  tripsOfDay?: (query: { from: string; to: string; date: string; motorcycles?: number }) => Promise<DayTrips>;
  /** --return-trip was given: no return date is asked. */
  returnTrip?: boolean;
}

/**
 * Asks, on the terminal, for the required fields still missing, then offers skippable prompts for what the flags
 * left out (motorcycles and their make and model, riders, name, e-mail, phone). Prompts go to stderr, so stdout
 * keeps only the result. Ctrl-C becomes an InterruptedError (exit 130).
 */
export async function askMissingFields(
  ctx: Context,
  draft: BookingRequestDraft,
  options: AskOptions,
): Promise<BookingRequestDraft> {
  const prompts = await import('@inquirer/prompts');
  const words = PROMPT_WORDS[options.lang];
  const promptContext = { input: ctx.io.stdin, output: ctx.io.stderr, signal: ctx.signal };
  const filled: BookingRequestDraft = { ...draft };
  const needs = (flag: string) => options.missing.includes(flag);
  const optional = (message: string, check: (text: string) => string | undefined) =>
    prompts.input(
      {
        message: `${message} ${words.skip}`,
        validate: (text) => (text.trim() === '' ? true : (check(text.trim()) ?? true)),
      },
      promptContext,
    );

  try {
    const cities =
      options.cities ??
      (needs('--from') || needs('--to')
        ? ((await readServedCities({ core: await ctx.core(), signal: ctx.signal }))?.names ?? [])
        : []);
    const servedCities = new ServedCities(cities);
    const askCity = (message: string, exclude?: string) =>
      prompts.search<string>(
        {
          message,
          pageSize: 8,
          // Nothing typed, nothing offered: Enter would otherwise take the first served city (Aix-en-Provence) unasked.
          source: (term) =>
            (term ?? '').trim() === ''
              ? []
              : suggestCities(cities, term, exclude, servedCities).map(({ city, served }) => ({
                  value: city,
                  name: served ? city : words.quoteAnyway(city),
                })),
          validate: (value) => (value.trim() === '' ? words.emptyCity : true),
        },
        promptContext,
      );
    if (needs('--from')) filled.from = await askCity(words.from, filled.to);
    if (needs('--to')) filled.to = await askCity(words.to, filled.from);
    if (needs('--date')) {
      const check = (text: string) => promptDate(text, filled.returnDate, options.now, options.lang);
      const answer = await prompts.input(
        { message: words.date, required: true, validate: (text) => check(text).problem ?? true },
        promptContext,
      );
      filled.date = check(answer).date;
      const { from, to, date } = filled;
      const { motorcycles } = filled;
      const day =
        from && to && date && options.tripsOfDay
          ? await options.tripsOfDay({ from, to, date, ...(motorcycles !== undefined ? { motorcycles } : {}) })
          : undefined;
      // The day's trips could not be searched: the request goes on as a quote for that day, said so.
      if (day?.ok === false) ctx.note(words.daySearchFailed);
      const trips = day?.ok ? day.trips : [];
      if (trips.length > 0) {
        const choices = [
          ...trips.map((trip) => ({ value: trip.id, name: words.tripChoice(trip) })),
          { value: '', name: words.quoteForDay },
        ];
        const id = await prompts.select<string>({ message: words.trip(trips.length), choices }, promptContext);
        if (id !== '') filled.routeId = id;
      }
    }
    if (needs('--formula')) {
      const choices = FORMULAS.map((formula) => ({ value: formula, name: formulaLabel(formula, options.lang) }));
      filled.formula = await prompts.select<Formula>({ message: words.formula, choices }, promptContext);
    }

    if (filled.motorcycles === undefined && filled.motorcycleModels === undefined) {
      const answer = await prompts.input(
        {
          message: words.motorcycles,
          default: '1',
          validate: (text) => promptCount(text, 1, MAX_MOTORCYCLES, options.lang).problem ?? true,
        },
        promptContext,
      );
      filled.motorcycles = promptCount(answer, 1, MAX_MOTORCYCLES, options.lang).count;
    }
    if (filled.motorcycleModels === undefined) {
      const count = filled.motorcycles ?? 1;
      const models: string[] = [];
      for (let index = 1; index <= count; index++) {
        const model = (await optional(words.model(index, count), () => undefined)).trim();
        if (model !== '') models.push(model);
      }
      if (models.length > 0) filled.motorcycleModels = models;
    }
    if (filled.riders === undefined && filled.formula === 'rider') {
      const motorcycles = filled.motorcycles ?? filled.motorcycleModels?.length ?? 1;
      const answer = await prompts.input(
        {
          message: words.riders,
          default: String(motorcycles),
          validate: (text) => promptCount(text, 1, MAX_MOTORCYCLES, options.lang).problem ?? true,
        },
        promptContext,
      );
      filled.riders = promptCount(answer, 1, MAX_MOTORCYCLES, options.lang).count;
    }
    const contact = options.voice === 'desk' ? words.customer : words;
    if (filled.name === undefined) filled.name = nonEmpty(await optional(contact.name, () => undefined));
    if (filled.email === undefined)
      filled.email = nonEmpty(await optional(contact.email, (text) => promptEmail(text, options.lang)));
    if (filled.phone === undefined)
      filled.phone = nonEmpty(await optional(contact.phone, (text) => promptPhone(text, options.lang)));
    if (filled.returnDate === undefined && !options.returnTrip) {
      const check = (text: string) => promptReturnDate(text, filled.date, options.now, options.lang);
      const answer = (await optional(words.returnDate, (text) => check(text).problem)).trim();
      if (answer !== '') filled.returnDate = check(answer).date;
    }
    if (filled.comment === undefined) filled.comment = nonEmpty(await optional(words.comment, () => undefined));
  } catch (error) {
    if (error instanceof MotorouteError) throw error;
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) {
      throw new InterruptedError(BOOK_WORDS[ctx.lang].interruptedAsking);
    }
    throw error;
  }
  return dropUnset(filled);
}

function nonEmpty(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

function dropUnset(draft: BookingRequestDraft): BookingRequestDraft {
  return Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) as BookingRequestDraft;
}
