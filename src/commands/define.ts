import type { Context } from '../cli/context.js';

/** One option of a command, as data: commander flag syntax, help text, and allowed values. */
export interface OptionSpec {
  flags: string;
  description: string;
  defaultValue?: string | boolean;
  choices?: readonly string[];
  /** The option may be given several times; its values are collected into an array. */
  repeatable?: boolean;
}

/** What a handler receives: positional arguments and its own options (commander's camelCase keys). */
export interface CommandInput {
  args: string[];
  options: Record<string, unknown>;
}

/** A command: options as data and a handler; only the entry point turns its outcome into an exit code. */
export interface CommandSpec {
  name: string;
  summary: string;
  /** Positional arguments in commander syntax: `<required>`, `[optional]`, `[rest...]`. */
  args?: string[];
  options?: OptionSpec[];
  examples?: string[];
  /** Extra help text shown after the examples. */
  details?: string;
  subcommands?: CommandSpec[];
  /** Runs even when a setting is invalid (`config`, which is how one fixes it); other commands refuse to start. */
  toleratesInvalidSettings?: boolean;
  /** Returns nothing for success, or an exit code (e.g. 1 when a check failed without an error to throw). */
  run?: (input: CommandInput, ctx: Context) => Promise<number | void>;
}

/** Identity helper that gives command files a typed literal. */
export function defineCommand(spec: CommandSpec): CommandSpec {
  return spec;
}
