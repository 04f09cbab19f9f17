import type { Command, Option } from 'commander';

/** One option as completion sees it: its spellings, whether a value follows, and the values it accepts. */
export interface CompletionOption {
  /** `-v`, `--verbose`: every spelling, short first. */
  names: string[];
  description: string;
  /** A value must follow (`--sort <key>`); optional values (`--open [target]`) are treated as flags. */
  takesValue: boolean;
  /** The accepted values, when they are enumerated; empty when any value goes. */
  values: readonly string[];
  /** The value names a file (`--input <file>`): file names are offered. */
  files: boolean;
}

/** One positional argument: its values when enumerated, and whether it names a file. */
export interface CompletionPositional {
  name: string;
  values: readonly string[];
  /** File names are offered (`batch [file]`). */
  files: boolean;
  /** It takes every remaining word (`<location...>`). */
  variadic: boolean;
  /** Values that depend on the positional before it (`config set format <value>`), by that word. */
  valuesAfter: Readonly<Record<string, readonly string[]>>;
}

/** One command or subcommand, with everything that may follow it. */
export interface CompletionCommand {
  name: string;
  /** Space-separated names from the program down to this command; '' for the program itself. */
  path: string;
  description: string;
  /** Its own options plus the global ones and --help (commander accepts global options anywhere). */
  options: CompletionOption[];
  subcommands: CompletionCommand[];
  positionals: CompletionPositional[];
}

/** Values commander does not know as `choices` (validated by the handlers, or positional): keyed by command path. */
export interface CompletionHints {
  /** Extra values of an option, by its long name (`--formula`). */
  optionValues: Readonly<Record<string, readonly string[]>>;
  /** Values of positionals, by command path then position. */
  positionalValues: Readonly<Record<string, readonly (readonly string[])[]>>;
  /** Values of a positional by the word before it, by command path then position (`config set <key> <value>`). */
  positionalValuesAfter?: Readonly<
    Record<string, Readonly<Record<number, Readonly<Record<string, readonly string[]>>>>>
  >;
}

const HELP: CompletionOption = {
  names: ['-h', '--help'],
  description: 'show help',
  takesValue: false,
  values: [],
  files: false,
};

/** Placeholders that name a file: `<file>`, `[file]`, `<input-file>`. */
const FILE_PLACEHOLDER = /file/i;

/** Walks the real commander program (built from the command registry and the global options), so completion never drifts from it. */
export function buildCompletionModel(program: Command, hints: CompletionHints): CompletionCommand {
  const globals = program.options.map((option) => toOption(option, hints));
  return toCommand(program, '', globals, hints);
}

/** Every command of the tree, the program first, parents before children. */
export function flattenCommands(root: CompletionCommand): CompletionCommand[] {
  return [root, ...root.subcommands.flatMap(flattenCommands)];
}

function toCommand(
  command: Command,
  path: string,
  globals: CompletionOption[],
  hints: CompletionHints,
): CompletionCommand {
  const own = path === '' ? [] : command.options.map((option) => toOption(option, hints));
  const subcommands = command.commands.map((sub) =>
    toCommand(sub, path ? `${path} ${sub.name()}` : sub.name(), globals, hints),
  );
  // commander answers `help [command]` wherever there are subcommands.
  if (subcommands.length > 0) subcommands.push(helpCommand(path, subcommands, globals));
  const positionalHints = hints.positionalValues[path] ?? [];
  return {
    name: command.name(),
    path,
    description: command.description(),
    options: [...own, ...globals, HELP],
    subcommands,
    positionals: command.registeredArguments.map((argument, index) => ({
      name: argument.name(),
      values: argument.argChoices ?? positionalHints[index] ?? [],
      files: FILE_PLACEHOLDER.test(argument.name()),
      variadic: argument.variadic,
      valuesAfter: hints.positionalValuesAfter?.[path]?.[index] ?? {},
    })),
  };
}

function helpCommand(
  parentPath: string,
  siblings: CompletionCommand[],
  globals: CompletionOption[],
): CompletionCommand {
  return {
    name: 'help',
    path: parentPath ? `${parentPath} help` : 'help',
    description: 'show help for a command',
    options: [...globals, HELP],
    subcommands: [],
    positionals: [
      { name: 'command', values: siblings.map((sub) => sub.name), files: false, variadic: false, valuesAfter: {} },
    ],
  };
}

function toOption(option: Option, hints: CompletionHints): CompletionOption {
  const names = [option.short, option.long].filter((name): name is string => name !== undefined);
  const values = option.argChoices ?? (option.long ? hints.optionValues[option.long] : undefined) ?? [];
  const placeholder = /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1] ?? '';
  return {
    names,
    description: option.description,
    takesValue: option.required,
    values,
    files: option.required && FILE_PLACEHOLDER.test(placeholder),
  };
}
