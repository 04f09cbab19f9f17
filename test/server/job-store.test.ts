import { describe, expect, it } from 'vitest';
import { JobStore } from '../../src/server/job-store.js';
import { createRandom } from '../../src/server/random.js';
import type { SearchParams } from '../../src/server/search-query.js';

const search = (depart: string): SearchParams => ({
  filter: { depart },
  page: undefined,
  limit: undefined,
  cursor: undefined,
});

// The job's delay read on an injected clock: the HTTP tests cannot time a delay on a busy machine.
describe('a search job’s delay', () => {
  const store = () => new JobStore(150, 0, createRandom(1), (params) => ({ ran: params }));

  it('is pending until its delay has passed, then completed with the search run at that moment', () => {
    const jobs = store();
    const id = jobs.create(search('Paris'), 1_000);
    expect(jobs.view(id, 1_000)?.status).toBe('pending');
    expect(jobs.view(id, 1_149)?.status).toBe('pending');
    expect(jobs.view(id, 1_150)).toEqual({ job_id: id, status: 'completed', result: { ran: search('Paris') } });
  });

  it('stays completed once completed', () => {
    const jobs = store();
    const id = jobs.create(search('Lyon'), 0);
    expect(jobs.view(id, 500)?.status).toBe('completed');
    expect(jobs.view(id, 0)?.status).toBe('completed');
  });

  it('knows no id it did not create', () => {
    expect(store().view('nope', 0)).toBeUndefined();
  });
});
