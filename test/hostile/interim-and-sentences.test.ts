import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { answer, useHostileServer, type HostileCase } from '../helpers/hostile-server.js';

// An interim answer (100 Continue, 102, 103) before the final one is read past, as RFC 9110 asks of a client;
// and whatever breaks, the message is a sentence, never an exception's name or the engine's wording.

const PAGE = {
  routes: [
    {
      id: 'r1',
      date: '2026-12-05',
      depart: 'Paris',
      arrival: 'Lyon',
      layovers: [],
      price_min: 99,
      price_max: 99,
      slots: [2],
      times: ['08:00', '12:00'],
    },
  ],
  total: 1,
  page: 1,
  limit: 50,
  total_pages: 1,
  has_next: false,
};

/** Interim heads first (each may come in its own packet), then the final answer. */
const afterInterim =
  (interim: string[], final: HostileCase, split = false): HostileCase =>
  async (socket, request) => {
    for (const head of interim) {
      if (split) {
        socket.write(head.slice(0, 5));
        await new Promise((resolve) => setTimeout(resolve, 20));
        socket.write(head.slice(5));
      } else {
        socket.write(head);
      }
    }
    final(socket, request);
  };

const hostile = useHostileServer({
  '/route/ai/search': (socket, request) => {
    const mode = request.query.get('depart');
    // The trip leaves from the mode's name, so that the search's own matching keeps it.
    const final = answer(
      200,
      JSON.stringify({ ...PAGE, routes: PAGE.routes.map((trip) => ({ ...trip, depart: mode })) }),
    );
    if (mode === 'continue') return afterInterim(['HTTP/1.1 100 Continue\r\n\r\n'], final)(socket, request);
    if (mode === 'several')
      return afterInterim(
        [
          'HTTP/1.1 100 Continue\r\n\r\n',
          'HTTP/1.1 102 Processing\r\n\r\n',
          'HTTP/1.1 103 Early Hints\r\nLink: </x>; rel=preload\r\n\r\n',
        ],
        final,
      )(socket, request);
    if (mode === 'split') return afterInterim(['HTTP/1.1 100 Continue\r\n\r\n'], final, true)(socket, request);
    return answer(200, '{"routes": [Nope]}')(socket, request);
  },
  '/route/ai/batch': afterInterim(
    ['HTTP/1.1 100 Continue\r\n\r\n'],
    answer(200, JSON.stringify({ results: [{ index: 0, routes: PAGE.routes, total: 1 }] })),
  ),
  '/route/get/results': answer(200, '[{"id":"1","depart":"Paris","arrival":"Lyon","date":"2026-12-05"},Nope]'),
  '/route/cities-near': answer(200, '{"cities": Nope}'),
  '/route/paris-marseille-cache': answer(200, '{"ids": [1, 2'),
  '/ask': answer(200, 'Nope'),
});

/** An exception's name (`SyntaxError:`, `TypeError`), an undici code or V8's JSON wording. */
const NOT_A_SENTENCE = /\b[A-Z][A-Za-z]*Error\b|UND_ERR|Unexpected token|is not valid JSON \(|at position \d+/;

describe('interim answers', () => {
  it.each([
    ['100 Continue', 'continue'],
    ['100, 102 and 103 in a row', 'several'],
    ['100 Continue cut across packets', 'split'],
  ])('%s before the 200 is read past', async (_name, mode) => {
    const result = await runCli(['--base-url', hostile.base, 'search', mode, 'Lyon', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject([{ id: 'r1', depart: mode }]);
  });

  it('100 Continue before the answer of a POST (batch)', async () => {
    const result = await runCli(['--base-url', hostile.base, 'batch', '--query', 'Paris:Lyon', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"r1"');
  });
});

describe('every message is a sentence', () => {
  it.each([
    ['search', ['search', 'Paris', 'Lyon']],
    ['list', ['list']],
    ['near', ['near', 'Lyon']],
    ['cache', ['cache']],
    ['ask', ['ask', 'hello']],
  ])('%s with a body that is not JSON', async (_name, args) => {
    const result = await runCli(['--base-url', hostile.base, ...args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: [A-Z].*\.\n$/);
    expect(result.stderr).not.toMatch(NOT_A_SENTENCE);
  });
});
