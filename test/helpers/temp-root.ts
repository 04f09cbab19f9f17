import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Vitest global setup: every temporary file of a run (the tests' own, and those of the CLI and shells
// they start) goes under one directory of the run, removed at the end; and the run fails if anything
// new appeared in the system's temp folder itself, so `npm test` leaves it as it found it.

const MARK = 'motoroute';

function ours(folder: string): Set<string> {
  return new Set(readdirSync(folder).filter((name) => name.startsWith(MARK)));
}

/** Points TMPDIR at a directory of this run (children inherit it); returns the teardown. */
export default function setup(): () => void {
  const system = tmpdir();
  const before = ours(system);
  const root = mkdtempSync(join(system, `${MARK}-test-run-`));
  process.env.TMPDIR = root;
  return () => {
    process.env.TMPDIR = system;
    rmSync(root, { recursive: true, force: true });
    const left = [...ours(system)].filter((name) => !before.has(name));
    if (left.length === 0) return;
    // Vitest only logs an error thrown here: the exit code is what fails the run.
    process.exitCode = 1;
    throw new Error(`the test run left ${left.length} entries in ${system}: ${left.slice(0, 5).join(', ')}`);
  };
}
