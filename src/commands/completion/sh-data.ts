import { flattenCommands, type CompletionCommand, type CompletionOption } from './model.js';
import { oneLine, shQuote } from './quote.js';

/**
 * The command tree as shell functions that bash and zsh both read (case statements keyed by
 * "command path|word"), so the two scripts share one description of the program.
 */
export function renderShData(root: CompletionCommand): string {
  const commands = flattenCommands(root);
  const globals = new Set(root.options);
  const own = (command: CompletionCommand) => command.options.filter((option) => !globals.has(option));
  const key = (path: string, word: string) => shQuote(`${path}|${word}`);
  const globalKey = (word: string) => `*${shQuote(`|${word}`)}`;

  const subcommandLines = commands
    .filter((command) => command.subcommands.length > 0)
    .map((command) =>
      caseArm(shQuote(command.path), printLines(command.subcommands.map((sub) => describe(sub.name, sub.description)))),
    );
  const subcommandKeys = commands.flatMap((command) => command.subcommands.map((sub) => key(command.path, sub.name)));
  const valueOptionKeys = [
    ...commands.flatMap((command) =>
      own(command)
        .filter((option) => option.takesValue)
        .flatMap((option) => option.names.map((name) => key(command.path, name))),
    ),
    ...root.options.filter((option) => option.takesValue).flatMap((option) => option.names.map(globalKey)),
  ];
  const ownOptionLines = commands.flatMap((command) =>
    own(command).length > 0 ? [caseArm(shQuote(command.path), printLines(own(command).flatMap(describeOption)))] : [],
  );
  const globalOptionLines = printLines(root.options.flatMap(describeOption));
  const optionValues = [
    ...commands.flatMap((command) =>
      own(command)
        .filter(hasValues)
        .map((option) =>
          caseArm(option.names.map((name) => key(command.path, name)).join('|'), printLines(option.values)),
        ),
    ),
    ...root.options
      .filter(hasValues)
      .map((option) => caseArm(option.names.map(globalKey).join('|'), printLines(option.values))),
  ];
  // Keyed "path|position|previous word": values that depend on the word before come first, then any word (*).
  const positionalValues = commands.flatMap((command) =>
    command.positionals.flatMap((positional, index) => [
      ...Object.entries(positional.valuesAfter).map(([previous, values]) =>
        caseArm(key(command.path, `${index}|${previous}`), printLines(values)),
      ),
      ...(positional.values.length > 0
        ? [caseArm(`${key(command.path, `${index}|`)}*`, printLines(positional.values))]
        : []),
    ]),
  );
  const optionFileKeys = [
    ...commands.flatMap((command) =>
      own(command)
        .filter((option) => option.files)
        .flatMap((option) => option.names.map((name) => key(command.path, name))),
    ),
    ...root.options.filter((option) => option.files).flatMap((option) => option.names.map(globalKey)),
  ];
  const fileKeys = commands.flatMap((command) =>
    command.positionals.flatMap((positional, index) => (positional.files ? [key(command.path, String(index))] : [])),
  );

  return [
    '# "name:description" lines of the subcommands of a command path ($1).',
    caseFunction('__motoroute_subcommand_lines', '"$1"', subcommandLines),
    '# Succeeds when $2 is a subcommand of the command path $1.',
    matchFunction('__motoroute_is_subcommand', subcommandKeys),
    '# Succeeds when option $2 of the command path $1 needs a value.',
    matchFunction('__motoroute_takes_value', valueOptionKeys),
    '# "name:description" lines of the options of a command path ($1), global ones included.',
    caseFunction('__motoroute_option_lines', '"$1"', ownOptionLines, `  ${globalOptionLines}`),
    '# The accepted values of option $2 of the command path $1, one a line.',
    caseFunction('__motoroute_option_values', '"$1|$2"', optionValues),
    '# Succeeds when the value of option $2 of the command path $1 names a file.',
    matchFunction('__motoroute_option_files', optionFileKeys),
    '# The accepted values of positional number $2 (from 0) of the command path $1, after the positional word $3.',
    caseFunction('__motoroute_positional_values', '"$1|$2|$3"', positionalValues),
    '# Succeeds when positional number $2 of the command path $1 names a file.',
    matchFunction('__motoroute_positional_files', fileKeys),
  ].join('\n');
}

function hasValues(option: CompletionOption): boolean {
  return option.takesValue && option.values.length > 0;
}

function describe(name: string, description: string): string {
  return `${name}:${oneLine(description)}`;
}

function describeOption(option: CompletionOption): string[] {
  return option.names.map((name) => describe(name, option.description));
}

function printLines(lines: readonly string[]): string {
  return `printf '%s\\n' ${lines.map(shQuote).join(' ')}`;
}

function caseArm(pattern: string, body: string): string {
  return `    ${pattern}) ${body} ;;`;
}

function caseFunction(name: string, subject: string, arms: string[], after = ''): string {
  const body = arms.length > 0 ? `  case ${subject} in\n${arms.join('\n')}\n  esac\n` : '';
  return `${name}() {\n${body}${after ? `${after}\n` : ''}  return 0\n}`;
}

function matchFunction(name: string, patterns: string[]): string {
  if (patterns.length === 0) return `${name}() { return 1; }`;
  return `${name}() {\n  case "$1|$2" in\n    ${patterns.join('|')}) return 0 ;;\n  esac\n  return 1\n}`;
}
