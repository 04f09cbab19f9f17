import type { Context } from '../cli/context.js';
import type { OptionSpecs, OptionValues } from './options.js';

export type { OptionSpec, OptionSpecs, OptionValues } from './options.js';

/** What a handler receives: positional arguments and its own options, parsed by their specs. */
export interface CommandInput<S extends OptionSpecs = OptionSpecs> {
  args: string[];
  options: OptionValues<S>;
}

/** A command: options as data and a handler; only the entry point turns its outcome into an exit code. */
export interface CommandSpec<S extends OptionSpecs = OptionSpecs> {
  name: string;
  summary: string;
  /** Positional arguments in commander syntax: `<required>`, `[optional]`, `[rest...]`. */
  args?: string[];
  /** The command's options by the name `run` reads them under (src/commands/options.ts builds them). */
  options?: S;
  examples?: string[];
  /** Extra help text shown after the examples. */
  details?: string;
  subcommands?: CommandSpec[];
  /** Runs even when a setting is invalid (`config`, which is how one fixes it); other commands refuse to start. */
  toleratesInvalidSettings?: boolean;
  /** Runs until stopped (serve, mcp, watch): only a --max-time given on its command line ends it, never the environment's or config's. */
  runsUntilStopped?: boolean;
  /** Returns nothing for success, or an exit code (e.g. 1 when a check failed without an error to throw). */
  run?(input: CommandInput<S>, ctx: Context): Promise<number | void>;
}

/** Gives a command file its typed options: `run` receives the values its specs parse to. */
export function defineCommand<S extends OptionSpecs = Record<never, never>>(spec: CommandSpec<S>): CommandSpec {
  return spec;
}
