import { describe, expect, it } from 'vitest';
import { answer, endlessly, head, useHostileServer } from '../helpers/hostile-server.js';

// The hostile server itself: it answers what a case writes, and records every request.
const hostile = useHostileServer({
  '/route/ai/search': answer(200, '{"routes":[]}'),
  '/route/get/results': (socket) => {
    socket.write(head(200, { 'content-type': 'application/json', 'content-length': 1000 }));
    endlessly(socket, ' ', 5);
  },
});

describe('the hostile server', () => {
  it('answers by path, with or without /v1, and 404 for a path without a case', async () => {
    expect(await (await fetch(`${hostile.base}/route/ai/search?depart=Paris`)).json()).toEqual({ routes: [] });
    expect((await fetch(`${hostile.base}/nowhere`)).status).toBe(404);
    expect(hostile.requests).toEqual(['GET /v1/route/ai/search?depart=Paris', 'GET /v1/nowhere']);
  });

  it('can trickle a body that lies about its length', async () => {
    const controller = new AbortController();
    const response = await fetch(`${hostile.base}/route/get/results`, { signal: controller.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^ +$/);
    controller.abort();
  });
});
