import type { Context } from '../../cli/context.js';
import { abortableSleep } from '../../client/abortable-sleep.js';
import type { JobResult } from '../../client/client.js';
import type { SearchJob, SearchQuery } from '../../domain/types.js';
import { ApiError, InterruptedError, TimeoutError } from '../../errors.js';

const FIRST_POLL_MS = 1000;
const LONGEST_POLL_MS = 10_000;
const DEFAULT_WAIT_SECONDS = 600;

/** Creates a search job and waits for its result (`search --async`). */
export async function runSearchJob(ctx: Context, query: SearchQuery): Promise<{ jobId: string; result: JobResult }> {
  const client = await ctx.client();
  const job = await client.createJob(query);
  ctx.note(`Job ${job.job_id} created; waiting for it (resume with: ${ctx.commandLine('job', 'wait', job.job_id)}).`);
  return { jobId: job.job_id, result: await waitForJob(ctx, job.job_id) };
}

/**
 * Polls a job with growing intervals (1 s up to 10 s) until it completes, within --timeout seconds
 * (default 10 minutes). Throws on failure, on timeout and on Ctrl-C, each saying how to resume.
 */
export async function waitForJob(ctx: Context, jobId: string): Promise<JobResult> {
  const [client, settings, { createSpinner }, { sanitiseText }] = await Promise.all([
    ctx.client(),
    ctx.output(),
    import('../../output/progress.js'),
    import('../../output/sanitise.js'),
  ]);
  const timeoutSeconds = ctx.globals.timeout !== undefined ? Number(ctx.globals.timeout) : DEFAULT_WAIT_SECONDS;
  const deadline = Date.now() + timeoutSeconds * 1000;
  const resume = ctx.commandLine('job', 'wait', jobId);
  const spinner = createSpinner(settings, ctx.stderr, `Waiting for job ${sanitiseText(jobId)}…`);
  let interval = FIRST_POLL_MS;
  try {
    for (;;) {
      let job: SearchJob;
      const pastDeadline = () =>
        new TimeoutError(`Job ${jobId} is still pending after ${timeoutSeconds} s. Resume with: ${resume}`);
      try {
        // A poll (with its retries) ends at the deadline too, so --timeout 5 means 5 s, not 5 s and one more request.
        job = await client.getJob(jobId, { signal: AbortSignal.timeout(Math.max(deadline - Date.now(), 1)) });
      } catch (error) {
        if (ctx.signal.aborted) throw new InterruptedError(`Interrupted; the job goes on. Resume with: ${resume}`);
        if (Date.now() >= deadline) throw pastDeadline();
        throw error;
      }
      if (job.status === 'completed') {
        spinner.stop();
        return client.jobResult(job);
      }
      if (job.status === 'failed') {
        spinner.stop();
        const reason = job.error ? `: ${sanitiseText(job.error)}` : '';
        throw new ApiError(`Job ${sanitiseText(jobId)} failed${reason}.`, 200, client.jobUrl(jobId), job.error);
      }
      const wait = Math.min(interval, deadline - Date.now());
      if (wait <= 0) throw pastDeadline();
      await abortableSleep(wait, ctx.signal).catch(() => {
        throw new InterruptedError(`Interrupted; the job goes on. Resume with: ${resume}`);
      });
      interval = Math.min(Math.round(interval * 1.6), LONGEST_POLL_MS);
    }
  } finally {
    spinner.stop();
  }
}
