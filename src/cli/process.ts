import type { ProcessIO } from './context.js';

// Exit codes of PRODUCT.md used here; src/errors.ts has them all (not imported: it would cost --version a file).
const OK = 0;
const INTERRUPTED = 130;

/** undici's `assert(!this.paused)` in Parser.finish, reached from onHttpSocketEnd. */
function isUndiciPausedParserOnEnd(error: unknown): boolean {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== 'ERR_ASSERTION') return false;
  const stack = error.stack ?? '';
  return /\bParser\.finish\b/.test(stack) && /\bonHttpSocketEnd\b/.test(stack);
}
/** How long the process may linger after its command returned (stdout flushing, sockets closing) before it ends anyway. */
const LINGER_MS = 2000;

/** Runs motoroute as this process: wires signals and streams, and sets the exit code `run` returns. The only place that ends the process. */
export function runAsProcess(run: (argv: string[], io: ProcessIO, signal: AbortSignal) => Promise<number>): void {
  const controller = new AbortController();
  let interrupted = false;

  process.on('SIGINT', () => {
    if (interrupted) process.exit(INTERRUPTED);
    interrupted = true;
    controller.abort();
    // Give the command a moment to clean up (spinner, cursor), then stop regardless.
    setTimeout(() => process.exit(INTERRUPTED), 1500).unref();
  });

  // `| head` closes stdout early (and `2>&1 | head` stderr too): that is not an error, so end quietly and successfully.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(interrupted ? INTERRUPTED : OK);
      throw error;
    });
  }

  // undici 7 throws from a socket's 'end' handler when the server closes while a response's parser is paused
  // by backpressure (nodejs/undici#5360, fixed in 8 only, which needs Node 22). The socket's 'close' handler then
  // completes the response as it should, so that one assertion is let pass; anything else still ends the process.
  process.on('uncaughtException', (error) => {
    if (isUndiciPausedParserOnEnd(error)) return;
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });

  const io: ProcessIO = {
    stdout: process.stdout,
    stderr: process.stderr,
    // Node makes process.stdin on first use, loading file streams when it is a file: most commands never read it.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
  };
  run(process.argv.slice(2), io, controller.signal).then(
    (code) => {
      process.exitCode = interrupted ? INTERRUPTED : code;
      // The command is over: a connection or timer left behind by a stopped request must not keep the process alive
      // (output still queued for a slow reader is waited for: pipes are asynchronous on macOS).
      const endWhenFlushed = (): void => {
        if (process.stdout.writableLength > 0 || process.stderr.writableLength > 0) setTimeout(endWhenFlushed, LINGER_MS).unref();
        else process.exit();
      };
      setTimeout(endWhenFlushed, LINGER_MS).unref();
    },
    // Commands report their own failures; this is a broken installation (dist/app.cjs missing, say).
    (error: unknown) => {
      process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
