import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/cli.js';
import { answer, useHostileServer } from '../helpers/hostile-server.js';

const TRIPS = 100_000;
const trip = (index: number) => ({
  id: String(100_000 + index),
  depart: 'Paris',
  arrival: 'Marseille',
  date: '2027-06-01',
  prix: 299,
  places_disponibles: 2,
});
const longName = 'Saint-'.repeat(17_000);
const service = useHostileServer({
  '/ask': answer(
    200,
    JSON.stringify({ answer: 'Here they are.', routes: Array.from({ length: TRIPS }, (_, index) => trip(index)) }),
  ),
  '/route/ai/search': answer(
    200,
    JSON.stringify({ routes: [{ ...trip(0), depart: longName }], total: 1, page: 1, limit: 20 }),
  ),
});

/**
 * A pipeline's guard: a CLI formatting 100,000 trips takes seconds on a quiet machine and several times that while
 * both cores are busy; one that stalls never ends. Each test's timeout leaves room for its runs and their guards.
 */
const PIPELINE_LIMIT_MS = 120_000;
/** The timeout of a test of `runs` pipelines: past their guards, so that a killed pipeline's failure comes first. */
const testLimit = (runs: number) => runs * PIPELINE_LIMIT_MS + 30_000;

/**
 * Runs a bash pipeline (pipefail) with the CLI as $CLI; the hostile server answers meanwhile, in this process. A
 * pipeline that stalls is killed at 30 s: no exit status then. How fast it goes is `npm run bench`'s to say.
 */
function shell(command: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { env: childEnv({ CLI, COLUMNS: '120' }) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), PIPELINE_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

describe('pipes and large tables', () => {
  it(
    '2>&1 | head: a closed pipe on stderr ends quietly with exit 0, every time',
    async () => {
      for (let run = 0; run < 5; run++) {
        const result = await shell(
          `node "$CLI" --base-url ${service.base} -v --format table ask 'Paris to Marseille?' 2>&1 | head -n 2`,
        );
        expect(result.status, result.stderr).toBe(0);
        expect(result.stderr).toBe('');
        expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(2);
      }
    },
    testLimit(5),
  );

  it(
    'stderr alone into a pipe already closed (2>&1 >/dev/null | true): exit 0, nothing printed',
    async () => {
      for (let run = 0; run < 3; run++) {
        const result = await shell(
          `node "$CLI" --base-url ${service.base} -v ask 'Paris to Marseille?' 2>&1 >/dev/null | true`,
        );
        expect(result.status, result.stderr).toBe(0);
        expect(result.stderr).toBe('');
      }
    },
    testLimit(3),
  );

  it(
    `ask's table of ${TRIPS.toLocaleString('en')} trips does not stall`,
    async () => {
      const result = await shell(
        `node "$CLI" --base-url ${service.base} --format table ask 'Paris to Marseille?' | wc -l`,
      );
      expect(result.status, result.stderr).toBe(0);
      expect(Number(result.stdout.trim())).toBeGreaterThan(TRIPS);
    },
    testLimit(1),
  );

  it(
    'a 100 KB city name in a table does not stall',
    async () => {
      const result = await shell(`node "$CLI" --base-url ${service.base} --format table search Paris Marseille`);
      expect(result.status, result.stderr).toBe(0);
      for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
    },
    testLimit(1),
  );
});
