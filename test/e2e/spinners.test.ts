import { describe, expect, it } from 'vitest';
import { runOnTerminal } from '../helpers/terminal.js';
import { useService } from '../helpers/service.js';

// Every command with a spinner, on terminals that report 0 columns (docker exec -t, script, ssh -tt
// from a script) and 20 columns: it ends, exits 0 and prints a bounded amount; Ctrl-C ends it mid-request (the slow
// service answers in 30 s, after the driver kills a CLI that did not stop: no exit code 130 then).
// The cases run at once: each is a child process that mostly waits (on the service, a job, or the signal).

const service = useService({ routes: 400, jobDelayMs: 800 });
type Service = ReturnType<typeof useService>;
/** A service that answers in 30 s (after the driver kills a CLI that did not stop), one per case run side by side. */
const slowService = (): Service => useService({ routes: 400, latencyMs: 30_000, jobDelayMs: 60_000 });
const SLOW = {
  calendar: slowService(),
  doctor: slowService(),
  batch: slowService(),
  jobWait: slowService(),
  searchAsync: slowService(),
};
// A job that stays pending, made in a moment.
const pending = useService({ routes: 50, jobDelayMs: 60_000 });

/** A job made on the service straight away (not through the CLI: one process fewer to start on a busy machine). */
async function jobId(base: string): Promise<string> {
  const response = await fetch(`${base}/route/ai/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"depart":"Paris"}',
  });
  return ((await response.json()) as { job_id: string }).job_id;
}

/**
 * Each command, and the service Ctrl-C finds it on at 0 and at 20 columns: mid-request on a slow one (whose delay
 * comes before any answer, so job wait needs no real job there), and for job wait also between polls of a job that
 * stays pending. Ctrl-C comes once the service has seen the command's request: the CLI is at work, however long a
 * busy machine took to start it.
 */
const COMMANDS: [string, (base: string) => Promise<string[]>, (columns: number) => Service][] = [
  ['calendar', async () => ['calendar', 'Paris', 'Marseille'], () => SLOW.calendar],
  ['doctor', async () => ['doctor'], () => SLOW.doctor],
  ['batch', async () => ['batch', '--query', 'Paris:Marseille', '--query', 'Lyon:Nice'], () => SLOW.batch],
  [
    'job wait',
    async (base) => ['job', 'wait', base === SLOW.jobWait.base ? 'job-1' : await jobId(base)],
    (columns) => (columns === 0 ? pending : SLOW.jobWait),
  ],
  ['search --async', async () => ['search', 'Paris', '--async'], () => SLOW.searchAsync],
];

describe.each([0, 20])('on a terminal %i columns wide', (columns) => {
  it.concurrent.each(COMMANDS)('%s ends, exits 0 and prints a bounded amount', async (_name, args) => {
    const result = await runOnTerminal(['--base-url', service.base, ...(await args(service.base))], { columns });
    expect(result.code, result.screen.slice(0, 500)).toBe(0);
    expect(result.screen.length).toBeLessThan(20_000);
  });
});

describe('Ctrl-C', () => {
  it.concurrent.each(COMMANDS)(
    '%s ends with exit 130, on 0 and on 20 columns',
    async (_name, args, interrupted) => {
      for (const columns of [0, 20]) {
        const target = interrupted(columns);
        const argv = ['--base-url', target.base, ...(await args(target.base))];
        const before = target.server.stats.requests();
        const result = await runOnTerminal(argv, {
          columns,
          interruptWhen: () => target.server.stats.requests() > before,
        });
        expect(result.code).toBe(130);
        expect(result.screen.length).toBeLessThan(20_000);
      }
      // Two runs of the CLI, each started on a terminal by its driver: a guard against a hang, not a speed.
    },
    90_000,
  );
});
