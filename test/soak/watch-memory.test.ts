import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { answer, useHostileServer } from '../helpers/hostile-server.js';

// A watch over many rounds where every trip goes and a new one comes each round: what it remembers
// must stay bounded, so it runs in a small heap (the old space capped) to its --until end.
const TRIPS_PER_ROUND = 5_000;
let round = 0;
const churning = useHostileServer({
  '/route/ai/search': (socket, request) => {
    round += 1;
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
  it('keeps its memory bounded: 5,000 trips go every round and it still runs in a 40 MB old space', {
    timeout: 60_000,
  }, async () => {
    const result = await runCli(
      [
        '--base-url',
        churning.base,
        'watch',
        'Paris',
        'Marseille',
        '--every',
        '30ms',
        '--until',
        '12s',
        '--format',
        'tsv',
        '--fields',
        'type',
      ],
      { env: { NODE_OPTIONS: '--max-old-space-size=40', MOTOROUTE_RATE: '6000' }, timeoutMs: 40_000 },
    );
    expect(result.stderr).not.toMatch(/heap out of memory/);
    expect(result.code).toBe(0);
    const gone = result.stdout.split('\n').filter((line) => line === 'gone').length;
    // Well past the 10,000 trips remembered: without the bound these would not fit in the heap.
    expect(gone).toBeGreaterThan(100_000);
  });
});
