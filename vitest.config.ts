import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Timeouts only catch a test that hangs; they are not speed checks (speed belongs to `npm run bench`). On a
    // 2-core machine with both cores held by other processes, a CPU-bound property test ran 41 s and six CLI runs
    // in one test 30 s, where each takes a few seconds on a quiet machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on child processes, pseudo-terminals and local servers rather than compute, so files run
    // side by side even on 2 cores, where vitest would run one at a time (availableParallelism() - 1): there the
    // suite took 525 s one file at a time and 135 s three at a time.
    maxWorkers: Math.max(3, availableParallelism()),
    // Temporary files of the run live in one directory, removed at the end (test/helpers/temp-root.ts).
    globalSetup: ['test/helpers/temp-root.ts'],
  },
});
