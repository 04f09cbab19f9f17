import { describe, expect, it } from 'vitest';
import { decoded, rawGet, rawRequest } from './fixtures/raw-http.js';
import { useServer } from './fixtures/service.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const PATHS = [
  '/route/ai/search?limit=2',
  '/route/get/results',
  '/route/cities-near?location=Lyon',
  '/route/paris-marseille-cache',
  '/nowhere',
  '/route/cities-near',
];

describe('the reference wire (both options off)', () => {
  const ctx = useServer();

  it('sends application/json bodies without a byte-order mark', async () => {
    for (const path of PATHS) {
      const answer = await rawGet(`${ctx.v1}${path}`);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.body.subarray(0, 3).equals(BOM)).toBe(false);
    }
  });
});

describe('bom', () => {
  const ctx = useServer({ bom: true, control: true });

  it('starts every JSON body with EF BB BF: answers, the streamed listing and errors', async () => {
    for (const path of PATHS) {
      const answer = await rawGet(`${ctx.v1}${path}`);
      expect(answer.body.subarray(0, 3)).toEqual(BOM);
      expect(() => JSON.parse(answer.body.subarray(3).toString())).not.toThrow();
    }
    const posted = await rawRequest(`${ctx.v1}/ask`, { method: 'POST', body: '{"question":"Paris to Lyon?"}' });
    expect(posted.body.subarray(0, 3)).toEqual(BOM);
    ctx.server.faults.failNext(1);
    const failed = await rawGet(`${ctx.v1}/route/ai/search`);
    expect(failed.status).toBe(500);
    expect(failed.body.subarray(0, 3)).toEqual(BOM);
  });

  it('counts the mark in Content-Length', async () => {
    const answer = await rawGet(`${ctx.v1}/route/ai/search?limit=2`);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  });

  it('leaves the control endpoints alone', async () => {
    const stats = await rawGet(`${ctx.server.url}/__control/stats`);
    expect(stats.body[0]).toBe('{'.charCodeAt(0));
  });
});

describe('bom with compression', () => {
  const ctx = useServer({ bom: true, compress: 'gzip' });

  it('compresses the marked body', async () => {
    for (const path of ['/route/ai/search?limit=2', '/route/get/results']) {
      const answer = await rawGet(`${ctx.v1}${path}`, 'gzip');
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(decoded(answer).subarray(0, 3)).toEqual(BOM);
    }
  });
});

describe('textPlain', () => {
  const ctx = useServer({ textPlain: true });

  it('labels every JSON body text/plain; charset=utf-8, the body unchanged', async () => {
    for (const path of PATHS) {
      const answer = await rawGet(`${ctx.v1}${path}`);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(() => JSON.parse(answer.body.toString())).not.toThrow();
    }
  });

  it('keeps the HTML page of malformedNext as HTML', async () => {
    ctx.server.faults.malformedNext(1);
    expect((await rawGet(`${ctx.v1}/route/ai/search`)).headers['content-type']).toMatch(/^text\/html/);
  });
});
