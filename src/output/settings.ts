import { UsageError } from '../errors.js';
import { OUTPUT_WORDS, type OutputLang } from './output-words.js';

/** The output formats motoroute can print. */
export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv', 'markdown'] as const;

/** One of {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A chalk colour level: 0 none, 1 basic 16 colours, 2 256 colours, 3 true colour. */
export type ColorLevel = 0 | 1 | 2 | 3;

/** How output is printed for a whole run, decided once by {@link resolveOutputSettings}. */
export interface OutputSettings {
  format: OutputFormat;
  /** The format was asked for (`--format`, `--json`, or the configured one), not the terminal's default. */
  formatChosen: boolean;
  /** Column keys picked with `--fields`, in the order given; undefined means the format's default columns. */
  fields: readonly string[] | undefined;
  /** Colour on stdout. */
  color: boolean;
  /** Colour level for stdout (0 when `color` is false). */
  colorLevel: ColorLevel;
  /** Colour on stderr (messages, spinners), decided by the same rules against stderr. */
  stderrColor: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Spinners and progress lines are shown: stderr is a TTY and `--quiet` was not given. */
  showProgress: boolean;
  /** Width tables are fitted to, in terminal columns. */
  width: number;
  /** CSV and TSV may start with a header line (false with `--no-header`; see output/delimited.ts for when they do). */
  header: boolean;
  /** Ctrl-C: a long table stops at it between rows. */
  signal?: AbortSignal;
  /** A line for the user on stderr (a very long table says once how to page it). */
  note?: (message: string) => void;
  /** The language of those lines (`--lang`); English when unset. */
  lang?: 'en' | 'fr';
}

/** What {@link resolveOutputSettings} decides from: flags, environment and the two streams. */
export interface OutputSettingsInput {
  /** `--format` (or the configured format), case-insensitive. */
  format?: string | undefined;
  /** `--json`. */
  json?: boolean | undefined;
  /** `--fields a,b,c` (or already split). */
  fields?: string | string[] | undefined;
  /** false for `--no-color`; true or undefined leave the choice to the environment and TTY (commander's default for a `--no-color` flag is true). */
  color?: boolean | undefined;
  /** `--quiet`: no spinners or progress. */
  quiet?: boolean | undefined;
  /** false for `--no-header`. */
  header?: boolean | undefined;
  env: Record<string, string | undefined>;
  stdout: { isTTY?: boolean | undefined; columns?: number | undefined };
  stderr: { isTTY?: boolean | undefined };
  /** The language a refused format or field list is said in; English when unset. */
  lang?: OutputLang | undefined;
}

const DEFAULT_WIDTH = 80;

/** Decides format, columns, colour and width once for the run; throws a UsageError on an unknown or conflicting format. */
export function resolveOutputSettings(input: OutputSettingsInput): OutputSettings {
  const stdoutIsTTY = input.stdout.isTTY === true;
  const stderrIsTTY = input.stderr.isTTY === true;
  const colorLevel = resolveColorLevel(input.color, input.env, stdoutIsTTY);
  return {
    format: resolveFormat(input.format, input.json, stdoutIsTTY, input.lang ?? 'en'),
    formatChosen: input.format !== undefined || input.json === true,
    fields: parseFields(input.fields, input.lang ?? 'en'),
    color: colorLevel > 0,
    colorLevel,
    stderrColor: resolveColorLevel(input.color, input.env, stderrIsTTY) > 0,
    stdoutIsTTY,
    stderrIsTTY,
    showProgress: stderrIsTTY && input.quiet !== true,
    width: resolveWidth(input.stdout, input.env),
    header: input.header !== false,
  };
}

function resolveFormat(
  format: string | undefined,
  json: boolean | undefined,
  stdoutIsTTY: boolean,
  lang: OutputLang,
): OutputFormat {
  const named = format === undefined ? undefined : parseFormat(format, lang);
  if (json === true) {
    if (named !== undefined && named !== 'json') throw new UsageError(OUTPUT_WORDS[lang].jsonAndFormat(named));
    return 'json';
  }
  return named ?? (stdoutIsTTY ? 'table' : 'tsv');
}

function parseFormat(text: string, lang: OutputLang): OutputFormat {
  const wanted = text.trim().toLowerCase();
  const found = OUTPUT_FORMATS.find((format) => format === wanted);
  if (found === undefined) throw new UsageError(OUTPUT_WORDS[lang].notAFormat(text, OUTPUT_FORMATS));
  return found;
}

function parseFields(fields: string | string[] | undefined, lang: OutputLang): string[] | undefined {
  if (fields === undefined) return undefined;
  const parts = (Array.isArray(fields) ? fields : [fields]).flatMap((part) => part.split(','));
  const keys = [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
  if (keys.length === 0) throw new UsageError(OUTPUT_WORDS[lang].noFields);
  return keys;
}

/** The one colour decision, for any stream: --no-color > NO_COLOR (non-empty) > FORCE_COLOR (0/false disables, anything else enables) > terminal. */
export function resolveColorLevel(
  flag: boolean | undefined,
  env: Record<string, string | undefined>,
  isTTY: boolean,
): ColorLevel {
  if (flag === false) return 0;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    const value = force.trim().toLowerCase();
    if (value === '0' || value === 'false') return 0;
    if (value === '2' || value === '3') return Number(value) as ColorLevel;
    return Math.max(1, terminalColorLevel(env)) as ColorLevel;
  }
  if (!isTTY || env.TERM === 'dumb') return 0;
  return terminalColorLevel(env);
}

function terminalColorLevel(env: Record<string, string | undefined>): ColorLevel {
  const colorTerm = env.COLORTERM?.toLowerCase();
  if (colorTerm === 'truecolor' || colorTerm === '24bit') return 3;
  if (env.TERM?.includes('256') === true) return 2;
  return 1;
}

function resolveWidth(stdout: OutputSettingsInput['stdout'], env: Record<string, string | undefined>): number {
  if (stdout.isTTY === true && stdout.columns !== undefined && stdout.columns > 0) return stdout.columns;
  const fromEnv = Number(env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return DEFAULT_WIDTH;
}
