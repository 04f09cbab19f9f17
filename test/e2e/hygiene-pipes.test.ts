import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

// `motoroute … | head -1`: the reader leaving early is not an error. The CLI ends at once, with
// status 0 and nothing on stderr (no EPIPE message, no stack trace).

const service = useService({ routes: 20_000, seed: 6 });

/** Runs `motoroute ARGS | head -1` in bash and returns the CLI's own exit status, its stderr and head's output. */
function pipeIntoHead(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash line, expanded by bash
    const script = '"$0" "$@" | head -1; exit "${PIPESTATUS[0]}"';
    const env = childEnv();
    const child = spawn('bash', ['-c', script, process.execPath, CLI, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('| head -1', () => {
  it.each([
    ['search --all', ['search', '--all', '--limit', '100']],
    ['list', ['list']],
    ['list as ndjson', ['list', '--format', 'ndjson']],
    ['search --all as csv', ['search', '--all', '--limit', '100', '--format', 'csv']],
  ])('%s ends quietly with status 0 after the first line', async (_name, args) => {
    const result = await pipeIntoHead(['--base-url', service.base, ...args]);
    // Only the estimate a long --all gives before it starts; nothing about the closed pipe.
    expect(
      result.stderr.replace(
        /^\d+ requests ≈ \d+ min at 60 a minute; `motoroute list` reads everything in one request\.\n/,
        '',
      ),
    ).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toHaveLength(2);
    expect(result.stdout.trim()).not.toBe('');
  });

  it('stops reading pages once the reader is gone, instead of fetching all of them', async () => {
    service.server.stats.reset();
    const result = await pipeIntoHead([
      '--base-url',
      service.base,
      'search',
      '--all',
      '--limit',
      '10',
      '--format',
      'ndjson',
    ]);
    expect(result.code).toBe(0);
    const pages = service.server.stats.requests('/route/ai/search');
    const total = (await (await fetch(`${service.base}/route/ai/search?limit=10`)).json()) as { total_pages: number };
    expect(pages).toBeLessThan(total.total_pages);
  });
});
