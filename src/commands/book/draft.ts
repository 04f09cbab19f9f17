import { parseCivility } from '../../booking/civility.js';
import { PROBLEM_WORDS } from '../../booking/problem-words.js';
import { pairMakesAndModels } from '../../domain/motorcycles.js';
import type { BookingRequestDraft } from '../../booking/fields.js';
import type { BookingTextPart } from '../../booking/request-output.js';
import { routeIdProblem } from '../../core/booking/route-id.js';
import type { BookingInput } from '../../core/booking/types.js';
import type { BookingLang } from '../../booking/lang.js';
import { isEmailAddress } from '../../booking/contact.js';
import { UsageError } from '../../errors.js';
import { valueOrProblem, type OptionValues, type ReadOrProblem } from '../options.js';
import type { BOOK_OPTIONS } from './options.js';
import { BOOK_WORDS } from './words.js';

/** Where `--open` sends the user. */
export type OpenTarget = 'mailto' | 'form';

/** How the command's result is shown: one part, all of it, a draft file, or opened in another program. */
export interface BookPresentation {
  /** The part printed alone; `undefined` prints them all. */
  part: BookingTextPart | undefined;
  open: OpenTarget | undefined;
  /** --eml FILE (`-` for stdout): the request as an .eml draft; with --open, that file is opened. */
  eml: string | undefined;
  /** --copy: the printed e-mail or link also goes to the clipboard. */
  copy: boolean;
  /** --force: an existing --eml FILE is replaced (never through a symbolic link). */
  force: boolean;
}

/** The `book` flags, as their kinds read them. */
export type BookOptions = OptionValues<typeof BOOK_OPTIONS>;

/**
 * What the flags give the booking use case: the request's fields (missing ones unset), every flag whose value could
 * not be read, the return trip to look up once the cities are known, civility (`Madame` → Mme) and reference; and
 * --cc, the address the .eml draft is copied to.
 */
export interface FlagDraft {
  input: Omit<BookingInput, 'routeId' | 'lang' | 'messagesLang'> & {
    fields: BookingRequestDraft;
    unreadable: string[];
  };
  cc?: string;
}

const TEXT_OPTIONS = ['name', 'email', 'phone', 'comment'] as const;

/**
 * The request's fields the flags give (dates, formula and counts read by their kinds). `--make`/`--model` describe a
 * single motorcycle, `--motorcycle` one each: giving both ways is a problem, as is any value its kind refused.
 */
export function draftFromOptions(options: BookOptions, lang: BookingLang = 'en'): FlagDraft {
  const words = BOOK_WORDS[lang];
  const problems: string[] = [];
  const draft: BookingRequestDraft = {};
  const set = <K extends keyof BookingRequestDraft>(
    field: K,
    read: ReadOrProblem<BookingRequestDraft[K] | undefined>,
  ) => {
    const value = valueOrProblem(read, problems);
    if (value !== undefined) draft[field] = value;
  };
  set('from', options.from);
  set('to', options.to);
  set('date', options.date);
  set('formula', options.formula);
  set('returnDate', options.return);
  set('motorcycles', options.motorcycles);
  set('riders', options.riders);
  for (const name of TEXT_OPTIONS) set(name, options[name]);
  const models = valueOrProblem(options.motorcycle, problems) ?? [];
  const paired = pairMakesAndModels(valueOrProblem(options.make, problems), valueOrProblem(options.model, problems));
  if (paired.length > 0 && models.length > 0) {
    problems.push(words.makeAndMotorcycle);
  } else if (paired.length > 0) draft.motorcycleModels = paired;
  else if (models.length > 0) draft.motorcycleModels = models;
  const returnTripId = valueOrProblem(options.returnTrip, problems);
  const returnTripProblem = returnTripId === undefined ? undefined : routeIdProblem(returnTripId, lang);
  if (returnTripProblem !== undefined) problems.push(words.badReturnTrip(returnTripProblem));
  const cc = valueOrProblem(options.cc, problems);
  const ccIsAddress = cc !== undefined && isEmailAddress(cc);
  if (cc !== undefined && !ccIsAddress) problems.push(words.notAddress('--cc', cc));
  const civility = options.civility === undefined ? undefined : parseCivility(options.civility);
  if (options.civility !== undefined && civility === undefined)
    problems.push(PROBLEM_WORDS[lang].civility('--civility', options.civility));
  return {
    input: {
      fields: draft,
      unreadable: problems,
      ...(returnTripId !== undefined && returnTripProblem === undefined ? { returnTripId } : {}),
      ...(civility !== undefined ? { civility } : {}),
      ...(options.reference !== undefined ? { reference: options.reference } : {}),
    },
    ...(ccIsAddress ? { cc } : {}),
  };
}

/** Reads the optional ROUTE_ID by the one route-id grammar of every face (`core/booking/route-id.ts`). */
export function parseRouteId(value: string | undefined, lang: BookingLang = 'en'): string | undefined {
  if (value === undefined) return undefined;
  const problem = routeIdProblem(value, lang);
  if (problem !== undefined) throw new UsageError(`${problem} ${BOOK_WORDS[lang].routeIdHint}`);
  return value.trim();
}

/**
 * Reads `--mailto`, `--form`, `--text`, `--eml FILE` and `--open [target]`: at most one of them (but `--eml FILE
 * --open`, which opens the draft), and none with a whole-request output (`--json`, or `whole`: its flag).
 */
export function presentationFromOptions(
  options: Pick<BookOptions, 'mailto' | 'form' | 'text' | 'open' | 'eml' | 'copy' | 'force'>,
  json: boolean,
  lang: BookingLang = 'en',
  whole = '--json',
): BookPresentation {
  const words = BOOK_WORDS[lang];
  const parts = (['mailto', 'form', 'text'] as const).filter((name) => options[name]);
  const { open, eml } = options;
  const emlOpened = eml !== undefined && open === 'mailto';
  const chosen = [
    ...parts.map((name) => `--${name}`),
    ...(eml !== undefined ? ['--eml'] : []),
    ...(open && !emlOpened ? ['--open'] : []),
  ];
  if (chosen.length > 1) throw new UsageError(words.onePart(chosen));
  if (json && chosen.length > 0) throw new UsageError(words.wholeWith(whole, chosen[0] ?? ''));
  if (eml !== undefined && eml.trim() === '') throw new UsageError(words.emlNeedsName);
  if (eml === '-' && open !== undefined) throw new UsageError(words.emlStdoutOpen);
  if (options.copy && (json || eml !== undefined || open !== undefined)) {
    throw new UsageError(words.copyWith(json ? whole : eml !== undefined ? '--eml' : '--open'));
  }
  return { part: parts[0], open, eml, copy: options.copy, force: options.force };
}
