import { pairMakesAndModels } from '../../domain/motorcycles.js';
import type { BookingRequestDraft } from '../../booking/fields.js';
import { routeIdProblem } from '../../core/booking/route-id.js';
import { UsageError } from '../../errors.js';
import type { OptionValues } from '../options.js';
import { valueOrProblem, type ReadOrProblem } from './problem-kept.js';
import type { BOOK_OPTIONS } from './options.js';

/** The parts of the request `book` can print alone; `undefined` prints them all. */
export type BookPart = 'mailto' | 'form' | 'text';

/** Where `--open` sends the user. */
export type OpenTarget = 'mailto' | 'form';

/** How the command's result is shown: one part, all of it, a draft file, or opened in another program. */
export interface BookPresentation {
  part: BookPart | undefined;
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

/** The request's fields the flags give, and every flag whose value could not be read; missing fields stay unset. */
export interface FlagDraft {
  draft: BookingRequestDraft;
  problems: string[];
  /** --return-trip: the return trip to look up once the cities are known. */
  returnTripId?: string;
}

const TEXT_OPTIONS = ['name', 'email', 'phone', 'comment'] as const;

/**
 * The request's fields the flags give (dates, formula and counts read by their kinds). `--make`/`--model` describe a
 * single motorcycle, `--motorcycle` one each: giving both ways is a problem, as is any value its kind refused.
 */
export function draftFromOptions(options: BookOptions): FlagDraft {
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
    problems.push(
      '--make/--model and --motorcycle both describe the motorcycles; give --motorcycle "MAKE MODEL" for every motorcycle instead.',
    );
  } else if (paired.length > 0) draft.motorcycleModels = paired;
  else if (models.length > 0) draft.motorcycleModels = models;
  const returnTripId = valueOrProblem(options.returnTrip, problems);
  return returnTripId === undefined ? { draft, problems } : { draft, problems, returnTripId };
}

/** Reads the optional ROUTE_ID by the one route-id grammar of every face (`core/booking/route-id.ts`). */
export function parseRouteId(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const problem = routeIdProblem(value);
  if (problem !== undefined)
    throw new UsageError(`${problem} Use the id column of motoroute search (e.g. motoroute book 100042).`);
  return value.trim();
}

/**
 * Reads `--mailto`, `--form`, `--text`, `--eml FILE` and `--open [target]`: at most one of them (but `--eml FILE
 * --open`, which opens the draft), and none with JSON output.
 */
export function presentationFromOptions(
  options: Pick<BookOptions, 'mailto' | 'form' | 'text' | 'open' | 'eml' | 'copy' | 'force'>,
  json: boolean,
): BookPresentation {
  const parts = (['mailto', 'form', 'text'] as const).filter((name) => options[name]);
  const { open, eml } = options;
  const emlOpened = eml !== undefined && open === 'mailto';
  const chosen = [
    ...parts.map((name) => `--${name}`),
    ...(eml !== undefined ? ['--eml'] : []),
    ...(open && !emlOpened ? ['--open'] : []),
  ];
  if (chosen.length > 1)
    throw new UsageError(`${chosen.join(' and ')} each choose what to print; give only one of them.`);
  if (json && chosen.length > 0) {
    throw new UsageError(
      `--json prints every part of the request as one document; it cannot be combined with ${chosen[0]}.`,
    );
  }
  if (eml !== undefined && eml.trim() === '') throw new UsageError('--eml needs a file name, or - for stdout.');
  if (eml === '-' && open !== undefined)
    throw new UsageError('--eml - writes the draft to stdout, where nothing can open it; give a file name to open it.');
  if (options.copy && (json || eml !== undefined || open !== undefined)) {
    const other = json ? '--json' : eml !== undefined ? '--eml' : '--open';
    throw new UsageError(`--copy copies the e-mail text or a link as printed; it cannot be combined with ${other}.`);
  }
  return { part: parts[0], open, eml, copy: options.copy, force: options.force };
}
