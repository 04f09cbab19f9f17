import { parseDateInput } from '../domain/dates.js';
import { UsageError } from '../errors.js';
import { OPTION_WORDS, type OptionLang } from './option-words.js';

/** What an option holds; each kind parses its value and words its error once, for every command. */
export type OptionKind = 'boolean' | 'text' | 'integer' | 'number' | 'date' | 'city' | 'choice';

/** What parsing may depend on besides the value: the moment `today` and `+3d` count from, and the language errors speak. */
export interface ParseContext {
  now: Date;
  lang: 'en' | 'fr';
}

/**
 * One option of a command, as data: commander flag syntax, help text, its kind, and the parser that
 * turns commander's raw value (undefined, true, or the strings given) into `T`.
 */
export interface OptionSpec<T = unknown> {
  readonly flags: string;
  readonly description: string;
  readonly kind: OptionKind;
  /** The enumerated values, shown in help and offered by completion. */
  readonly choices?: readonly string[];
  /** Shown in help as the default. */
  readonly defaultValue?: string;
  /** The option may be given several times; otherwise giving it twice is an error. */
  readonly repeatable?: boolean;
  /** A value the kind refuses (for the test that feeds every command bad values); none for booleans and free text. */
  readonly invalidSample?: string;
  parse(raw: readonly string[] | true | undefined, at: ParseContext): T;
}

/** A command's options, by the name `run` reads them under. */
export type OptionSpecs = Record<string, OptionSpec>;

/** The typed values `run` receives, inferred from the specs. */
export type OptionValues<S extends OptionSpecs> = {
  -readonly [K in keyof S]: S[K] extends OptionSpec<infer T> ? T : never;
};

/** The option's long name, as errors name it: `--limit`. */
export function longName(flags: string): string {
  return /--[\w-]+/.exec(flags)?.[0] ?? flags;
}

function single(raw: readonly string[] | true | undefined, flag: string, at: ParseContext): string | true | undefined {
  if (raw === undefined || raw === true) return raw;
  if (raw.length > 1) throw new UsageError(OPTION_WORDS[at.lang].givenTwice(flag, raw));
  return raw[0];
}

function optionValue(raw: readonly string[] | true | undefined, flag: string, at: ParseContext): string | undefined {
  const value = single(raw, flag, at);
  if (value === true) throw new UsageError(OPTION_WORDS[at.lang].needsValue(flag));
  return value;
}

/** A switch: true when given. */
export function flag(flags: string, description: string): OptionSpec<boolean> {
  return { flags, description, kind: 'boolean', parse: (raw) => raw !== undefined };
}

/** Free text, or text read by `read` (which throws a UsageError naming the flag, and declares a value it refuses). */
export function text(flags: string, description: string): OptionSpec<string | undefined>;
export function text<T>(
  flags: string,
  description: string,
  read: { parse: (value: string, flag: string, at: ParseContext) => T; invalidSample: string },
): OptionSpec<T | undefined>;
export function text<T>(
  flags: string,
  description: string,
  read?: { parse: (value: string, flag: string, at: ParseContext) => T; invalidSample: string },
): OptionSpec<T | string | undefined> {
  const name = longName(flags);
  return {
    flags,
    description,
    kind: 'text',
    ...(read ? { invalidSample: read.invalidSample } : {}),
    parse(raw, at) {
      const value = optionValue(raw, name, at);
      if (value === undefined) return undefined;
      return read ? read.parse(value, name, at) : value;
    },
  };
}

interface Bounds {
  min: number;
  max?: number;
}

/** A whole number within bounds. */
export function integer(flags: string, description: string, bounds: Bounds & { default: number }): OptionSpec<number>;
export function integer(flags: string, description: string, bounds: Bounds): OptionSpec<number | undefined>;
export function integer(
  flags: string,
  description: string,
  bounds: Bounds & { default?: number },
): OptionSpec<number | undefined> {
  const name = longName(flags);
  return {
    flags,
    description,
    kind: 'integer',
    invalidSample: 'x',
    parse(raw, at) {
      const value = optionValue(raw, name, at);
      return value === undefined ? bounds.default : parseInteger(value, name, bounds, at.lang);
    },
  };
}

/** Reads a whole number within bounds: `--limit: "0" must be a whole number from 1 to 100.` */
export function parseInteger(value: string, flag: string, { min, max }: Bounds, lang: OptionLang = 'en'): number {
  const text = value.trim();
  const number = Number(text);
  if (!/^-?\d+$/.test(text) || number < min || (max !== undefined && number > max))
    throw new UsageError(OPTION_WORDS[lang].wholeNumber(flag, value, min, max));
  return number;
}

/** A number within bounds, decimals allowed; `unit` names what it counts (`euros`). */
export function number(
  flags: string,
  description: string,
  bounds: Bounds & { unit?: string },
): OptionSpec<number | undefined> {
  const name = longName(flags);
  return {
    flags,
    description,
    kind: 'number',
    invalidSample: 'x',
    parse(raw, at) {
      const value = optionValue(raw, name, at);
      if (value === undefined) return undefined;
      const parsed = Number(value.trim());
      const { min, max, unit } = bounds;
      if (value.trim() === '' || !Number.isFinite(parsed) || parsed < min || (max !== undefined && parsed > max))
        throw new UsageError(OPTION_WORDS[at.lang].number(name, value, unit, min, max));
      return parsed;
    },
  };
}

/** A day: YYYY-MM-DD, today, tomorrow or +Nd, read as an ISO date. */
export function date(flags: string, description: string): OptionSpec<string | undefined> {
  const name = longName(flags);
  return {
    flags,
    description,
    kind: 'date',
    invalidSample: '2026-02-30',
    parse(raw, at) {
      const value = optionValue(raw, name, at);
      return value === undefined ? undefined : parseDateInput(value, name, at.now, at.lang);
    },
  };
}

/** A city or place name: trimmed, not empty, no control characters. */
export function city(flags: string, description: string): OptionSpec<string | undefined> {
  const name = longName(flags);
  return {
    flags,
    description,
    kind: 'city',
    invalidSample: ' ',
    parse(raw, at) {
      const value = optionValue(raw, name, at);
      return value === undefined ? undefined : parseCity(value, name, at.lang);
    },
  };
}

/** Reads a city name (options and FROM/TO positionals alike). */
export function parseCity(value: string, flag: string, lang: OptionLang = 'en'): string {
  const name = value.trim();
  if (!name) throw new UsageError(OPTION_WORDS[lang].needsCity(flag));
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new UsageError(OPTION_WORDS[lang].controlCharacters(flag));
  return name;
}

interface ChoiceExtras<C extends string> {
  default?: C;
  /** For `--open [target]`: the value when the flag is given bare. */
  bare?: C;
  /** A sentence added to the error, for the mistake people make: one for every language, or English alone. */
  hint?: string | Readonly<Record<OptionLang, string>>;
}

/** One of a few words, matched without regard to case. */
export function choice<const C extends string>(
  flags: string,
  description: string,
  choices: readonly C[],
  extras: ChoiceExtras<C> & { default: C },
): OptionSpec<C>;
export function choice<const C extends string>(
  flags: string,
  description: string,
  choices: readonly C[],
  extras?: ChoiceExtras<C>,
): OptionSpec<C | undefined>;
export function choice<const C extends string>(
  flags: string,
  description: string,
  choices: readonly C[],
  extras: ChoiceExtras<C> = {},
): OptionSpec<C | undefined> {
  const name = longName(flags);
  return {
    flags,
    description,
    kind: 'choice',
    choices,
    invalidSample: '(none)',
    ...(extras.default !== undefined ? { defaultValue: extras.default } : {}),
    parse(raw, at) {
      const value = single(raw, name, at);
      if (value === undefined) return extras.default;
      if (value === true) {
        if (extras.bare === undefined) throw new UsageError(OPTION_WORDS[at.lang].needsChoice(name, choices));
        return extras.bare;
      }
      const found = choices.find((word) => word.toLowerCase() === value.trim().toLowerCase());
      if (found === undefined) {
        const hint = typeof extras.hint === 'string' ? extras.hint : extras.hint?.[at.lang];
        throw new UsageError(`${OPTION_WORDS[at.lang].notAChoice(name, value, choices)}${hint ? ` ${hint}` : ''}`);
      }
      return found;
    },
  };
}

/** An option that has a value when not given (`--port`, 0): `shown` is what help prints. */
export function withDefault<T>(spec: OptionSpec<T | undefined>, value: T, shown = String(value)): OptionSpec<T> {
  return { ...spec, defaultValue: shown, parse: (raw, at) => spec.parse(raw, at) ?? value };
}

/** The option may be given several times; `run` receives every value, in order (none: an empty list). */
export function repeatable<T>(spec: OptionSpec<T | undefined>): OptionSpec<T[]> {
  return {
    ...spec,
    repeatable: true,
    parse(raw, at) {
      if (raw === undefined) return [];
      const values = raw === true ? [true as const] : raw;
      return values.map((value) => spec.parse(value === true ? true : [value], at) as T);
    },
  };
}

/** An option's value as read, or the sentence saying why it could not be read. */
export type ReadOrProblem<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * The same option, whose bad value is kept as a problem instead of thrown, so that a command (`book`) can list every
 * invalid field at once (the kind, help, completion and the value it refuses stay the option's own).
 */
export function keepingProblem<T>(spec: OptionSpec<T>): OptionSpec<ReadOrProblem<T>> {
  return {
    ...spec,
    parse(raw, at) {
      try {
        return { ok: true, value: spec.parse(raw, at) };
      } catch (error) {
        if (error instanceof UsageError) return { ok: false, problem: error.message };
        throw error;
      }
    },
  };
}

/** The value of an option read by keepingProblem, or undefined with its problem added to `problems`. */
export function valueOrProblem<T>(read: ReadOrProblem<T>, problems: string[]): T | undefined {
  if (read.ok) return read.value;
  problems.push(read.problem);
  return undefined;
}

/** Commander's values, by the spec's names: the strings given (in order), true for a bare flag. */
export type RawOptionValues = Record<string, readonly string[] | true | undefined>;

/** Parses every option of a command from commander's raw values; the first bad value throws its UsageError. */
export function parseOptions<S extends OptionSpecs>(
  specs: S,
  raw: Readonly<RawOptionValues>,
  at: ParseContext,
): OptionValues<S> {
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(specs)) values[key] = spec.parse(raw[key], at);
  return values as OptionValues<S>;
}
