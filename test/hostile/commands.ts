import { expect } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';

/** Every command that reads an answer from the service, with arguments that make it send its requests. */
export const READING_COMMANDS: readonly (readonly string[])[] = [
  ['search', 'Paris', 'Marseille'],
  ['search', 'Paris', 'Marseille', '--all'],
  ['list'],
  ['list', '--raw', '--json'],
  ['near', 'Grenoble'],
  ['batch', '--query', 'Paris:Marseille'],
  ['job', 'create', 'Paris', 'Marseille'],
  ['job', 'get', 'job-1'],
  ['cache'],
  ['ask', 'Paris to Lyon?'],
  ['api', '/route/ai/search'],
  ['calendar', 'Paris', 'Marseille'],
  ['show', '100042'],
  ['doctor'],
  ['watch', 'Paris', 'Marseille', '--once'],
  ['job', 'wait', 'job-1'],
];

/**
 * Guard of one hostile case: the child is killed past it (a signal, so the case fails), and the test's timeout.
 * Far above --max-time 4, so that only a command ignoring its bounds reaches it, not a slow start on a busy machine.
 */
export const CASE_LIMIT_MS = 15_000;
/** The test timeout of one hostile case: past CASE_LIMIT_MS, so that the kill and its clear failure come first. */
export const CASE_TIMEOUT_MS = CASE_LIMIT_MS + 15_000;

/**
 * Runs one command against a hostile base URL with short bounds (--timeout, --max-time, fast backoff) and a
 * capped heap, and checks that it failed as it should: exit 1 or 3 (not killed at CASE_LIMIT_MS), one line on
 * stderr, no stack trace.
 */
export async function expectCleanFailure(
  base: string,
  command: readonly string[],
  extra: readonly string[] = [],
): Promise<CliResult> {
  const result = await runCli(['--base-url', base, '--timeout', '0.5', '--max-time', '4', ...extra, ...command], {
    timeoutMs: CASE_LIMIT_MS,
    env: { MOTOROUTE_RETRY_BASE_MS: '10', NODE_OPTIONS: '--max-old-space-size=256' },
  });
  const lines = result.stderr
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '');
  const label = `${command.join(' ')} → exit ${result.code} ${result.signal ?? ''}:\n${result.stderr.slice(0, 2000)}`;
  expect(result.signal, label).toBeNull();
  expect([1, 3], label).toContain(result.code);
  expect(result.stderr, label).not.toMatch(/^\s+at |node:internal|\w+Error: /m);
  // doctor prints its checklist on stdout and, when nothing answered, one line on stderr and how to try the sandbox.
  if (command[0] === 'doctor') {
    expect(lines.length, label).toBeLessThanOrEqual(2);
    if (lines.length === 2) expect(lines[1], label).toMatch(/^To try motoroute offline, add --sandbox/);
  } else {
    expect(lines, label).toHaveLength(1);
    expect(lines[0], label).toMatch(/^Error: /);
  }
  return result;
}
