import { randomUUID } from 'node:crypto';
import type { JobStatus } from '../domain/types.js';
import type { Random } from './random.js';
import type { SearchParams } from './search-query.js';

/** A job as GET /route/ai/jobs/{id} shows it. */
export interface JobView {
  job_id: string;
  status: JobStatus;
  /** The search page, or another shape when the jobResultShape option says so. */
  result?: unknown;
  error?: string;
}

interface Job {
  id: string;
  params: SearchParams;
  createdAt: number;
  willFail: boolean;
  status: JobStatus;
  result?: unknown;
}

const MAX_JOBS = 10_000;

/**
 * Search jobs: pending until `delayMs` has passed since creation, then completed (the search is run
 * at that moment) or failed, decided at creation by `failRate`. Resolved lazily when polled.
 */
export class JobStore {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly delayMs: number,
    private readonly failRate: number,
    private readonly random: Random,
    private readonly run: (params: SearchParams) => unknown,
  ) {}

  /** Creates a pending job and returns its id. */
  create(params: SearchParams, now: number): string {
    if (this.jobs.size >= MAX_JOBS) this.jobs.delete(this.jobs.keys().next().value as string);
    const id = randomUUID();
    this.jobs.set(id, { id, params, createdAt: now, willFail: this.random.chance(this.failRate), status: 'pending' });
    return id;
  }

  /** The job's state at `now`, or undefined for an unknown id. */
  view(id: string, now: number): JobView | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (job.status === 'pending' && now - job.createdAt >= this.delayMs) {
      job.status = job.willFail ? 'failed' : 'completed';
      if (!job.willFail) job.result = this.run(job.params);
    }
    if (job.status === 'completed') return { job_id: id, status: 'completed', result: job.result };
    if (job.status === 'failed')
      return { job_id: id, status: 'failed', error: 'the search job failed on the service; create a new job' };
    return { job_id: id, status: 'pending' };
  }
}
