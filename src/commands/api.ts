import { defineCommand } from './define.js';
import { API_OPTIONS } from './api/options.js';
import { UsageError } from '../errors.js';

/** `motoroute api`: a raw request to any path of the service, like `gh api`. */
export const apiCommand = defineCommand({
  name: 'api',
  summary: 'a raw request to any path of the service, printing the body as received',
  args: ['<path>'],
  options: API_OPTIONS,
  examples: [
    'motoroute api -X GET /route/ai/search -f depart=Paris -f limit=5',
    'motoroute api "/route/cities-near?location=Lyon" -i',
    'motoroute api /route/ai/batch --input queries.json -H "Idempotency-Key: 4b1c…"',
    'motoroute api /route/ai/search -f depart=Lyon --paginate | jq -c ".routes[]"',
  ],
  details: [
    'PATH is relative to the base URL. Like gh api, fields make the default method POST (a JSON body); with',
    "-X GET they are added to PATH's query string instead.",
    'An absolute URL or a path with .. is refused. Requests get the usual retries, rate budget and timeout.',
    'The body goes to stdout as received when piped; on a terminal JSON is indented and control characters',
    'are removed. An error status still prints the body; the exit code is then 4 for 404, 1 otherwise. A redirect',
    'motoroute will not or cannot follow (another host, a loop, more than 5 hops, no Location) prints its body too',
    'and exits 1, saying why.',
    '--paginate prints every page of the search, one body after another (a stream of JSON documents).',
  ].join('\n'),
  async run({ args, options }, ctx) {
    const [{ buildApiRequest, parseApiPath }, { readInput }] = await Promise.all([
      import('./api/request.js'),
      import('./api/input.js'),
    ]);
    parseApiPath(args[0] ?? '', ctx.lang); // a bad PATH is refused before stdin is read
    const input = await readInput(options.input, ctx.io.stdin, ctx.lang);
    const request = buildApiRequest({
      path: args[0] ?? '',
      method: options.method,
      fields: [...options.field, ...options.typedField],
      headers: options.header,
      ...(input !== undefined && { input }),
      ...(options.paginate && { defaultMethod: 'GET' }),
      lang: ctx.lang,
    });
    const { PAGINATED_PATH, checkSearchPage, nextSearchPageQuery } = await import('./api/next-page.js');
    const { paginate } = options;
    if (paginate && (request.method !== 'GET' || request.pathname.replace(/\/+$/, '') !== PAGINATED_PATH)) {
      const { API_WORDS } = await import('./api/words.js');
      throw new UsageError(API_WORDS[ctx.lang].paginateOnly(PAGINATED_PATH));
    }
    const [client, settings, { printResponse }, { sanitiseText }] = await Promise.all([
      ctx.client(),
      ctx.output(),
      import('./api/print-response.js'),
      import('../output/sanitise.js'),
    ]);
    const { PagingGuard } = await import('../client/paging-guard.js');
    const guard = new PagingGuard();
    let query: URLSearchParams | undefined = request.query;
    while (query) {
      const search = query.toString();
      const response = await client.request(request.method, `${request.pathname}${search ? `?${search}` : ''}`, {
        headers: request.headers,
        ...(request.body !== undefined && { body: request.body }),
      });
      // A redirect that came back as the answer is one motoroute would not or could not follow: no final answer.
      const failed = response.status >= 400 || response.unfollowedRedirect !== undefined;
      // A page that repeats one printed before is not printed again.
      if (paginate && !failed) checkSearchPage(response.body, response.headers['content-type'], guard);
      // An error line follows a failed answer: the body then ends its line, so the two never share one.
      await printResponse(ctx.stdout, response, {
        tty: settings.stdoutIsTTY,
        include: options.include,
        method: request.method,
        separate: paginate || failed,
      });
      if (response.unfollowedRedirect !== undefined) {
        ctx.stderr.write(`Error: ${sanitiseText(response.unfollowedRedirect)}\n`);
        return 1;
      }
      if (failed) {
        const text = `${response.status} ${response.statusText}`.trimEnd();
        ctx.stderr.write(`Error: the service answered ${text} for ${request.method} ${sanitiseText(response.url)}.\n`);
        return response.status === 404 ? 4 : 1;
      }
      query = paginate ? nextSearchPageQuery(response.body, response.headers['content-type'], query, guard) : undefined;
    }
  },
});
