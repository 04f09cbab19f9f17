import { defineCommand } from './define.js';
import { optionalInteger } from './shared/filters.js';
import { isIsoDate } from '../domain/dates.js';
import { UsageError } from '../errors.js';
import { ASK_SHAPES, COMPRESS_ENCODINGS, JOB_RESULT_SHAPES, MOVED_STATUSES, movedPrefixProblem, type ServerOptions } from '../server/options.js';

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
    { flags: '--compress [encoding]', description: 'gzip (bare flag), deflate or br, when accepted' },
    { flags: '--bom', description: 'start every JSON body with a UTF-8 byte-order mark' },
    { flags: '--moved-to <prefix>', description: 'redirect /v1 and legacy paths here, e.g. /api/v1' },
    { flags: '--moved-status <status>', description: '301|302|303|307|308 (default 301; 308 if not GET)' },
    { flags: '--extra-fields', description: 'add undocumented fields (_links, meta...) to JSON' },
    { flags: '--broken-rate <r>', description: 'share (0-1) of records malformed beyond repair' },
    { flags: '--loose-types', description: 'send numbers as numeric strings and ids as numbers' },
    { flags: '--sparse-envelope', description: 'search pages without total_pages/has_next/book_url' },
    { flags: '--job-result-shape <shape>', description: 'page|routes-total|routes|results|array|other' },
    { flags: '--ask-shape <shape>', description: '/ask text field: answer|text|message|response|json' },
    { flags: '--text-plain', description: 'label JSON bodies text/plain' },
  ],
  examples: [
    'motoroute serve --port 8080',
    'motoroute serve --routes 1000000 --listing-form b',
    'motoroute serve --fail-rate 0.3 --latency 50',
    'motoroute serve --compress br --bom --text-plain',
    'motoroute serve --moved-to /api/v1 --moved-status 302',
    'motoroute serve --extra-fields --loose-types --broken-rate 0.1 --sparse-envelope',
    'motoroute serve --job-result-shape routes-total --ask-shape message',
  ],
  async run({ options }, ctx) {
    const serverOptions = parseServeOptions(options);
    if (serverOptions.log) serverOptions.log = (line) => ctx.stderr.write(`${line}\n`);
    const { startServer } = await import('../server/index.js');
    const server = await startServer(serverOptions).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      const where = `${serverOptions.host ?? '127.0.0.1'}:${serverOptions.port ?? 0}`;
      if (code === 'EADDRINUSE') throw new UsageError(`--port: ${where} is in use; pick another port, or --port 0 for a free one.`);
      if (code === 'EACCES') throw new UsageError(`--port: ${where} needs privileges this user lacks; pick a port above 1023, or --port 0.`);
      if (code === 'EADDRNOTAVAIL') throw new UsageError(`--host: ${serverOptions.host ?? ''} is not an address of this machine.`);
      throw error;
    });
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
    ...deviationOptions(options),
  };
}

/** The flags of the ways real deployments differ from the reference. */
function deviationOptions(options: Record<string, unknown>): ServerOptions {
  const movedTo = options.movedTo === undefined ? undefined : String(options.movedTo);
  const movedProblem = movedTo === undefined ? undefined : movedPrefixProblem(movedTo);
  if (movedProblem) throw new UsageError(`--moved-to: ${movedProblem}.`);
  const movedStatus = oneOf(options.movedStatus, '--moved-status', MOVED_STATUSES.map(String));
  if (movedStatus !== undefined && movedTo === undefined) throw new UsageError('--moved-status needs --moved-to (the prefix to redirect to).');
  return {
    compress: options.compress === true ? 'gzip' : oneOf(options.compress, '--compress', COMPRESS_ENCODINGS),
    bom: Boolean(options.bom),
    movedTo,
    movedStatus: movedStatus === undefined ? undefined : MOVED_STATUSES.find((status) => String(status) === movedStatus),
    extraFields: Boolean(options.extraFields),
    brokenRate: share(options.brokenRate, '--broken-rate'),
    looseTypes: Boolean(options.looseTypes),
    sparseEnvelope: Boolean(options.sparseEnvelope),
    jobResultShape: oneOf(options.jobResultShape, '--job-result-shape', JOB_RESULT_SHAPES),
    askShape: oneOf(options.askShape, '--ask-shape', ASK_SHAPES),
    textPlain: Boolean(options.textPlain),
  };
}

/** One of the allowed words, or undefined when the flag is absent. */
function oneOf<T extends string>(value: unknown, flag: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((word) => word === String(value));
  if (found === undefined) throw new UsageError(`${flag}: "${String(value)}" must be one of ${allowed.join(', ')}.`);
  return found;
}

function share(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (String(value).trim() === '' || !(number >= 0 && number <= 1)) throw new UsageError(`${flag}: "${String(value)}" must be a number from 0 to 1.`);
  return number;
}
