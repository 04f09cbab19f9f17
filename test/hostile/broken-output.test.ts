import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, childEnv, runCli } from '../helpers/cli.js';
import { answer, head, useHostileServer } from '../helpers/hostile-server.js';

// When the answer breaks mid-stream, what was printed stays well formed and the exit code says it is
// incomplete: a JSON array is closed, NDJSON, CSV and TSV lines are whole. A stdout that cannot be written
// (a full disk) is one line on stderr and exit 1.

const record = (id: number) => ({
  id: String(id),
  depart: 'Paris',
  arrival: 'Lyon',
  date: '2026-12-05',
  prix: 100 + id,
  places_disponibles: 2,
});
const trip = (id: number) => ({
  id: String(id),
  date: '2026-12-05',
  depart: 'Paris',
  arrival: 'Lyon',
  layovers: [],
  price_min: 99,
  price_max: 99,
  slots: [2],
  times: ['08:00', '12:00'],
});

const hostile = useHostileServer({
  // Two records, a pause so that they are printed, then the connection ends inside the third.
  '/route/get/results': async (socket) => {
    socket.write(head(200, { 'content-type': 'application/json', connection: 'close' }));
    socket.write(`[${JSON.stringify(record(1))},${JSON.stringify(record(2))},`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.end('{"id":"3","depart":"Par');
  },
  // Page 1 of 3, then the service fails for good.
  '/route/ai/search': (socket, request) => {
    const page = Number(request.query.get('page') ?? 1);
    if (page === 1)
      return answer(
        200,
        JSON.stringify({ routes: [trip(1), trip(2)], total: 6, page: 1, limit: 2, total_pages: 3, has_next: true }),
      )(socket, request);
    return answer(500, '{"error":"down"}')(socket, request);
  },
});

describe('a failure mid-stream leaves well-formed output', () => {
  it('list --json: the array is closed around what arrived, and the exit code is not 0', async () => {
    const result = await runCli(['--base-url', hostile.base, 'list', '--json']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/^Error: .*\n$/);
    expect(JSON.parse(result.stdout)).toMatchObject([{ id: '1' }, { id: '2' }]);
  });

  it('list --raw --json: the same with records as sent', async () => {
    const result = await runCli(['--base-url', hostile.base, 'list', '--raw', '--json']);
    expect(result.code).not.toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([record(1), record(2)]);
  });

  it.each([
    ['ndjson', (line: string) => JSON.parse(line)],
    ['csv', (line: string) => line.split(',')],
    ['tsv', (line: string) => line.split('\t')],
  ])('list --format %s: every line whole', async (format, parse) => {
    const result = await runCli(['--base-url', hostile.base, 'list', '--format', format]);
    expect(result.code).not.toBe(0);
    expect(result.stdout.endsWith('\n')).toBe(true);
    const lines = result.stdout.slice(0, -1).split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(() => parse(line)).not.toThrow();
    expect(result.stdout).toContain('Paris');
  });

  it('search --all --json: page 1 printed, page 2 failed: the array is closed, exit 1', async () => {
    const result = await runCli([
      '--base-url',
      hostile.base,
      'search',
      'Paris',
      'Lyon',
      '--all',
      '--json',
      '--concurrency',
      '1',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: The service answered 500 .*"down"\n$/);
    expect(JSON.parse(result.stdout)).toMatchObject([{ id: '1' }, { id: '2' }]);
  });

  it('a failure before any row prints no array at all (not an empty answer)', async () => {
    const result = await runCli(['--base-url', hostile.base, 'search', 'Paris', 'Lyon', '--page', '2', '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
  });
});

describe('a stdout that cannot be written', () => {
  it('a full disk (/dev/full): one line on stderr, exit 1, no stack trace', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [CLI, '--base-url', hostile.base, 'list', '--json'], {
        env: childEnv({ MOTOROUTE_RETRY_BASE_MS: '20' }),
        stdio: ['ignore', full, 'pipe'],
      });
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toBe(
        'Error: cannot write the output to stdout: no space is left on the device (ENOSPC); what was printed before is incomplete.\n',
      );
    } finally {
      closeSync(full);
    }
  });

  // --version and --help write to stdout's file descriptor directly (src/cli/process.ts): the same rules hold.
  it.each([['--version'], ['--help'], ['search', '--help']])(
    'a full disk (/dev/full) under %s: one line on stderr, exit 1',
    async (...args) => {
      const full = openSync('/dev/full', 'w');
      try {
        const child = spawn(process.execPath, [CLI, ...args], { env: childEnv(), stdio: ['ignore', full, 'pipe'] });
        let stderr = '';
        child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
        expect(code).toBe(1);
        expect(stderr).toBe(
          'Error: cannot write the output to stdout: no space is left on the device (ENOSPC); what was printed before is incomplete.\n',
        );
      } finally {
        closeSync(full);
      }
    },
  );

  it('a file past its size limit (ulimit -f, EFBIG): one line on stderr, exit 1', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'motoroute-efbig-'));
    try {
      const out = join(folder, 'out.json');
      // SIGXFSZ ignored (as it stays across exec), so the write fails with EFBIG instead of killing the process.
      const script = `trap '' XFSZ; ulimit -f 1; exec "$0" "$@" > '${out}'`;
      const child = spawn('sh', ['-c', script, process.execPath, CLI, '--sandbox', 'list', '--json'], {
        env: childEnv({ MOTOROUTE_RETRY_BASE_MS: '20' }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /^Sandbox: .*\nError: cannot write the output to stdout: the file has reached the largest size allowed \(EFBIG\); what was printed before is incomplete\.\n$/,
      );
      expect(statSync(out).size).toBeLessThanOrEqual(1024); // one block of the limit: what fitted, nothing more
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
