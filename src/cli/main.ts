import type { ProcessIO } from './context.js';
import { cachedHelp } from './help-cache.js';
import { VERSION } from '../version.js';

/** Parses argv, runs the command and returns the exit code (src/cli/run-command.ts). */
export type RunCommand = (argv: string[], io: ProcessIO, signal: AbortSignal) => Promise<number>;

/**
 * Runs motoroute with `argv` (without node and script) and returns the exit code. `loadRunCommand`
 * says where the command runner comes from: the compiled app for the published CLI, the sources
 * when run in-process.
 */
export async function main(
  argv: string[],
  io: ProcessIO,
  signal: AbortSignal,
  loadRunCommand: () => RunCommand | Promise<RunCommand>,
): Promise<number> {
  // --version and --help are run often, by people and by scripts: answered before loading anything else.
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const help = cachedHelp(argv);
  if (help !== undefined) {
    io.stdout.write(help);
    return 0;
  }
  const runCommand = await loadRunCommand();
  return runCommand(argv, io, signal);
}
