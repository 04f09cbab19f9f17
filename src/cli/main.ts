import type { ProcessIO } from './context.js';
import { cachedHelp } from './help-cache.js';
import { VERSION } from '../version.js';

/** Parses argv, runs the command and returns the exit code (src/cli/run-command.ts). */
export type RunCommand = (argv: string[], io: ProcessIO, signal: AbortSignal) => Promise<number>;

/**
 * The whole output of `--version`, or of `--help` from its pre-rendered text; undefined for any other run. They are
 * run often, by people and by scripts: answered before loading anything else.
 */
export function quickAnswer(argv: readonly string[]): string | undefined {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) return `${VERSION}\n`;
  return cachedHelp(argv);
}

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
  const answer = quickAnswer(argv);
  if (answer !== undefined) {
    io.stdout.write(answer);
    return 0;
  }
  const runCommand = await loadRunCommand();
  return runCommand(argv, io, signal);
}
