import type { ProcessIO } from './context.js';

// Exit codes of PRODUCT.md used here; src/errors.ts has them all (not imported: it would cost --version a file).
const OK = 0;
const INTERRUPTED = 130;
const FAILED = 1;

// Why stdout could not be written, in words, for the errors a full or limited disk gives.
const OUTPUT_ERRORS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space is left on the device',
  EFBIG: 'the file has reached the largest size allowed',
  EDQUOT: 'the disk quota is used up',
  EIO: 'the device reported an input/output error',
  EBADF: 'it is not open for writing',
};

/** The sentence for a write error on stdout: what was lost and why. */
export function outputErrorSentence(error: NodeJS.ErrnoException): string {
  const why = (error.code && OUTPUT_ERRORS[error.code]) ?? 'the system refused the write';
  return `cannot write the output to stdout: ${why}${error.code ? ` (${error.code})` : ''}; what was printed before is incomplete.`;
}

/**
 * Prints `text` as the whole run (--version, --help) and sets the exit code. It goes to stdout's file descriptor
 * directly: setting up Node's stdout stream and the signal handlers of a command would cost such a run ~6 ms of CPU,
 * a quarter of Node's own start-up. The same rules as a command's output: a reader gone (`| head`) is no error, any
 * other write error one line and exit 1.
 */
export function answerAsProcess(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  try {
    const { writeSync } = process.getBuiltinModule('node:fs');
    while (written < bytes.length) written += writeSync(1, bytes, written);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    // A non-blocking stdout that is full for now: the rest goes through Node's stream, which waits for room.
    if (code === 'EAGAIN') process.stdout.write(bytes.subarray(written));
    else if (code !== 'EPIPE') {
      process.stderr.write(`Error: ${outputErrorSentence(error as NodeJS.ErrnoException)}\n`);
      process.exitCode = FAILED;
    }
  }
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
  // Any other write error on stdout (a full disk, a file too large) means the output is lost: one line and exit 1,
  // never a stack trace; on stderr there is nowhere left to say it, so exit 1 alone.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(interrupted ? INTERRUPTED : OK);
    process.stderr.write(`Error: ${outputErrorSentence(error)}\n`);
    process.exit(interrupted ? INTERRUPTED : FAILED);
  });
  process.stderr.on('error', (error: NodeJS.ErrnoException) => {
    process.exit(interrupted ? INTERRUPTED : error.code === 'EPIPE' ? OK : FAILED);
  });

  // Anything thrown out of reach of the command ends the process in one line (--verbose users can rerun under
  // node --trace-uncaught for the stack).
  process.on('uncaughtException', (error) => {
    process.stderr.write(`Error: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(FAILED);
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
        if (process.stdout.writableLength > 0 || process.stderr.writableLength > 0)
          setTimeout(endWhenFlushed, LINGER_MS).unref();
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
