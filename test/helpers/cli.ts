import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXED_NOW } from './fixed-clock.js';

/** The built launcher: end-to-end tests run what users run. */
export const CLI = fileURLToPath(new URL('../../bin/motoroute.cjs', import.meta.url));

/** One compile-cache directory for the test run: children reuse each other's caches, as a user's runs do, and never touch ~/.cache. */
export const CODE_CACHE_DIR = mkdtempSync(join(tmpdir(), 'motoroute-test-cache-'));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  /** Kills the child (SIGKILL) past this many ms: the guard against a run that never ends (20 s by default). */
  timeoutMs?: number;
  /** Kills the child (SIGKILL) once its stdout or stderr matches: at a point of the run, however busy the machine. */
  killOnceShown?: RegExp;
}

/** A config directory of its own, so tests never read or write the user's settings. */
export function isolatedConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'motoroute-test-'));
}

const sharedConfigDir = isolatedConfigDir();
let childClock: Record<string, string> = { MOTOROUTE_NOW: FIXED_NOW };

/**
 * Sets the clock (MOTOROUTE_NOW) of every CLI child this test file starts, for a file whose data has other dates
 * than FIXED_DAY (./fixed-clock.ts). A run's own `env` still wins.
 */
export function fixChildClock(now: string): void {
  childClock = { MOTOROUTE_NOW: now };
}

/**
 * The environment of a CLI child process: of the developer's own, only PATH and HOME; a config
 * directory and a state directory (watch's alerts) of its own, and the run's compile cache; then `extra`.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    LANG: 'C.UTF-8',
    // The run's temp directory (test/helpers/temp-root.ts), so that what the CLI writes there goes with it.
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    MOTOROUTE_CACHE_DIR: CODE_CACHE_DIR,
    // Under faketime(1) (scripts/test-at-hours.sh), the children keep the suite's clock.
    ...fakeClock(),
    ...childClock,
    ...extra,
    MOTOROUTE_CONFIG_DIR: extra.MOTOROUTE_CONFIG_DIR ?? isolatedConfigDir(),
    XDG_STATE_HOME: extra.XDG_STATE_HOME ?? isolatedConfigDir(),
  };
}

function fakeClock(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => /^(LD_PRELOAD|FAKETIME\w*)$/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

/** Runs the built CLI as a child process, stdin closed or fed `input`, with a clean environment. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = childEnv({ MOTOROUTE_CONFIG_DIR: sharedConfigDir, MOTOROUTE_RETRY_BASE_MS: '20' });
    for (const [key, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const watch = () => {
      if (options.killOnceShown?.test(stdout) || options.killOnceShown?.test(stderr)) child.kill('SIGKILL');
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      watch();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      watch();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    // A child that exits before reading its stdin (a usage error) closes the pipe: that EPIPE is not the test's failure.
    child.stdin.on('error', () => undefined);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
