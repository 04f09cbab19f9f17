import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, childEnv, runCli } from '../helpers/cli.js';
import { until } from '../helpers/timers.js';

// The CLI's own runs leave nothing in the temp folder: each command below runs with a TMPDIR of its
// own that must still be empty afterwards.

const made: string[] = [];
const folder = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), prefix));
  made.push(path);
  return path;
};
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

describe('the CLI leaves nothing in the temp folder', () => {
  it('search --sandbox: the in-process local service is gone with the run', async () => {
    const tmp = folder('motoroute-cli-tmp-');
    const result = await runCli(['search', 'Paris', 'Marseille', '--sandbox', '--limit', '2', '--json'], {
      env: { TMPDIR: tmp },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(2);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('watch --sandbox until its end', async () => {
    const tmp = folder('motoroute-cli-tmp-');
    const result = await runCli(
      ['watch', 'Paris', 'Marseille', '--sandbox', '--every', '1s', '--until', '1500ms', '--format', 'ndjson'],
      { env: { TMPDIR: tmp } },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/Watching|baseline/i);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('serve, stopped with Ctrl-C', async () => {
    const tmp = folder('motoroute-cli-tmp-');
    const child = spawn(process.execPath, [CLI, 'serve', '--routes', '20'], {
      env: childEnv({ TMPDIR: tmp }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (text: string) => resolve(text.trim()));
      child.on('error', reject);
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGINT');
    expect(await exit).toBe(130);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('book --open, through the system opener', async () => {
    const tmp = folder('motoroute-cli-tmp-');
    const bin = folder('motoroute-fake-opener-');
    const opened = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const args = [
      'book',
      '--sandbox',
      '--from',
      'Paris',
      '--to',
      'Marseille',
      '--date',
      '+10d',
      '--formula',
      'rider',
      '--name',
      'Jeanne',
      '--open',
    ];
    const result = await runCli(args, {
      env: { TMPDIR: tmp, PATH: `${bin}:${process.env.PATH ?? ''}`, DISPLAY: ':0' },
    });
    expect(result.code).toBe(0);
    // The opener runs detached, after the CLI has exited: as late as a busy machine starts it.
    await until(() => existsSync(opened));
    expect(readFileSync(opened, 'utf8')).toMatch(/^mailto:/);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
