import { main } from './main.js';

// Exit codes of PRODUCT.md used here; src/errors.ts has them all (not imported: it would cost --version a file).
const OK = 0;
const INTERRUPTED = 130;

// The only place that ends the process: main() returns the exit code, this file applies it.
const controller = new AbortController();
let interrupted = false;

process.on('SIGINT', () => {
  if (interrupted) process.exit(INTERRUPTED);
  interrupted = true;
  controller.abort();
  // Give the command a moment to clean up (spinner, cursor), then stop regardless.
  setTimeout(() => process.exit(INTERRUPTED), 1500).unref();
});

// `| head` closes stdout early: that is not an error, so end quietly and successfully.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(interrupted ? INTERRUPTED : OK);
  throw error;
});

const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
}, controller.signal);

process.exitCode = interrupted ? INTERRUPTED : code;
