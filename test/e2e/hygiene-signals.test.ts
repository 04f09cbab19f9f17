import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';

// Ctrl-C at any point: exit 130 promptly, one line saying what happened, no stack trace, and on a
// terminal the cursor shown again after a spinner hid it.

const slowJobs = useService({ routes: 200, jobDelayMs: 120_000 });
const slowAnswers = useService({ routes: 200, latencyMs: 30_000 });
const bigListing = useService({ routes: 200_000, seed: 4 });

const CURSOR_HIDDEN = '\x1b[?25l';
const CURSOR_SHOWN = '\x1b[?25h';
const STACK_TRACE = /\n\s+at /;

interface Interrupted {
  code: number | null;
  /** Milliseconds from SIGINT to the process ending. */
  msAfterSignal: number;
  output: string;
  stderr: string;
}

/** Runs the CLI with pipes, sends SIGINT once `ready` matches stdout/stderr (or after `afterMs`), and times the exit. */
function interruptOnPipes(args: string[], ready: RegExp | number): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const env = childEnv();
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stderr = '';
    let signalledAt = 0;
    const interrupt = () => {
      if (signalledAt) return;
      signalledAt = performance.now();
      child.kill('SIGINT');
    };
    const watch = () => {
      if (typeof ready !== 'number' && ready.test(output + stderr)) interrupt();
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      // Keep the start and the very end: enough to check lines without holding a whole listing.
      output = output.length < 100_000 ? output + chunk : output.slice(0, 100_000) + chunk.slice(-200);
      watch();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      watch();
    });
    if (typeof ready === 'number') setTimeout(interrupt, ready);
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, msAfterSignal: signalledAt ? performance.now() - signalledAt : -1, output, stderr });
    });
  });
}

/** Runs the CLI on a terminal (stdin included) and sends SIGINT after `afterSeconds`. */
function interruptOnTerminal(args: string[], afterSeconds: number) {
  return runOnTerminal(args, { interruptAfterSeconds: afterSeconds, stdinOnTerminal: true });
}

/** The terminal is usable again: if a spinner hid the cursor, the last cursor change shows it. */
function expectCursorShown(screen: string): void {
  const hidden = screen.lastIndexOf(CURSOR_HIDDEN);
  if (hidden >= 0) expect(screen.lastIndexOf(CURSOR_SHOWN)).toBeGreaterThan(hidden);
}

async function createSlowJob(): Promise<string> {
  const response = await fetch(`${slowJobs.base}/route/ai/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"depart":"Paris"}',
  });
  return ((await response.json()) as { job_id: string }).job_id;
}

describe('Ctrl-C', () => {
  it('during job wait on a terminal: exit 130 within 2 s, says how to resume, spinner gone and cursor shown', async () => {
    const id = await createSlowJob();
    const result = await interruptOnTerminal(['--base-url', slowJobs.base, 'job', 'wait', id], 1.5);
    expect(result.code).toBe(130);
    expect(result.ms).toBeLessThan(2000);
    expect(result.screen).toContain(CURSOR_HIDDEN); // the spinner was really drawn
    expectCursorShown(result.screen);
    expect(result.screen).toContain(`motoroute --base-url ${slowJobs.base} job wait ${id}`);
    expect(result.screen).not.toMatch(/\n\s+at /);
  });

  it('during job wait on pipes: exit 130 within 2 s, one message on stderr, nothing on stdout', async () => {
    const id = await createSlowJob();
    const result = await interruptOnPipes(['--base-url', slowJobs.base, 'job', 'wait', id], 800);
    expect(result.code).toBe(130);
    expect(result.msAfterSignal).toBeLessThan(2000);
    expect(result.output).toBe('');
    expect(result.stderr).toContain(`Resume with: motoroute --base-url ${slowJobs.base} job wait ${id}`);
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });

  it('during list while the service is slow to answer: exit 130 within 2 s, progress cleared and cursor shown', async () => {
    const result = await interruptOnTerminal(['--base-url', slowAnswers.base, 'list'], 1);
    expect(result.code).toBe(130);
    expect(result.ms).toBeLessThan(2000);
    expectCursorShown(result.screen);
    expect(result.screen).toMatch(/Interrupted/);
    expect(result.screen).not.toMatch(/\n\s+at /);
  });

  it('in the middle of a large streamed listing: exit 130 within 2 s, and every NDJSON line printed is whole', async () => {
    const result = await interruptOnPipes(['--base-url', bigListing.base, 'list', '--format', 'ndjson'], /\n/);
    expect(result.code).toBe(130);
    expect(result.msAfterSignal).toBeLessThan(2000);
    expect(result.stderr).toMatch(/Interrupted/);
    expect(result.stderr).not.toMatch(STACK_TRACE);
    expect(result.output.endsWith('\n'), result.output.slice(-100)).toBe(true);
    const lines = result.output.slice(0, 100_000).split('\n').slice(0, -1);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('in the middle of a large listing drawn as a table on a terminal: cursor shown again', async () => {
    const result = await interruptOnTerminal(['--base-url', bigListing.base, 'list'], 0.8);
    expect(result.code).toBe(130);
    expect(result.ms).toBeLessThan(2000);
    expectCursorShown(result.screen);
    expect(result.screen).not.toMatch(/\n\s+at /);
    // The progress line was drawn, then cleared before the message: nothing of it is left on screen.
    expect(result.screen).toContain('Listing: ');
    const afterLastClear = result.screen.slice(result.screen.lastIndexOf('\r\x1b[2K'));
    expect(afterLastClear).not.toContain('Listing: ');
    expect(afterLastClear).toMatch(/Interrupted/);
  });
});
