import { createWriteStream } from 'node:fs';
import { UsageError } from '../errors.js';
import { MCP_FLAG_WORDS } from './mcp-words.js';
import { defineCommand } from './define.js';
import { flag, integer, number, repeatable, text } from './options.js';

/** `motoroute mcp`: the route search as tools for AI assistants, a Model Context Protocol server on stdio or Streamable HTTP. */
export const mcpCommand = defineCommand({
  name: 'mcp',
  runsUntilStopped: true,
  summary: 'serve the route search as tools for AI assistants (Model Context Protocol, stdio or HTTP)',
  options: {
    http: flag('--http', 'serve Streamable HTTP on /mcp (for hosted assistants) instead of stdio'),
    host: text('--host <address>', 'with --http: the address to listen on (default 127.0.0.1: this machine only)', {
      parse: (value, flag, at) => readHost(value, flag, at.lang),
      invalidSample: 'a b',
    }),
    port: integer('--port <n>', 'with --http: the port (default 0: a free one, printed on stderr)', {
      min: 0,
      max: 65535,
    }),
    rate: integer(
      '--rate <n>',
      'requests a minute to the service, shared fairly by the sessions (default: the rate setting, 60; the service recommends 60 a client)',
      { min: 1, max: 6000 },
    ),
    deadline: number('--deadline <seconds>', 'every tool call answers within this time (default 25)', {
      min: 1,
      max: 300,
      unit: 'seconds',
    }),
    accessLog: text(
      '--access-log <file>',
      'with --http: append the access log (one JSON line a request) to FILE instead of stderr',
    ),
    trustProxy: flag(
      '--trust-proxy',
      'with --http, behind a reverse proxy: know clients by the address it adds to X-Forwarded-For',
    ),
    allowOrigin: repeatable(
      text(
        '--allow-origin <origin>',
        'with --http: a browser origin allowed besides loopback ones (repeatable), e.g. https://app.example',
        {
          parse: (value, flag, at) => readOrigin(value, flag, at.lang),
          invalidSample: 'not-an-origin',
        },
      ),
    ),
  },
  examples: [
    'motoroute mcp',
    'motoroute --sandbox mcp',
    'motoroute mcp --http --port 8808',
    'motoroute mcp --http --host 0.0.0.0 --port 8808',
  ],
  details: [
    'An MCP server for assistants such as Claude, ChatGPT, VS Code or Cursor: on stdin/stdout by default, or with --http',
    'on one Streamable HTTP endpoint, http://HOST:PORT/mcp (sessions per the MCP specification, GET /health, /ready and',
    '/metrics, a JSON access-log line a request, foreign Origins refused with 403). Tools: search_routes, cities_near,',
    'price_calendar, route_details, get_booking_url, request_quote, draft_booking_email (a draft: nothing is ever sent),',
    'search_batch; prompt plan_trip; resources: served cities and booking contacts. Every call answers within --deadline;',
    'each session has a fair share of --rate requests a minute. Notes go to stderr. The global options and the config',
    'file apply (--base-url, --sandbox, --lang, --timeout). It stops when stdin closes (stdio), on Ctrl-C, or on SIGTERM',
    '(HTTP).',
  ].join('\n'),
  async run({ options }, ctx) {
    if (!options.http && (options.host !== undefined || options.port !== undefined || options.allowOrigin.length > 0)) {
      throw new UsageError(MCP_FLAG_WORDS[ctx.lang].httpOnly);
    }
    if (!options.http && (options.trustProxy || options.accessLog !== undefined))
      throw new UsageError(MCP_FLAG_WORDS[ctx.lang].httpLogOnly);
    const mcp = await import('../mcp/index.js');
    const budget = mcp.createUpstreamBudget(
      options.rate ?? Math.max(1, Math.round(Number(ctx.setting('rate').value))),
      options.http,
      testWindowMs(ctx.io.env.MOTOROUTE_RATE_WINDOW_MS),
    );
    // Started now, not on the first call: a bad base URL is refused at once, and --sandbox says where it listens before any call.
    await ctx.client({ ...mcp.MCP_CLIENT_HOOKS, rateBudget: budget.gate() });
    const settings = {
      client: () => ctx.client(),
      lang: ctx.setting('lang').value,
      bookingEmail: ctx.setting('booking-email').value,
      bookingUrl: ctx.setting('booking-url').value,
      quoteUrl: ctx.setting('quote-url').value,
      greeting: ctx.setting('greeting').value,
      signature: ctx.setting('signature').value,
      voice: ctx.setting('voice').value,
      env: ctx.io.env,
      deadlineSeconds: options.deadline,
      budgetCounts: budget.counts,
    };
    const io = {
      stdin: ctx.io.stdin,
      stdout: ctx.stdout,
      note: (message: string) => ctx.note(message),
      warn: (message: string) => ctx.warn(message),
      signal: ctx.signal,
    };
    if (!options.http) return mcp.runMcpServer(settings, io);
    // A container is stopped with SIGTERM: the server stops accepting, answers the calls in flight, and ends with 0.
    const accessLog = await openAccessLog(options.accessLog, ctx.io.stderr, ctx.lang);
    const stop = new AbortController();
    const onTerm = (): void => stop.abort();
    process.once('SIGTERM', onTerm);
    try {
      const signal = AbortSignal.any([ctx.signal, stop.signal]);
      await mcp.runMcpHttpServer(
        settings,
        {
          host: options.host ?? '127.0.0.1',
          port: options.port ?? 0,
          allowedOrigins: options.allowOrigin,
          trustProxy: options.trustProxy,
          accessLog: accessLog.write,
        },
        { ...io, signal },
      );
    } catch (error) {
      // dist/mcp.cjs has its own copy of the error classes: a usage error of its own (a port in use) becomes one of the app's.
      if (error instanceof Error && 'exitCode' in error && error.exitCode === 2) throw new UsageError(error.message);
      throw error;
    } finally {
      process.off('SIGTERM', onTerm);
      await accessLog.close();
    }
  },
});

/** The access log's writer: appended to `file` (opened now, so a bad path is refused before listening), else stderr. */
async function openAccessLog(
  file: string | undefined,
  stderr: NodeJS.WritableStream,
  lang: 'en' | 'fr',
): Promise<{ write: (line: string) => void; close(): Promise<void> }> {
  if (file === undefined) return { write: (line) => void stderr.write(line), close: async () => undefined };
  const stream = createWriteStream(file, { flags: 'a' });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UsageError(MCP_FLAG_WORDS[lang].logNotWritable(file, error.code ?? error.message))),
    );
  });
  // A failure later (a full disk) loses log lines, never the server.
  stream.on('error', () => undefined);
  return {
    write: (line) => void stream.write(line),
    close: () => new Promise<void>((resolve) => stream.end(() => resolve())),
  };
}

/** The budget's window shortened by a test (MOTOROUTE_RATE_WINDOW_MS, as for every command), else undefined. */
function testWindowMs(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : undefined;
}

function readHost(value: string, flag: string, lang: 'en' | 'fr'): string {
  const host = value.trim();
  if (!/^[\w.:[\]-]+$/.test(host)) throw new UsageError(MCP_FLAG_WORDS[lang].notAHost(flag, value));
  return host.replace(/^\[(.*)\]$/, '$1');
}

function readOrigin(value: string, flag: string, lang: 'en' | 'fr'): string {
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, ''))
      return url.origin;
  } catch {
    // Said below.
  }
  throw new UsageError(MCP_FLAG_WORDS[lang].notAnOrigin(flag, value));
}
