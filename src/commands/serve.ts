import { defineCommand } from './define.js';
import { choice, flag, integer, number, repeatable, text, withDefault, type OptionValues } from './options.js';
import { isIsoDate } from '../domain/dates.js';
import { UsageError } from '../errors.js';
import { SERVE_WORDS } from './serve-words.js';
import {
  ASK_SHAPES,
  COMPRESS_ENCODINGS,
  JOB_RESULT_SHAPES,
  MOVED_STATUSES,
  movedPrefixProblem,
  type ServerOptions,
} from '../server/options.js';

const share = (flags: string, description: string) => number(flags, description, { min: 0, max: 1 });

/** The options of `serve`: the service's data and clock, its faults, and the ways real deployments differ. */
export const SERVE_OPTIONS = {
  host: withDefault(text('--host <host>', 'interface to listen on'), '127.0.0.1'),
  port: withDefault(integer('--port <port>', 'port (0 picks a free one)', { min: 0, max: 65535 }), 0),
  routes: withDefault(integer('--routes <n>', 'number of generated routes', { min: 0, max: 5_000_000 }), 2000),
  seed: withDefault<number | string>(
    text('--seed <seed>', 'data seed (same seed and date give the same data)', {
      parse: (value, option, at) => {
        if (value.trim() === '') throw new UsageError(SERVE_WORDS[at.lang].seedEmpty(option));
        return /^\d+$/.test(value) ? Number(value) : value;
      },
      invalidSample: '',
    }),
    1,
  ),
  today: text('--today <date>', "the service clock's date, YYYY-MM-DD (default: today)", {
    parse: (value, option, at) => {
      if (!isIsoDate(value)) throw new UsageError(SERVE_WORDS[at.lang].notADate(option, value));
      return value;
    },
    invalidSample: 'today',
  }),
  listingForm: choice('--listing-form <form>', 'record form of the full listing', ['a', 'b', 'mixed'], {
    default: 'mixed',
  }),
  jobDelay: withDefault(
    integer('--job-delay <ms>', 'milliseconds before a search job completes', { min: 0, max: 3_600_000 }),
    1000,
  ),
  jobFailRate: share('--job-fail-rate <r>', 'share (0-1) of jobs that fail'),
  cursorPaging: flag('--cursor-paging', 'page with next_cursor like newer deployments'),
  maxLimit: integer('--max-limit <n>', 'with --cursor-paging, the largest page size', { min: 1, max: 100 }),
  failRate: share('--fail-rate <r>', 'share (0-1) of requests answered 500'),
  rateLimit: integer('--rate-limit <n>', 'answer 429 past N requests a minute', { min: 1 }),
  latency: integer('--latency <ms>', 'milliseconds added to every answer', { min: 0, max: 600_000 }),
  cutRate: share('--cut-rate <r>', 'share (0-1) of connections cut mid-body'),
  malformedRate: share('--malformed-rate <r>', 'share (0-1) of bodies that are not JSON'),
  deprecate: repeatable(text('--deprecate <path>', 'send a Deprecation header on this path (repeatable)')),
  control: flag('--control', 'enable the test-only /__control endpoints (loopback only)'),
  log: flag('--log', 'print one line per request on stderr'),
  cors: flag('--cors', 'let pages on other origins call the service (CORS)'),
  compress: choice('--compress [encoding]', 'gzip (bare flag), deflate or br, when accepted', COMPRESS_ENCODINGS, {
    bare: 'gzip',
  }),
  bom: flag('--bom', 'start every JSON body with a UTF-8 byte-order mark'),
  movedTo: text('--moved-to <prefix>', 'redirect /v1 and legacy paths here, e.g. /api/v1', {
    parse: (value, option, at) => {
      const problem = movedPrefixProblem(value, at.lang);
      if (problem) throw new UsageError(SERVE_WORDS[at.lang].movedTo(option, problem));
      return value;
    },
    invalidSample: 'api',
  }),
  movedStatus: choice(
    '--moved-status <status>',
    '301|302|303|307|308 (default 301; 308 if not GET)',
    MOVED_STATUSES.map(String),
  ),
  extraFields: flag('--extra-fields', 'add undocumented fields (_links, meta...) to JSON'),
  brokenRate: share('--broken-rate <r>', 'share (0-1) of records malformed beyond repair'),
  looseTypes: flag('--loose-types', 'send numbers as numeric strings and ids as numbers'),
  sparseEnvelope: flag('--sparse-envelope', 'search pages without total_pages/has_next/book_url'),
  jobResultShape: choice(
    '--job-result-shape <shape>',
    'page|routes-total|routes|results|array|other',
    JOB_RESULT_SHAPES,
  ),
  askShape: choice('--ask-shape <shape>', '/ask text field: answer|text|message|response|json', ASK_SHAPES),
  textPlain: flag('--text-plain', 'label JSON bodies text/plain'),
};

/** `motoroute serve`: the local stand-in of the service, in the foreground. */
export const serveCommand = defineCommand({
  name: 'serve',
  runsUntilStopped: true,
  summary: 'run the local service (every endpoint, under /v1 and the legacy prefix) until Ctrl-C',
  options: SERVE_OPTIONS,
  examples: [
    'motoroute serve --port 8080',
    'motoroute serve --cors',
    'motoroute serve --routes 1000000 --listing-form b',
    'motoroute serve --fail-rate 0.3 --latency 50',
    'motoroute serve --compress br --bom --text-plain',
    'motoroute serve --moved-to /api/v1 --moved-status 302',
    'motoroute serve --extra-fields --loose-types --broken-rate 0.1 --sparse-envelope',
    'motoroute serve --job-result-shape routes-total --ask-shape message',
  ],
  async run({ options }, ctx) {
    const words = SERVE_WORDS[ctx.lang];
    const serverOptions = parseServeOptions(options, ctx.lang);
    if (serverOptions.log) serverOptions.log = (line) => ctx.stderr.write(`${line}\n`);
    const { startServer } = await import('../server/index.js');
    const server = await startServer(serverOptions).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      const where = `${serverOptions.host ?? '127.0.0.1'}:${serverOptions.port ?? 0}`;
      if (code === 'EADDRINUSE') throw new UsageError(words.portInUse(where));
      if (code === 'EACCES') throw new UsageError(words.portNeedsPrivileges(where));
      if (code === 'EADDRNOTAVAIL') throw new UsageError(words.hostNotHere(serverOptions.host ?? ''));
      throw error;
    });
    // The warning before the address: whoever waits for the address line has read the warning too (as `mcp --http`).
    const host = serverOptions.host ?? '127.0.0.1';
    if (!isLoopbackHost(host)) {
      ctx.warn(
        `the local service listens on ${host} and is reachable from other machines, without authentication${serverOptions.control ? ' (its --control endpoints answer loopback only)' : ''}: keep it on 127.0.0.1 unless other machines must reach it.`,
      );
    }
    ctx.stdout.write(`${server.url}/v1\n`);
    ctx.note(`Serving ${serverOptions.routes} routes at ${server.url}/v1 (legacy alias: ${server.url}). Ctrl-C stops.`);
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    await server.close();
  },
});

/** A loopback address or name to listen on: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Turns the serve flags into ServerOptions, checking the one rule between two of them (a refusal said in `lang`). */
export function parseServeOptions(
  options: OptionValues<typeof SERVE_OPTIONS>,
  lang: 'en' | 'fr' = 'en',
): ServerOptions & { log?: (line: string) => void } {
  if (options.movedStatus !== undefined && options.movedTo === undefined)
    throw new UsageError(SERVE_WORDS[lang].movedStatusAlone);
  return {
    host: options.host,
    port: options.port,
    routes: options.routes,
    seed: options.seed,
    today: options.today,
    listingForm: options.listingForm,
    jobDelayMs: options.jobDelay,
    jobFailRate: options.jobFailRate,
    cursorPaging: options.cursorPaging,
    maxLimit: options.maxLimit,
    failRate: options.failRate,
    rateLimit: options.rateLimit,
    latencyMs: options.latency,
    cutRate: options.cutRate,
    malformedRate: options.malformedRate,
    deprecate: options.deprecate,
    control: options.control,
    ...(options.log ? { log: () => undefined } : {}),
    cors: options.cors,
    compress: options.compress,
    bom: options.bom,
    movedTo: options.movedTo,
    movedStatus: MOVED_STATUSES.find((status) => String(status) === options.movedStatus),
    extraFields: options.extraFields,
    brokenRate: options.brokenRate,
    looseTypes: options.looseTypes,
    sparseEnvelope: options.sparseEnvelope,
    jobResultShape: options.jobResultShape,
    askShape: options.askShape,
    textPlain: options.textPlain,
  };
}
