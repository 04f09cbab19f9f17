import { defineCommand } from './define.js';
import { filterOptions, parseFilters } from './shared/filters.js';
import { printJobResult } from './shared/job-output.js';
import { waitForJob } from './shared/run-job.js';
import { selectTrips } from '../domain/trip-filter.js';
import { UsageError } from '../errors.js';
import { JOB_WORDS } from './job-words.js';

const create = defineCommand({
  name: 'create',
  summary: 'start a search job and print its id and poll URL (never retried once sent)',
  args: ['[from]', '[to]'],
  options: filterOptions('from', 'to', 'date', 'after', 'before'),
  async run({ args, options }, ctx) {
    const { query } = parseFilters(args, options, ctx.lang);
    const [client, settings] = await Promise.all([ctx.client(), ctx.output()]);
    const job = await client.createJob(query);
    if (settings.format === 'json' || settings.format === 'ndjson') {
      const { printJson } = await import('../output/writer.js');
      await printJson(job, settings, ctx.stdout);
      return;
    }
    const { sanitiseText } = await import('../output/sanitise.js');
    if (settings.stdoutIsTTY) {
      ctx.stdout.write(
        `Job ${sanitiseText(job.job_id)} is ${sanitiseText(job.status)}.\nPoll URL: ${sanitiseText(job.poll_url ?? '')}\nWait for it: ${sanitiseText(ctx.commandLine('job', 'wait', job.job_id))}\n`,
      );
    } else {
      ctx.stdout.write(
        `${sanitiseText(job.job_id)}\t${sanitiseText(job.status)}\t${sanitiseText(job.poll_url ?? '')}\n`,
      );
    }
  },
});

const get = defineCommand({
  name: 'get',
  summary: 'print the status of a job, and its result once completed',
  args: ['<id>'],
  async run({ args }, ctx) {
    const id = jobId(args[0], ctx.lang);
    const [client, settings] = await Promise.all([ctx.client(), ctx.output()]);
    const job = await client.getJob(id);
    if (settings.format === 'json' || settings.format === 'ndjson') {
      const { printJson } = await import('../output/writer.js');
      await printJson(job, settings, ctx.stdout);
      return;
    }
    const { sanitiseText } = await import('../output/sanitise.js');
    const reason = job.error ? ` (${sanitiseText(job.error)})` : '';
    if (job.status === 'completed') {
      ctx.note(`Job ${sanitiseText(id)}: completed`);
      await printJobResult(ctx, id, client.jobResult(job));
      return;
    }
    // No trips yet: the status itself is the answer, on stdout where a script reads it.
    ctx.stdout.write(
      settings.stdoutIsTTY
        ? `Job ${sanitiseText(id)} is ${job.status}${reason}.\n`
        : `${sanitiseText(id)}\t${job.status}\n`,
    );
    if (job.status === 'failed') return 1;
  },
});

const wait = defineCommand({
  name: 'wait',
  summary: 'wait for a job (polling with backoff) and print its result as search would',
  args: ['<id>'],
  options: filterOptions('minSlots', 'maxPrice', 'via', 'sort'),
  details:
    'The global --timeout SECONDS bounds the whole wait here (default 600); when it runs out the exit code is 3.',
  async run({ args, options }, ctx) {
    const id = jobId(args[0], ctx.lang);
    const { filter, sort } = parseFilters([], options, ctx.lang);
    const result = await waitForJob(ctx, id);
    await printJobResult(ctx, id, result, { select: (trips) => selectTrips(trips, filter, sort) });
  },
});

/** `motoroute job`: asynchronous search jobs. */
export const jobCommand = defineCommand({
  name: 'job',
  summary: 'asynchronous search jobs (POST /route/ai/jobs, GET /route/ai/jobs/{id})',
  subcommands: [create, get, wait],
  examples: [
    'motoroute job create Paris Marseille --after today',
    'motoroute job wait 7f3c…',
    'motoroute search Paris Lyon --async',
  ],
});

function jobId(value: string | undefined, lang: 'en' | 'fr'): string {
  const id = (value ?? '').trim();
  if (!id || /[\s/?#\u0000-\u001f]/.test(id)) throw new UsageError(JOB_WORDS[lang].notAnId(value ?? ''));
  return id;
}
