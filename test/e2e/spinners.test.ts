import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runOnTerminal } from '../helpers/terminal.js';
import { useService } from '../helpers/service.js';

// Every command with a spinner, on terminals that report 0 columns (docker exec -t, script, ssh -tt
// from a script) and 20 columns: it ends, exits 0 and prints a bounded amount; Ctrl-C ends it within 2 s.

const service = useService({ routes: 400, jobDelayMs: 800 });
const slow = useService({ routes: 400, latencyMs: 4000, jobDelayMs: 60_000 });

async function jobId(base: string): Promise<string> {
  const created = await runCli(['--base-url', base, 'job', 'create', 'Paris', '--json']);
  return (JSON.parse(created.stdout) as { job_id: string }).job_id;
}

const COMMANDS: [string, (base: string) => Promise<string[]>][] = [
  ['calendar', async () => ['calendar', 'Paris', 'Marseille']],
  ['doctor', async () => ['doctor']],
  ['batch', async () => ['batch', '--query', 'Paris:Marseille', '--query', 'Lyon:Nice']],
  ['job wait', async (base) => ['job', 'wait', await jobId(base)]],
  ['search --async', async () => ['search', 'Paris', '--async']],
];

describe.each([0, 20])('on a terminal %i columns wide', (columns) => {
  it.each(COMMANDS)('%s ends, exits 0 and prints a bounded amount', async (_name, args) => {
    const result = await runOnTerminal(['--base-url', service.base, ...(await args(service.base))], { columns });
    expect(result.code, result.screen.slice(0, 500)).toBe(0);
    expect(result.screen.length).toBeLessThan(20_000);
  });
});

describe('Ctrl-C', () => {
  it.each(COMMANDS)('%s ends within 2 s with exit 130, on 0 and on 20 columns', async (_name, args) => {
    for (const columns of [0, 20]) {
      const result = await runOnTerminal(['--base-url', slow.base, ...(await args(slow.base))], { columns, interruptAfterSeconds: 0.8 });
      expect(result.code).toBe(130);
      expect(result.ms).toBeLessThan(2000);
      expect(result.screen.length).toBeLessThan(20_000);
    }
  });
});
