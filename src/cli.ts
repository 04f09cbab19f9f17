import { ExitCode } from './errors.js';
import { main } from './main.js';

// The only place that ends the process: main() returns the exit code, this file applies it.
const controller = new AbortController();
let interrupted = false;

process.on('SIGINT', () => {
  if (interrupted) process.exit(ExitCode.interrupted);
  interrupted = true;
  controller.abort();
  // Give the command a moment to clean up (spinner, cursor), then stop regardless.
  setTimeout(() => process.exit(ExitCode.interrupted), 1500).unref();
});

// `| head` closes stdout early: that is not an error, so end quietly and successfully.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(interrupted ? ExitCode.interrupted : ExitCode.ok);
  throw error;
});

const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
}, controller.signal);

process.exitCode = interrupted ? ExitCode.interrupted : code;
