import type { Handler } from '../context.js';
import { readBodyText, parseJsonBody } from '../http/body.js';
import { errorReply, HttpError, jsonReply } from '../http/reply.js';
import { checkSearchQueryObject, integerParam, PAGE_LIMITS } from '../search-query.js';

/** POST /route/ai/jobs: body optional (a search query object, plus page/limit); 202 with a poll URL. */
export const createJobHandler: Handler = async (ctx, state) => {
  const body = parseJsonBody(await readBodyText(ctx.req));
  const { filter, rest } =
    body === undefined ? { filter: {}, rest: {} } : checkSearchQueryObject(body, '', ['page', 'limit']);
  const params = {
    filter,
    page: integerParam(numberText(rest.page, 'page'), 'page', 1, Number.MAX_SAFE_INTEGER, 'an integer >= 1'),
    limit: integerParam(
      numberText(rest.limit, 'limit'),
      'limit',
      PAGE_LIMITS.minLimit,
      PAGE_LIMITS.maxLimit,
      'an integer from 1 to 100',
    ),
    cursor: undefined,
  };
  const jobId = state.jobs.create(params, Date.now());
  const pollUrl = `${ctx.origin}${ctx.prefix}/route/ai/jobs/${encodeURIComponent(jobId)}`;
  return jsonReply(202, state.deviations.job({ job_id: jobId, status: 'pending', poll_url: pollUrl }, state.today()), {
    location: pollUrl,
  });
};

/** GET /route/ai/jobs/{jobId}: the job's status, with the search envelope once completed. */
export const getJobHandler: Handler = (ctx, state) => {
  const jobId = ctx.params.jobId ?? '';
  const view = state.jobs.view(jobId, Date.now());
  return view
    ? jsonReply(200, state.deviations.job({ ...view }, state.today()))
    : errorReply(404, `no search job with id ${jobId}`);
};

function numberText(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number') throw new HttpError(400, `${field} must be an integer`);
  return String(value);
}
