import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { until } from '../helpers/timers.js';

// Ctrl-C at any point: exit 130 promptly, one line saying what happened, no stack trace, and on a
// terminal the cursor shown again after a spinner hid it. Promptly without a clock: each run is interrupted while
// it waits on something far longer (a job of 2 minutes, answers of 30 s, a listing of 200,000 routes), and one that
// does not stop is killed after 20 s, which no exit code of 130 survives.

const slowJobs = useService({ routes: 200, jobDelayMs: 120_000 });
const slowAnswers = useService({ routes: 200, latencyMs: 30_000 });
const bigListing = useService({ routes: 200_000, seed: 4 });

const CURSOR_HIDDEN = '\x1b[?25l';
const CURSOR_SHOWN = '\x1b[?25h';
const STACK_TRACE = /\n\s+at /;

interface Interrupted {
  code: number | null;
  output: string;
  stderr: string;
}

/** Runs the CLI with pipes and sends SIGINT once `ready` matches stdout/stderr (or, a function, once it holds). */
function interruptOnPipes(args: string[], ready: RegExp | (() => boolean)): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const env = childEnv();
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stderr = '';
    let signalled = false;
    const interrupt = () => {
      if (signalled) return;
      signalled = true;
      child.kill('SIGINT');
    };
    const watch = () => {
      if (ready instanceof RegExp && ready.test(output + stderr)) interrupt();
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
    let closed = false;
    if (typeof ready === 'function') void until(() => closed || ready()).then(interrupt);
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      closed = true;
      clearTimeout(killer);
      resolve({ code, output, stderr });
    });
  });
}

/**
 * Runs the CLI on a terminal (stdin included) and sends SIGINT after `afterSeconds`, or once `shown` is on screen:
 * a test that needs something drawn first waits for it, as long as a busy machine takes to draw it.
 */
function interruptOnTerminal(args: string[], when: (() => boolean) | { shown: string }) {
  return runOnTerminal(args, {
    ...(typeof when === 'function' ? { interruptWhen: when } : { interruptOnceShown: { text: when.shown, times: 1 } }),
    stdinOnTerminal: true,
  });
}

/** A condition that holds once `server` has seen one more request (to `path`) than now: the CLI is at work. */
function requestedAgain(server: { stats: { requests(path?: string): number } }, path?: string): () => boolean {
  const before = server.stats.requests(path);
  return () => server.stats.requests(path) > before;
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
  it('during job wait on a terminal: exit 130, says how to resume, spinner gone and cursor shown', async () => {
    const id = await createSlowJob();
    const result = await interruptOnTerminal(['--base-url', slowJobs.base, 'job', 'wait', id], {
      shown: CURSOR_HIDDEN,
    });
    expect(result.code).toBe(130);
    expect(result.screen).toContain(CURSOR_HIDDEN); // the spinner was really drawn
    expectCursorShown(result.screen);
    expect(result.screen).toContain(`motoroute --base-url ${slowJobs.base} job wait ${id}`);
    expect(result.screen).not.toMatch(/\n\s+at /);
  });

  it('during job wait on pipes: exit 130, one message on stderr, nothing on stdout', async () => {
    const id = await createSlowJob();
    const polled = requestedAgain(slowJobs.server, '/route/ai/jobs/{jobId}');
    const result = await interruptOnPipes(['--base-url', slowJobs.base, 'job', 'wait', id], polled);
    expect(result.code).toBe(130);
    expect(result.output).toBe('');
    expect(result.stderr).toContain(`Resume with: motoroute --base-url ${slowJobs.base} job wait ${id}`);
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });

  it('during list while the service is slow to answer: exit 130, progress cleared and cursor shown', async () => {
    const asked = requestedAgain(slowAnswers.server);
    const result = await interruptOnTerminal(['--base-url', slowAnswers.base, 'list'], asked);
    expect(result.code).toBe(130);
    expectCursorShown(result.screen);
    expect(result.screen).toMatch(/Interrupted/);
    expect(result.screen).not.toMatch(/\n\s+at /);
  });

  it('in the middle of a large streamed listing: exit 130, and every NDJSON line printed is whole', async () => {
    const result = await interruptOnPipes(['--base-url', bigListing.base, 'list', '--format', 'ndjson'], /\n/);
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/Interrupted/);
    expect(result.stderr).not.toMatch(STACK_TRACE);
    expect(result.output.endsWith('\n'), result.output.slice(-100)).toBe(true);
    const lines = result.output.slice(0, 100_000).split('\n').slice(0, -1);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('in the middle of a large listing drawn as a table on a terminal: cursor shown again', async () => {
    const result = await interruptOnTerminal(['--base-url', bigListing.base, 'list'], { shown: 'Listing: ' });
    expect(result.code).toBe(130);
    expectCursorShown(result.screen);
    expect(result.screen).not.toMatch(/\n\s+at /);
    // The progress line was drawn, then cleared before the message: nothing of it is left on screen.
    expect(result.screen).toContain('Listing: ');
    const afterLastClear = result.screen.slice(result.screen.lastIndexOf('\r\x1b[2K'));
    expect(afterLastClear).not.toContain('Listing: ');
    expect(afterLastClear).toMatch(/Interrupted/);
  });
});
