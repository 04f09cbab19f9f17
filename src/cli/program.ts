import { Command, Option } from 'commander';
import { COMMANDS } from '../commands/index.js';
import type { CommandSpec, OptionSpec } from '../commands/define.js';
import type { GlobalOptions, ProcessIO } from './context.js';
import { LANGUAGES, wholeNumber } from '../config/keys.js';
import { OUTPUT_FORMATS } from '../output/settings.js';
import { VERSION } from '../version.js';

type Runner = (spec: CommandSpec, args: string[], options: Record<string, unknown>, globals: GlobalOptions) => Promise<void>;

/** Builds the commander program: global options, then every command from its spec. */
export function buildProgram(io: ProcessIO, runner: Runner): Command {
  const program = new Command('motoroute')
    .description('Search upcoming motorcycle transport trips between French cities (SYMONE route search API).')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(text.replace(/^error:/, 'Error:')),
    })
    .option('--base-url <url>', 'API base URL (env MOTOROUTE_BASE_URL, config base-url)')
    .option('--legacy', 'use the unversioned legacy address')
    .option('--sandbox', 'start the local service in-process and use it (offline)')
    .option('--insecure-http', 'allow plain http:// to a host other than this machine')
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS))
    .option('--json', 'same as --format json')
    .option('--fields <list>', 'comma-separated columns to print')
    .option('--no-color', 'never use colour (NO_COLOR and FORCE_COLOR are honoured too)')
    .option('--timeout <seconds>', 'seconds allowed for each request')
    .addOption(new Option('--lang <lang>', 'language of dates and texts').choices(LANGUAGES))
    .option('-v, --verbose', 'one line per HTTP attempt on stderr (status, time, bytes, redirects), and error details')
    .option('-q, --quiet', 'print only data and errors')
    .option('--strict', 'a record the service sent that cannot be read is an error (exit 1), not a warning (config strict)')
    // Checked as it is parsed, so a bad value is refused before any command runs, whether it sends requests or not.
    .option('--concurrency <n>', 'pages of one search fetched at once, 1 to 8 (default 4; config concurrency)', wholeNumber('--concurrency', 1, 8));

  program.addHelpText(
    'after',
    '\nAnswers are read tolerantly: same-service redirects are followed, compressed bodies decoded, and a record\n' +
      'that cannot be read is left out with one warning at the end (exit 0); --strict makes it an error (exit 1).\n',
  );
  for (const spec of COMMANDS) program.addCommand(toCommand(spec, program, runner));
  return program;
}

function toCommand(spec: CommandSpec, program: Command, runner: Runner): Command {
  const command = new Command(spec.name).description(spec.summary);
  command.exitOverride().configureOutput(program.configureOutput()).configureHelp(program.configureHelp());
  for (const arg of spec.args ?? []) command.argument(arg);
  for (const option of spec.options ?? []) command.addOption(toOption(option));
  if (spec.examples?.length) {
    command.addHelpText('after', `\nExamples:\n${spec.examples.map((line) => `  $ ${line}`).join('\n')}\n`);
  }
  if (spec.details) command.addHelpText('after', `\n${spec.details}\n`);
  for (const sub of spec.subcommands ?? []) command.addCommand(toCommand(sub, program, runner));
  if (spec.run) {
    command.action(async (...params: unknown[]) => {
      const self = params[params.length - 1] as Command;
      const args = self.args.slice(0, spec.args?.length ? undefined : 0);
      await runner(spec, args, self.opts(), program.opts<GlobalOptions>());
    });
  }
  return command;
}

function toOption(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.defaultValue !== undefined) option.default(spec.defaultValue);
  if (spec.repeatable) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
  return option;
}
