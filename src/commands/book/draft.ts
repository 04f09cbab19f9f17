import type { BookingRequestDraft } from '../../booking/fields.js';
import { parseFormula } from '../../booking/formula.js';
import { parseDateInput } from '../../domain/dates.js';
import { UsageError } from '../../errors.js';
import { optionalInteger } from '../shared/filters.js';

/** The parts of the request `book` can print alone; `undefined` prints them all. */
export type BookPart = 'mailto' | 'form' | 'text';

/** Where `--open` sends the user. */
export type OpenTarget = 'mailto' | 'form';

/** How the command's result is shown: one part, all of it, or opened in another program. */
export interface BookPresentation {
  part: BookPart | undefined;
  open: OpenTarget | undefined;
}

const TEXT_OPTIONS = ['name', 'email', 'phone', 'comment'] as const;

/**
 * Turns the `book` flags into a draft: dates read like `search` reads them (today, +3d, YYYY-MM-DD), the formula by any
 * alias, counts as whole numbers. Throws a UsageError naming the flag on a malformed value; missing fields stay unset.
 */
export function draftFromOptions(options: Record<string, unknown>, now: Date = new Date()): BookingRequestDraft {
  const draft: BookingRequestDraft = {};
  const from = optionalString(options.from);
  const to = optionalString(options.to);
  if (from !== undefined) draft.from = from;
  if (to !== undefined) draft.to = to;
  const date = optionalString(options.date);
  if (date !== undefined) draft.date = parseDateInput(date, '--date', now);
  const returnDate = optionalString(options.return);
  if (returnDate !== undefined) draft.returnDate = parseDateInput(returnDate, '--return', now);
  const formula = optionalString(options.formula);
  if (formula !== undefined) draft.formula = parseFormula(formula, '--formula');
  const motorcycles = optionalInteger(options.motorcycles, '--motorcycles', 1);
  if (motorcycles !== undefined) draft.motorcycles = motorcycles;
  const riders = optionalInteger(options.riders, '--riders', 0);
  if (riders !== undefined) draft.riders = riders;
  const model = [optionalString(options.make), optionalString(options.model)].filter((part) => part !== undefined).join(' ');
  if (model.trim() !== '') draft.motorcycleModels = [model];
  for (const name of TEXT_OPTIONS) {
    const value = optionalString(options[name]);
    if (value !== undefined) draft[name] = value;
  }
  return draft;
}

/** Reads the optional ROUTE_ID: one token of visible characters, as the service's ids are. */
export function parseRouteId(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const id = value.trim();
  if (id === '' || /[\s\u0000-\u001f\u007f-\u009f/?#]/.test(id)) {
    throw new UsageError(`"${value}" is not a route id; use the id column of motoroute search (e.g. motoroute book 100042).`);
  }
  return id;
}

/** A route id fixes the trip: cities and date come from it, so giving them again is a mistake worth saying. */
export function assertNoTripFlagsWithRouteId(routeId: string | undefined, options: Record<string, unknown>): void {
  if (routeId === undefined) return;
  const given = (['from', 'to', 'date'] as const).filter((name) => options[name] !== undefined).map((name) => `--${name}`);
  if (given.length === 0) return;
  throw new UsageError(
    `ROUTE_ID ${routeId} already sets the departure, arrival and date; drop ${given.join(', ')}, ` +
      'or leave out ROUTE_ID to ask a quote for other cities or dates.',
  );
}

/** Reads `--mailto`, `--form`, `--text` and `--open [target]`: at most one of them, and none with JSON output. */
export function presentationFromOptions(options: Record<string, unknown>, json: boolean): BookPresentation {
  const parts = (['mailto', 'form', 'text'] as const).filter((name) => options[name] === true);
  const open = openTarget(options.open);
  const chosen = [...parts.map((name) => `--${name}`), ...(open ? ['--open'] : [])];
  if (chosen.length > 1) throw new UsageError(`${chosen.join(' and ')} each choose what to print; give only one of them.`);
  if (json && chosen.length > 0) {
    throw new UsageError(`--json prints every part of the request as one document; it cannot be combined with ${chosen[0]}.`);
  }
  return { part: parts[0], open };
}

function openTarget(value: unknown): OpenTarget | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return 'mailto';
  const target = String(value).trim().toLowerCase();
  if (target === 'mailto' || target === 'form') return target;
  throw new UsageError(
    `--open: "${String(value)}" is not something to open; use --open (the e-mail) or --open form. ` +
      'A route id goes before --open: motoroute book ROUTE_ID --open.',
  );
}

function optionalString(value: unknown): string | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  return String(value);
}
