import { defineCommand } from './define.js';
import { optionalInteger } from './shared/filters.js';
import { isIsoDate } from '../domain/dates.js';
import { UsageError } from '../errors.js';
import type { ServerOptions } from '../server/options.js';

/** `motoroute serve`: the local stand-in of the service, in the foreground. */
export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'run the local service (every endpoint, under /v1 and the legacy prefix) until Ctrl-C',
  options: [
    { flags: '--host <host>', description: 'interface to listen on', defaultValue: '127.0.0.1' },
    { flags: '--port <port>', description: 'port (0 picks a free one)', defaultValue: '0' },
    { flags: '--routes <n>', description: 'number of generated routes', defaultValue: '2000' },
    { flags: '--seed <seed>', description: 'data seed (same seed and date give the same data)', defaultValue: '1' },
    { flags: '--today <date>', description: "the service clock's date, YYYY-MM-DD (default: today)" },
    { flags: '--listing-form <form>', description: 'record form of the full listing', choices: ['a', 'b', 'mixed'], defaultValue: 'mixed' },
    { flags: '--job-delay <ms>', description: 'milliseconds before a search job completes', defaultValue: '1000' },
    { flags: '--job-fail-rate <r>', description: 'share (0-1) of jobs that fail' },
    { flags: '--cursor-paging', description: 'page with next_cursor like newer deployments' },
    { flags: '--max-limit <n>', description: 'with --cursor-paging, the largest page size' },
    { flags: '--fail-rate <r>', description: 'share (0-1) of requests answered 500' },
    { flags: '--rate-limit <n>', description: 'answer 429 past N requests a minute' },
    { flags: '--latency <ms>', description: 'milliseconds added to every answer' },
    { flags: '--cut-rate <r>', description: 'share (0-1) of connections cut mid-body' },
    { flags: '--malformed-rate <r>', description: 'share (0-1) of bodies that are not JSON' },
    { flags: '--deprecate <path>', description: 'send a Deprecation header on this path (repeatable)', repeatable: true },
    { flags: '--control', description: 'enable the test-only /__control endpoints (loopback only)' },
    { flags: '--log', description: 'print one line per request on stderr' },
  ],
  examples: ['motoroute serve --port 8080', 'motoroute serve --routes 1000000 --listing-form b', 'motoroute serve --fail-rate 0.3 --latency 50'],
  async run({ options }, ctx) {
    const serverOptions = parseServeOptions(options);
    if (serverOptions.log) serverOptions.log = (line) => ctx.stderr.write(`${line}\n`);
    const { startServer } = await import('../server/index.js');
    const server = await startServer(serverOptions);
    ctx.stdout.write(`${server.url}/v1\n`);
    ctx.note(`Serving ${serverOptions.routes} routes at ${server.url}/v1 (legacy alias: ${server.url}). Ctrl-C stops.`);
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    await server.close();
  },
});

/** Checks the serve flags and turns them into ServerOptions. */
export function parseServeOptions(options: Record<string, unknown>): ServerOptions & { log?: (line: string) => void } {
  const today = options.today === undefined ? undefined : String(options.today);
  if (today !== undefined && !isIsoDate(today)) throw new UsageError(`--today: "${today}" must be a real date written YYYY-MM-DD.`);
  return {
    host: String(options.host),
    port: optionalInteger(options.port, '--port', 0, 65535),
    routes: optionalInteger(options.routes, '--routes', 0, 5_000_000),
    seed: /^\d+$/.test(String(options.seed)) ? Number(options.seed) : String(options.seed),
    today,
    listingForm: options.listingForm as ServerOptions['listingForm'],
    jobDelayMs: optionalInteger(options.jobDelay, '--job-delay', 0, 3_600_000),
    jobFailRate: share(options.jobFailRate, '--job-fail-rate'),
    cursorPaging: Boolean(options.cursorPaging),
    maxLimit: optionalInteger(options.maxLimit, '--max-limit', 1, 100),
    failRate: share(options.failRate, '--fail-rate'),
    rateLimit: optionalInteger(options.rateLimit, '--rate-limit', 1),
    latencyMs: optionalInteger(options.latency, '--latency', 0, 600_000),
    cutRate: share(options.cutRate, '--cut-rate'),
    malformedRate: share(options.malformedRate, '--malformed-rate'),
    deprecate: (options.deprecate as string[] | undefined) ?? [],
    control: Boolean(options.control),
    ...(options.log ? { log: () => undefined } : {}),
  };
}

function share(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (String(value).trim() === '' || !(number >= 0 && number <= 1)) throw new UsageError(`${flag}: "${String(value)}" must be a number from 0 to 1.`);
  return number;
}
