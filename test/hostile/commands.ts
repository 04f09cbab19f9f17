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

/** Wall-clock limit of one hostile case: the child is killed past it, and the case fails. */
export const CASE_LIMIT_MS = 15_000;

/**
 * Runs one command against a hostile base URL with short bounds (--timeout, --max-time, fast backoff) and a
 * capped heap, and checks that it failed as it should: exit 1 or 3, one line on stderr, no stack trace, in time.
 */
export async function expectCleanFailure(
  base: string,
  command: readonly string[],
  extra: readonly string[] = [],
  maxMs = 10_000,
): Promise<CliResult> {
  const started = Date.now();
  const result = await runCli(['--base-url', base, '--timeout', '0.5', '--max-time', '4', ...extra, ...command], {
    timeoutMs: CASE_LIMIT_MS,
    env: { MOTOROUTE_RETRY_BASE_MS: '10', NODE_OPTIONS: '--max-old-space-size=256' },
  });
  const elapsed = Date.now() - started;
  const lines = result.stderr
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '');
  const label = `${command.join(' ')} → exit ${result.code} ${result.signal ?? ''} in ${elapsed} ms:\n${result.stderr.slice(0, 2000)}`;
  expect(result.signal, label).toBeNull();
  expect([1, 3], label).toContain(result.code);
  expect(elapsed, label).toBeLessThan(maxMs);
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
