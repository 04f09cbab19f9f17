import { Command, type CommanderError, Option } from 'commander';
import type { CommandSpec, OptionSpec } from '../commands/define.js';
import type { RawOptionValues } from '../commands/options.js';
import type { GlobalOptions, ProcessIO } from './context.js';
import { commanderErrorText } from './commander-words.js';
import { LANGUAGES, wholeNumber } from '../config/keys.js';
import { OUTPUT_FORMATS } from '../output/settings.js';
import { VERSION } from '../version.js';

type Runner = (spec: CommandSpec, args: string[], options: RawOptionValues, globals: GlobalOptions) => Promise<void>;

/**
 * Builds the commander program: global options, then the commands of `specs`. A run that names a command builds
 * it alone (./command-specs.ts; building all 17 cost one search ~1 ms): the others matter only to help, to an
 * unknown command's suggestions and to shell completion, which get every command (commands/index.ts).
 * Commander's own errors (unknown option, missing argument…) are said in `errorLang()`, asked only when one happens.
 */
export function buildProgram(
  io: ProcessIO,
  runner: Runner,
  specs: readonly CommandSpec[],
  errorLang: () => 'en' | 'fr' = () => 'en',
): Command {
  // Commander hands its error to outputError, then exits through exitOverride's callback with the error and its
  // code: the first only notes it, the second says it, in the language asked then, the code telling which sentence.
  let errorWritten = false;
  const sayError = (error: CommanderError): never => {
    if (errorWritten) {
      errorWritten = false;
      io.stderr.write(commanderErrorText(error.code, error.message, errorLang()));
    }
    throw error;
  };
  const concurrency = wholeNumber('--concurrency', 1, 8);
  const program = new Command('motoroute')
    .description('Search upcoming motorcycle transport trips between French cities (SYMONE route search API).')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true })
    .exitOverride(sayError)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: () => {
        errorWritten = true;
      },
    })
    .option('--base-url <url>', 'API base URL (env MOTOROUTE_BASE_URL, config base-url)')
    .option('--legacy', 'use the unversioned legacy address')
    .option('--sandbox', 'start the local service in-process and use it (offline)')
    .option('--insecure-http', 'allow plain http:// to a host other than this machine')
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS))
    .option('--json', 'same as --format json')
    .option('--fields <list>', 'comma-separated columns to print')
    .option(
      '--no-header',
      'CSV and TSV without their header line (--format tsv and csv have one; piped TSV by default has none)',
    )
    .option('--no-color', 'never use colour (NO_COLOR and FORCE_COLOR are honoured too)')
    .option(
      '--timeout <seconds>',
      'seconds per attempt, from connect to the last byte of an answer (3 attempts, backoff between; the streamed listing: each gap between bytes and each record); default 30',
    )
    .option(
      '--max-time <seconds>',
      'seconds allowed for the whole command, retries and waits included (like curl --max-time); no limit by default',
    )
    .option('--max-body <MiB>', 'largest JSON answer read, in MiB after decoding (default 64)')
    .addOption(new Option('--lang <lang>', 'language of dates and texts').choices(LANGUAGES))
    .option('-v, --verbose', 'one line per HTTP attempt on stderr (status, time, bytes, redirects), and error details')
    .option('-q, --quiet', 'print only data and errors')
    .option(
      '--strict',
      'a record the service sent that cannot be read is an error (exit 1), not a warning (config strict)',
    )
    // Checked as it is parsed, so a bad value is refused before any command runs, whether it sends requests or not.
    .option(
      '--concurrency <n>',
      'pages of one search fetched at once, 1 to 8 (default 4; config concurrency)',
      (value: string) => concurrency(value, errorLang()),
    );

  program.addHelpText(
    'after',
    '\nAnswers are read tolerantly: same-service redirects are followed, compressed bodies decoded, and a record\n' +
      'that cannot be read is left out with one warning at the end (exit 0); --strict makes it an error (exit 1).\n',
  );
  for (const spec of specs) program.addCommand(toCommand(spec, program, runner, sayError));
  return program;
}

function toCommand(
  spec: CommandSpec,
  program: Command,
  runner: Runner,
  sayError: (error: CommanderError) => never,
): Command {
  const command = new Command(spec.name).description(spec.summary);
  command.exitOverride(sayError).configureOutput(program.configureOutput()).configureHelp(program.configureHelp());
  for (const arg of spec.args ?? []) command.argument(arg);
  // The spec's name for each option, by commander's (`minSlots` for --min-slots).
  const keys = new Map<string, string>();
  for (const [key, optionSpec] of Object.entries(spec.options ?? {})) {
    const option = toOption(optionSpec);
    keys.set(option.attributeName(), key);
    command.addOption(option);
  }
  if (spec.examples?.length) {
    command.addHelpText('after', `\nExamples:\n${spec.examples.map((line) => `  $ ${line}`).join('\n')}\n`);
  }
  if (spec.details) command.addHelpText('after', `\n${spec.details}\n`);
  for (const sub of spec.subcommands ?? []) command.addCommand(toCommand(sub, program, runner, sayError));
  if (spec.run) {
    command.action(async (...params: unknown[]) => {
      const self = params[params.length - 1] as Command;
      const args = self.args.slice(0, spec.args?.length ? undefined : 0);
      const raw: RawOptionValues = {};
      for (const [name, value] of Object.entries(self.opts())) {
        // Values arrive as lists (see toOption), bare optional values as true; a default shown in help is no value given.
        if (value === true || Array.isArray(value)) raw[keys.get(name) ?? name] = value as true | string[];
      }
      await runner(spec, args, raw, program.opts<GlobalOptions>());
    });
  }
  return command;
}

/**
 * A commander option that only collects what was typed: every value into a list (so a flag given
 * twice can be told from one given once), choices and default for help and completion only. The
 * spec's kind parses the list (src/commands/options.ts), so every command words its errors alike.
 */
function toOption(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.defaultValue !== undefined) option.default(spec.defaultValue);
  if (option.required || option.optional) {
    option.argParser((value: string, previous: unknown) =>
      Array.isArray(previous) ? [...(previous as string[]), value] : [value],
    );
  }
  return option;
}
