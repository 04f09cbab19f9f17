import { spawn } from 'node:child_process';

/** Where the program's own output goes (stderr: stdout carries only watch's data). */
export interface ExecStreams {
  stderr: { write(chunk: string | Buffer): boolean };
  signal?: AbortSignal;
  /** The program's environment (by default, this process's). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `argv` directly (no shell) with `input` on its stdin; its stdout and stderr are copied to
 * `streams.stderr`. Resolves with a problem to report (a non-zero exit, a failure to start), or
 * undefined when it exited 0. Ctrl-C (or the signal, at a deadline) stops the program too.
 */
export function runProgram(argv: readonly string[], input: string, streams: ExecStreams): Promise<string | undefined> {
  const [program, ...args] = argv;
  if (program === undefined) return Promise.resolve('no command to run');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (problem: string | undefined) => {
      if (settled) return;
      settled = true;
      streams.signal?.removeEventListener('abort', stop);
      resolve(problem);
    };
    const child = spawn(program, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
      ...(streams.env && { env: streams.env }),
    });
    const stop = () => child.kill('SIGTERM');
    streams.signal?.addEventListener('abort', stop, { once: true });
    child.stdout.on('data', (chunk: Buffer) => streams.stderr.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => streams.stderr.write(chunk));
    // A program that does not read its stdin closes it early: that is its choice, not a failure.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => finish(`cannot run ${program}: ${error.message}`));
    child.on('close', (code, signal) => {
      if (code === 0) finish(undefined);
      else finish(signal ? `${program} was stopped by ${signal}` : `${program} exited with status ${String(code)}`);
    });
    child.stdin.end(input);
  });
}
