import type { ProcessIO } from './context.js';
import { cachedHelp } from './help-cache.js';
import { VERSION } from './version.js';

/** Runs motoroute with `argv` (without node and script) and returns the exit code. The one place that decides it. */
export async function main(argv: string[], io: ProcessIO, signal: AbortSignal): Promise<number> {
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
  const { runCommand } = await import('./run-command.js');
  return runCommand(argv, io, signal);
}
