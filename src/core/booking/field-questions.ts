import type { Formula } from '../../booking/formula.js';
import type { Trip } from '../../domain/types.js';
import type { CitySuggestion } from './city-suggestions.js';

/** The problem with a typed answer, in the prompt's language, or undefined when the answer will do. */
export type AnswerCheck = (text: string) => string | undefined;

/** A city to type, with the choices offered for what is typed so far. */
export interface CityQuestion {
  field: 'from' | 'to';
  suggest: (term: string) => readonly CitySuggestion[];
}

/** A date to type; asked again until it passes its check. */
export interface DateQuestion {
  field: 'date';
  check: AnswerCheck;
}

/** A count to type, its default taken on an empty answer; asked again until it passes its check. */
export interface CountQuestion {
  field: 'motorcycles' | 'riders';
  default: number;
  check: AnswerCheck;
}

/** One of a list: a formula, or one of the day's trips (or none of them: a quote for the day). */
export type ListQuestion =
  | { field: 'formula'; options: readonly Formula[] }
  | { field: 'routeId'; options: readonly Trip[] };

/** A text that may be skipped (an empty answer); a text given passes its check. */
export type OptionalQuestion =
  | { field: 'motorcycleModels'; index: number; count: number }
  /** `customer`: a desk asks for the customer's details, not its own. */
  | { field: 'name' | 'email' | 'phone'; whose: 'user' | 'customer'; check?: AnswerCheck }
  | { field: 'returnDate' | 'comment'; check?: AnswerCheck };

/**
 * What the questions tell the user besides asking: the day's trips could not be searched, or none of them has room
 * for the motorcycles (`trips` of that day are too full for `motorcycles`); either way the request goes on as a quote.
 */
export type FieldNote = { kind: 'day-search-failed' } | { kind: 'no-trip-fits'; trips: number; motorcycles: number };

/**
 * The port through which the use case asks a face for the fields of a booking request still missing: each kind of
 * question, worded and shown by the face (the terminal's prompts), with the check its answer must pass.
 */
export interface FieldAsker {
  city(question: CityQuestion): Promise<string>;
  /** The date as typed (it passed the check). */
  date(question: DateQuestion): Promise<string>;
  /** The count as typed (it passed the check), or the default's text. */
  count(question: CountQuestion): Promise<string>;
  /** The index of the option chosen; undefined for none of the day's trips. */
  oneOf(question: ListQuestion): Promise<number | undefined>;
  /** The text given (it passed the check), or '' when skipped. */
  optional(question: OptionalQuestion): Promise<string>;
  note(note: FieldNote): void;
}
