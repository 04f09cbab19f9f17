import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { useService } from '../helpers/service.js';

// Every command with a spinner, on terminals that report 0 columns (docker exec -t, script, ssh -tt
// from a script) and 20 columns: it ends, exits 0 and prints a bounded amount; Ctrl-C ends it within 2 s.
// The cases run at once: each is a child process that mostly waits (on the service, a job, or the signal).

const service = useService({ routes: 400, jobDelayMs: 800 });
const slow = useService({ routes: 400, latencyMs: 4000, jobDelayMs: 60_000 });
// A job that stays pending, made in a moment: on the slow service creating one takes 4 s.
const pending = useService({ routes: 50, jobDelayMs: 60_000 });

async function jobId(base: string): Promise<string> {
  const created = await runCli(['--base-url', base, 'job', 'create', 'Paris', '--json']);
  return (JSON.parse(created.stdout) as { job_id: string }).job_id;
}

/**
 * Each command, and the service Ctrl-C finds it on at 0 and at 20 columns: mid-request on the slow one, and for
 * job wait also between polls of a job that stays pending (made in a moment, where the slow service takes 4 s).
 */
const COMMANDS: [string, (base: string) => Promise<string[]>, (columns: number) => string][] = [
  ['calendar', async () => ['calendar', 'Paris', 'Marseille'], () => slow.base],
  ['doctor', async () => ['doctor'], () => slow.base],
  ['batch', async () => ['batch', '--query', 'Paris:Marseille', '--query', 'Lyon:Nice'], () => slow.base],
  [
    'job wait',
    async (base) => ['job', 'wait', await jobId(base)],
    (columns) => (columns === 0 ? pending.base : slow.base),
  ],
  ['search --async', async () => ['search', 'Paris', '--async'], () => slow.base],
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
    '%s ends within 2 s with exit 130, on 0 and on 20 columns',
    async (_name, args, interrupted) => {
      for (const columns of [0, 20]) {
        const base = interrupted(columns);
        const result = await runOnTerminal(['--base-url', base, ...(await args(base))], {
          columns,
          interruptAfterSeconds: 0.8,
        });
        expect(result.code).toBe(130);
        expect(result.ms).toBeLessThan(2000);
        expect(result.screen.length).toBeLessThan(20_000);
      }
    },
  );
});
