import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';
import { mapLimit } from '../helpers/map-limit.js';

// The built CLI against a service that fails 30% of requests, cuts 10% of connections mid-body and
// spoils 5% of bodies, compared with a fault-free twin holding the same data. A run may fail, but
// only loudly: exit 0 always means the complete, exact output.

const DATA = { routes: 400, seed: 11, today: '2026-03-10', jobDelayMs: 100 } as const;
const faulty = useService({ ...DATA, failRate: 0.3, cutRate: 0.1, malformedRate: 0.05, latencyMs: 50, faultSeed: 5 });
const clean = useService(DATA);

const RUNS_PER_COMMAND = 25;
const CONCURRENCY = 4;
const STACK_TRACE = /\n\s+at /;

const BATCH_QUERIES = [
  'Paris:Marseille',
  'Lyon:',
  ':Nice',
  'Marseille:Paris',
  'Lille:Lyon',
  'Bordeaux:',
  ':Toulouse',
  'Nantes:Paris',
  'Paris:Lyon',
  'Strasbourg:',
  'Rennes:',
  ':Montpellier',
].flatMap((spec) => ['--query', spec]);

interface Scenario {
  name: string;
  args: (jobId: string) => string[];
}
const SCENARIOS: Scenario[] = [
  { name: 'search --all', args: () => ['search', 'Paris', '--all', '--limit', '10'] },
  { name: 'list', args: () => ['list'] },
  { name: 'batch', args: () => ['batch', ...BATCH_QUERIES] },
  { name: 'job wait', args: (jobId) => ['job', 'wait', jobId] },
];

/** Creates a search job, retrying until the (possibly faulty) service answers with a job. */
async function createJob(base: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const response = await fetch(`${base}/route/ai/jobs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ depart: 'Paris' }),
      });
      const body = (await response.json()) as { job_id?: string };
      if (response.ok && body.job_id) return body.job_id;
    } catch {
      // a spoiled or cut answer: try again
    }
  }
  throw new Error(`could not create a job on ${base}`);
}

function run(base: string, args: string[]): Promise<CliResult> {
  // The CLI's clock on the services' day (MOTOROUTE_NOW), so that their trips are upcoming.
  return runCli(['--base-url', base, '--format', 'ndjson', ...args], {
    timeoutMs: 60_000,
    env: { MOTOROUTE_NOW: `${DATA.today}T06:00:00Z` },
  });
}

/** Every line of NDJSON output is whole: the text is empty or ends with a newline, and each line parses. */
function expectWholeLines(stdout: string): void {
  if (stdout === '') return;
  expect(stdout.endsWith('\n'), `output ends mid-line: …${stdout.slice(-80)}`).toBe(true);
  for (const line of stdout.slice(0, -1).split('\n')) expect(() => JSON.parse(line), line.slice(0, 120)).not.toThrow();
}

describe('fault soak: search --all, list, batch and job wait against a faulty service', () => {
  it('either prints the complete, exact output and exits 0, or says what failed and exits non-zero', async () => {
    const [cleanJob, faultyJob] = await Promise.all([createJob(clean.base), createJob(faulty.base)]);
    await new Promise((resolve) => setTimeout(resolve, DATA.jobDelayMs * 2));

    const references = new Map<string, string>();
    for (const scenario of SCENARIOS) {
      const reference = await run(clean.base, scenario.args(cleanJob));
      expect(reference.code, `${scenario.name}: ${reference.stderr}`).toBe(0);
      expect(reference.stdout.split('\n').length, scenario.name).toBeGreaterThan(5);
      references.set(scenario.name, reference.stdout);
    }

    const plan = SCENARIOS.flatMap((scenario) => Array.from({ length: RUNS_PER_COMMAND }, () => scenario));
    const outcomes = await mapLimit(plan, CONCURRENCY, async (scenario) => ({
      scenario,
      result: await run(faulty.base, scenario.args(faultyJob)),
    }));

    const counts: Record<string, Record<string, number>> = {};
    for (const { scenario, result } of outcomes) {
      const tally = (counts[scenario.name] ??= {});
      const key = result.code === 0 ? 'complete' : `exit ${result.code ?? result.signal}`;
      tally[key] = (tally[key] ?? 0) + 1;

      const label = `${scenario.name} → ${result.code}: ${result.stderr.slice(0, 400)}`;
      expect(result.signal, label).toBeNull();
      expect(STACK_TRACE.test(result.stderr), label).toBe(false);
      expectWholeLines(result.stdout);
      if (result.code === 0) {
        expect(result.stdout, `${scenario.name} exited 0 with other output than the fault-free run`).toBe(
          references.get(scenario.name),
        );
      } else {
        expect([1, 3], label).toContain(result.code);
        expect(result.stderr, label).toMatch(/^Error: \S.*$/m);
      }
    }
    console.log(`fault soak: ${outcomes.length} runs ${JSON.stringify(counts)}`);
    const messages = new Set(
      outcomes
        .filter(({ result }) => result.code !== 0)
        .map(({ result }) =>
          result.stderr
            .split('\n')
            .find((line) => line.startsWith('Error:'))
            ?.replace(/\d+/g, 'N'),
        ),
    );
    console.log(`fault soak errors:\n${[...messages].join('\n')}`);
    // The faults were real, and retries still brought most runs home.
    const failed = outcomes.filter(({ result }) => result.code !== 0).length;
    expect(failed).toBeGreaterThan(0);
    expect(outcomes.length - failed).toBeGreaterThan(outcomes.length / 4);
    expect(faulty.server.stats.requests()).toBeGreaterThan(outcomes.length);
  }, 150_000);
});
