import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/cli.js';
import { answer, useHostileServer } from '../helpers/hostile-server.js';

// A watch over many rounds where every trip goes and a new one comes each round: what it remembers
// must stay bounded, so it runs in a small heap (the old space capped) until the service has answered ROUNDS
// rounds, however long a busy machine takes for them; then it is stopped as a user stops it (Ctrl-C).
const TRIPS_PER_ROUND = 5_000;
const ROUNDS = 25;
let round = 0;
let watcher: ChildProcess | undefined;
const churning = useHostileServer({
  '/route/ai/search': (socket, request) => {
    round += 1;
    if (round > ROUNDS) {
      watcher?.kill('SIGINT');
      return;
    }
    const routes = Array.from({ length: TRIPS_PER_ROUND }, (_, index) => ({
      id: String(round * TRIPS_PER_ROUND + index),
      depart: 'Paris',
      arrival: 'Marseille',
      date: '2027-06-01',
      prix: 299,
      places_disponibles: 2,
      note: 'x'.repeat(400),
    }));
    answer(200, JSON.stringify({ routes, total: TRIPS_PER_ROUND, page: 1, limit: TRIPS_PER_ROUND, has_next: false }))(
      socket,
      request,
    );
  },
});

describe('watch over many rounds', () => {
  it(`keeps its memory bounded: 5,000 trips go every round for ${ROUNDS} rounds in a 40 MB old space`, {
    timeout: 180_000,
  }, async () => {
    const args = ['--base-url', churning.base, 'watch', 'Paris', 'Marseille', '--every', '30ms'];
    const child = spawn(process.execPath, [CLI, ...args, '--format', 'tsv', '--fields', 'type'], {
      env: childEnv({ NODE_OPTIONS: '--max-old-space-size=40', MOTOROUTE_RATE: '6000' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    watcher = child;
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/heap out of memory/);
    // Stopped by Ctrl-C once the rounds were served: it was alive and answering to the end.
    expect(code, stderr.slice(-500)).toBe(130);
    const gone = stdout.split('\n').filter((line) => line === 'gone').length;
    // Well past the 10,000 trips remembered: without the bound these would not fit in the heap.
    expect(gone).toBeGreaterThanOrEqual((ROUNDS - 1) * TRIPS_PER_ROUND);
  });
});
