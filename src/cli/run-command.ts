import type { Command } from 'commander';
import type { CommandSpec } from '../commands/define.js';
import type { RawOptionValues } from '../commands/options.js';
import type { Context, GlobalOptions, ProcessIO } from './context.js';
import { ExitCode, InterruptedError } from '../errors.js';
import { describeFailure, failureDetails } from './exit.js';
import { unknownHelpTopic } from './help-topic.js';
import { jsonFieldsMisuse } from './json-flag.js';
import { createRunLimit } from './run-limit.js';
import { languageBeforeParsing } from './run-settings.js';

/** Parses `argv`, runs the command, and turns its outcome into an exit code. */
export async function runCommand(argv: string[], io: ProcessIO, signal: AbortSignal): Promise<number> {
  const [{ buildProgram }, { Context }, { parseOptions }, specs] = await Promise.all([
    import('./program.js'),
    import('./context.js'),
    import('../commands/options.js'),
    import('./command-specs.js').then(({ commandSpecsFor }) => commandSpecsFor(argv)),
  ]);
  let context: Context | undefined;
  const earlyLang = () => languageBeforeParsing(argv, io.env);
  let exitCode: number = ExitCode.ok;
  const limit = createRunLimit(signal);
  const runSpec = async (
    spec: CommandSpec,
    args: string[],
    raw: RawOptionValues,
    globals: GlobalOptions,
  ): Promise<void> => {
    // Every option is read by its kind before anything else happens: a bad value is exit 2, nothing sent.
    context = new Context(globals, io, limit.signal, program);
    const options = parseOptions(spec.options ?? {}, raw, {
      now: context.clock.now(),
      lang: failureLang(context, earlyLang),
    });
    if (!spec.toleratesInvalidSettings) context.checkSettings();
    context.maxTimeFromFlagOnly = spec.runsUntilStopped === true;
    limit.start(context.runEndsAt, context.maxTimeSeconds);
    // Whatever the command waits on, --max-time ends it.
    const result = await Promise.race([spec.run?.({ args, options }, context), limit.reached]);
    if (typeof result === 'number') exitCode = result;
    await context.finish();
  };
  const program: Command = buildProgram(io, runSpec, specs, earlyLang);
  try {
    const misuse = jsonFieldsMisuse(argv, earlyLang) ?? unknownHelpTopic(argv, earlyLang);
    if (misuse) throw misuse;
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    // A command's own InterruptedError says how to resume (job wait); any other failure after Ctrl-C is the interruption.
    const interrupted = signal.aborted && !(error instanceof InterruptedError);
    const failure = interrupted
      ? describeFailure(new InterruptedError('Interrupted.'))
      : limit.expired
        ? describeFailure(limit.error)
        : describeFailure(error);
    // Every failure is said here, and messages quote the service: one rule cleans them (output/sanitise.ts).
    // What was printed is ended well formed first: a JSON array begun is closed, lines are whole.
    const [{ sanitiseMessage }, { abortOpenWriters }] = await Promise.all([
      import('../output/sanitise.js'),
      import('../output/open-writers.js'),
    ]);
    await abortOpenWriters(io.stdout);
    if (failure.message) {
      const { resolveColorLevel } = await import('../output/settings.js');
      const red =
        resolveColorLevel(
          program.opts<GlobalOptions>().color === false ? false : undefined,
          io.env,
          io.stderr.isTTY === true,
        ) > 0;
      const { CONTEXT_WORDS } = await import('./words.js');
      const head = CONTEXT_WORDS[failureLang(context, earlyLang)].failed;
      io.stderr.write(
        `${red ? `\u001b[31m${head}\u001b[39m` : head} ${sanitiseMessage(failure.message, { lines: true })}\n`,
      );
    }
    if (program.opts<GlobalOptions>().verbose) {
      const details = failureDetails(error);
      if (details) io.stderr.write(`${sanitiseMessage(details, { lines: true })}\n`);
    }
    return failure.code;
  } finally {
    limit.clear();
    await context?.close().catch(() => undefined);
  }
}

/**
 * The language a failure is said in: the session's, else (the run failed before it was known, or its lang setting is
 * the bad value) `early`'s: --lang in argv, the locale.
 */
function failureLang(context: Context | undefined, early: () => 'en' | 'fr'): 'en' | 'fr' {
  try {
    return context?.lang ?? early();
  } catch {
    return early();
  }
}
