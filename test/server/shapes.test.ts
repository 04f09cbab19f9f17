import { describe, expect, it } from 'vitest';
import type { SearchJob, SearchPage } from '../../src/domain/types.js';
import { startServer, type AskShape, type JobResultShape } from '../../src/server/index.js';
import { fetchJson, postJson, useServer } from './fixtures/service.js';

/** Creates a job for Paris → Marseille (limit 5) and polls it once; the services here complete jobs at once. */
async function jobResult(base: string): Promise<unknown> {
  const created = (
    await fetchJson<SearchJob>(`${base}/route/ai/jobs`, postJson({ depart: 'Paris', arrival: 'Marseille', limit: 5 }))
  ).body;
  const polled = (await fetchJson<SearchJob>(created.poll_url!)).body;
  expect(polled.status).toBe('completed');
  return polled.result;
}

describe('jobResultShape', () => {
  const plain = useServer({ jobDelayMs: 0 });
  const servers = Object.fromEntries(
    (['routes-total', 'routes', 'results', 'array', 'other'] as const).map((shape) => [
      shape,
      useServer({ jobDelayMs: 0, jobResultShape: shape }),
    ]),
  ) as Record<Exclude<JobResultShape, 'page'>, ReturnType<typeof useServer>>;
  const page = async (): Promise<SearchPage> =>
    (await fetchJson<SearchPage>(`${plain.v1}/route/ai/search?depart=Paris&arrival=Marseille&limit=5`)).body;

  it("is the search page by default ('page')", async () => {
    expect(await jobResult(plain.v1)).toEqual(await page());
  });

  it('routes-total, routes, results and array hold the same routes the page would', async () => {
    const { routes, total } = await page();
    expect(routes).toHaveLength(5);
    expect(await jobResult(servers['routes-total'].v1)).toEqual({ routes, total });
    expect(await jobResult(servers.routes.v1)).toEqual({ routes });
    expect(await jobResult(servers.results.v1)).toEqual({ results: routes });
    expect(await jobResult(servers.array.v1)).toEqual(routes);
  });

  it('other is an unrelated object with no routes', async () => {
    const { total } = await page();
    expect(await jobResult(servers.other.v1)).toEqual({ summary: `${total} trips found`, stats: { count: total } });
  });
});

describe('askShape', () => {
  const shapes = ['text', 'message', 'response', 'json'] as const;
  const plain = useServer();
  const servers = Object.fromEntries(shapes.map((shape) => [shape, useServer({ askShape: shape })])) as Record<
    Exclude<AskShape, 'answer'>,
    ReturnType<typeof useServer>
  >;
  const ask = async (base: string, question = 'Paris to Marseille?') =>
    (await fetchJson<Record<string, unknown>>(`${base}/ask`, postJson({ question }))).body;

  it("answers {answer, routes} by default ('answer')", async () => {
    const body = await ask(plain.v1);
    expect(Object.keys(body)).toEqual(['answer', 'routes']);
    expect(body.answer).toMatch(/upcoming trips? from Paris to Marseille/);
  });

  it.each(['text', 'message', 'response'] as const)('%s names the text field', async (shape) => {
    const reference = await ask(plain.v1);
    expect(await ask(servers[shape].v1)).toEqual({ [shape]: reference.answer, routes: reference.routes });
  });

  it('json has no text field at all, only the search as data', async () => {
    const reference = await ask(plain.v1);
    const body = await ask(servers.json.v1);
    expect(body).toEqual({
      intent: 'search',
      depart: 'Paris',
      arrival: 'Marseille',
      total: expect.any(Number),
      routes: reference.routes,
    });
    expect(Object.values(body).some((value) => typeof value === 'string' && value.length > 20)).toBe(false);
    expect(await ask(servers.json.v1, 'Where can I go?')).toEqual({
      intent: 'unknown',
      depart: null,
      arrival: null,
      total: 0,
      routes: [],
    });
  });
});

describe('shape options are checked', () => {
  it('refuses unknown shapes with a RangeError naming the option', async () => {
    await expect(startServer({ jobResultShape: 'list' as JobResultShape })).rejects.toThrow(
      /jobResultShape must be page, routes-total/,
    );
    await expect(startServer({ askShape: 'reply' as AskShape })).rejects.toThrow(/askShape must be answer, text/);
  });
});
