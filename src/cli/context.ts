import { CONTEXT_WORDS } from './words.js';
import { getMaxListeners, setMaxListeners } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import type { RouteClient } from '../client/client.js';
import { clockFromEnvironment, type ServiceClock } from '../core/clock.js';
import type { Core } from '../core/core.js';
import type { UpcomingTrips } from '../core/upcoming.js';
import type { ClientOptions, RetryWait, SkippedRecords } from '../client/options.js';

/** Client options a command may set for its own run. */
export type ClientHooks = Pick<ClientOptions, 'onRateWait' | 'maxRetryAfterSeconds' | 'rateBudget'>;
import type { OutputSettings } from '../output/settings.js';
import type { RunningServer } from '../server/index.js';
import { CONFIG_KEYS } from '../config/keys.js';
import { readConfigFile, resolveSetting, type ResolvedSetting } from '../config/read.js';
import { UsageError } from '../errors.js';
import { sanitiseText } from '../output/sanitise.js';
import { shellWords } from '../output/shell-words.js';
import { VERSION } from '../version.js';

/** The global options, as commander parsed them. */
export interface GlobalOptions {
  baseUrl?: string;
  legacy?: boolean;
  sandbox?: boolean;
  insecureHttp?: boolean;
  format?: string;
  json?: boolean;
  fields?: string;
  color?: boolean;
  timeout?: string;
  maxTime?: string;
  maxBody?: string;
  lang?: string;
  verbose?: boolean;
  quiet?: boolean;
  header?: boolean;
  strict?: boolean;
  concurrency?: string;
}

/** The process's streams and environment, injectable so a command can run in-process. */
export interface ProcessIO {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Everything a command handler needs: settings, the client, output settings and the streams. */
export class Context {
  private configFile: Record<string, string> | undefined;
  private clientPromise: Promise<RouteClient> | undefined;
  private readonly extraClients: Promise<RouteClient>[] = [];
  private sandbox: RunningServer | undefined;
  private outputSettingsValue: OutputSettings | undefined;
  private readonly warned = new Set<string>();
  private skipped: SkippedRecords | undefined;
  private rateWaitSaidUntil = 0;
  private corePromise: Promise<Core> | undefined;
  private upcomingTrips: UpcomingTrips | undefined;
  /** The service's clock (France's), read from MOTOROUTE_NOW in tests. */
  readonly clock: ServiceClock;
  /** When the run started: --max-time counts from here. */
  readonly startedAt = Date.now();

  constructor(
    readonly globals: GlobalOptions,
    readonly io: ProcessIO,
    readonly signal: AbortSignal,
    /** The whole command tree, as parsed (shell completion describes it). */
    readonly program?: Command,
  ) {
    this.clock = clockFromEnvironment(io.env);
  }

  get stdout() {
    return this.io.stdout;
  }

  get stderr() {
    return this.io.stderr;
  }

  /** A setting's value and source by precedence: flag > environment > config file > default. */
  setting(name: string): ResolvedSetting {
    this.configFile ??= readConfigFile(undefined, this.io.env);
    const flags: Record<string, string | undefined> = {
      'base-url': this.globals.baseUrl,
      format: this.globals.format,
      lang: this.globals.lang,
      timeout: this.globals.timeout,
      'max-time': this.globals.maxTime,
      'max-body': this.globals.maxBody,
      strict: this.globals.strict ? 'true' : undefined,
      concurrency: this.globals.concurrency,
    };
    return resolveSetting(name, flags[name], this.io.env, this.configFile);
  }

  /** Checks every setting (flag, environment, config file) so that an invalid one is refused with exit 2 whatever the command reads. */
  checkSettings(): void {
    for (const key of CONFIG_KEYS) this.setting(key.name);
  }

  /** The display language: the lang setting, else the locale, else English. */
  get lang(): 'en' | 'fr' {
    const chosen = this.setting('lang').value ?? localeLanguage(this.io.env);
    return chosen === 'fr' ? 'fr' : 'en';
  }

  /** The command runs until stopped (serve, mcp, watch): --max-time applies only when given as a flag. */
  maxTimeFromFlagOnly = false;

  /** The whole command's limit in seconds (--max-time, else MOTOROUTE_MAX_TIME or config max-time), or undefined for none. */
  get maxTimeSeconds(): string | undefined {
    if (this.maxTimeFromFlagOnly && this.globals.maxTime === undefined) return undefined;
    return this.setting('max-time').value;
  }

  /** Epoch ms when the whole command must end (--max-time), or undefined when it has no limit. */
  get runEndsAt(): number | undefined {
    const seconds = this.maxTimeSeconds;
    return seconds === undefined ? undefined : this.startedAt + Number(seconds) * 1000;
  }

  /** Output settings, decided once per run. */
  async output(): Promise<OutputSettings> {
    if (!this.outputSettingsValue) {
      const { resolveOutputSettings } = await import('../output/settings.js');
      this.outputSettingsValue = resolveOutputSettings({
        // Flag > MOTOROUTE_FORMAT > config file (--json is a flag too); only the default depends on the terminal.
        format: this.globals.json ? this.globals.format : this.setting('format').value,
        json: this.globals.json,
        fields: this.globals.fields,
        quiet: this.globals.quiet,
        header: this.globals.header,
        color: this.globals.color === false ? false : undefined,
        env: this.io.env,
        stdout: { isTTY: Boolean(this.io.stdout.isTTY), columns: this.io.stdout.columns },
        stderr: { isTTY: Boolean(this.io.stderr.isTTY) },
      });
      this.outputSettingsValue.signal = this.signal;
      this.outputSettingsValue.note = (message) => this.note(message);
      this.outputSettingsValue.lang = this.lang;
    }
    return this.outputSettingsValue;
  }

  /**
   * The API client, created on first use (starting the in-process service with --sandbox). `hooks` (given by the first
   * caller only: `motoroute mcp`) replace the terminal's rate-wait notice and the longest 429 wait.
   */
  client(hooks?: ClientHooks): Promise<RouteClient> {
    this.clientPromise ??= this.baseUrl().then((baseUrl) => this.createClient(baseUrl, hooks));
    return this.clientPromise;
  }

  /** The core of the run (trips by id, served cities, the trip check), on the run's client and clock; loaded on first use. */
  core(): Promise<Core> {
    this.corePromise ??= import('../core/core.js').then(
      ({ Core }) => new Core({ client: () => this.client(), clock: this.clock }),
    );
    return this.corePromise;
  }

  /**
   * Whether a trip of an answer is still to leave; one that left earlier today (France's time) is left out, and
   * finish() says how many were.
   */
  async upcoming(): Promise<(trip: { date: string; times: string[] }) => boolean> {
    if (!this.upcomingTrips) {
      const { UpcomingTrips } = await import('../core/upcoming.js');
      this.upcomingTrips = new UpcomingTrips(this.clock.moment());
    }
    return this.upcomingTrips.keep;
  }

  /** A further client on another base URL (e.g. the service origin for `doctor`), with the same settings; closed with the context. */
  async clientFor(baseUrl: string): Promise<RouteClient> {
    this.checkTransport(baseUrl);
    const client = this.createClient(baseUrl);
    this.extraClients.push(client);
    return client;
  }

  /** The base URL requests go to, after --sandbox and --legacy. */
  async baseUrl(): Promise<string> {
    let base: string;
    if (this.globals.sandbox) {
      if (!this.sandbox) {
        const { startServer } = await import('../server/index.js');
        // With MOTOROUTE_NOW the sample trips are those of that day, so that documented examples run as printed.
        this.sandbox = await startServer({
          host: '127.0.0.1',
          port: 0,
          ...(this.io.env.MOTOROUTE_NOW ? { today: this.clock.today() } : {}),
        });
        this.note(`Sandbox: using the local service at ${this.sandbox.url}/v1`);
      }
      base = `${this.sandbox.url}/v1`;
    } else {
      base = this.setting('base-url').value ?? '';
      this.checkTransport(base);
    }
    return this.globals.legacy ? base.replace(/\/v1$/, '') : base;
  }

  /** A line on stderr for the user, unless --quiet. Control characters are removed: messages may quote the service. */
  note(message: string): void {
    if (!this.globals.quiet) this.io.stderr.write(`${sanitiseText(message)}\n`);
  }

  /** A warning on stderr, printed once per distinct text, unless --quiet; sanitised like note(). */
  warn(message: string): void {
    if (this.globals.quiet || this.warned.has(message)) return;
    this.warned.add(message);
    this.io.stderr.write(`${CONTEXT_WORDS[this.lang].warning} ${sanitiseText(message)}\n`);
  }

  /**
   * A motoroute command line to print for the user to run next (`resume with: …`), keeping the options
   * that point at the service of this run, so that pasting it talks to the same service.
   */
  commandLine(...words: string[]): string {
    return shellWords([...this.invocation(), ...words]);
  }

  /** `motoroute` and the global flags that chose the service, so a suggested command asks the same one. */
  invocation(): string[] {
    const words = ['motoroute'];
    if (this.globals.baseUrl !== undefined) words.push('--base-url', this.globals.baseUrl);
    if (this.globals.legacy) words.push('--legacy');
    if (this.globals.insecureHttp) words.push('--insecure-http');
    if (this.globals.sandbox) words.push('--sandbox');
    return words;
  }

  /** Whether a record that cannot be read is an error (--strict, config strict) rather than left out. */
  get strict(): boolean {
    return this.setting('strict').value === 'true';
  }

  /** Adds records an answer left out to the run's count, said once by finish(). */
  recordSkipped(info: SkippedRecords): void {
    const seen = this.skipped;
    this.skipped = seen
      ? { ...seen, skipped: seen.skipped + info.skipped, of: seen.of + info.of }
      : { ...info, firstReason: `${info.endpoint} ${info.firstReason}` };
  }

  /** After a command succeeded: one note for the trips that had left, one warning for every record left out during the run. */
  async finish(): Promise<void> {
    const upcoming = this.upcomingTrips;
    if (upcoming && upcoming.left > 0) {
      const { leftTodayNote } = await import('../core/upcoming.js');
      this.note(leftTodayNote(upcoming.left, upcoming.moment, this.lang));
    }
    const skipped = this.skipped;
    if (!skipped) return;
    const count = `${skipped.skipped.toLocaleString('en')} of ${skipped.of.toLocaleString('en')} record${skipped.of === 1 ? '' : 's'}`;
    this.warn(
      `${count} could not be read and ${skipped.skipped === 1 ? 'was' : 'were'} left out (first: ${skipped.firstReason}); --strict makes this an error.`,
    );
  }

  /** Releases the client's connections and stops the sandbox service. */
  async close(): Promise<void> {
    const clients = await Promise.all(
      [this.clientPromise, ...this.extraClients].map((client) => client?.catch(() => undefined)),
    );
    await Promise.all(clients.map((client) => client?.close()));
    await this.sandbox?.close();
  }

  /**
   * A wait for the rate budget: every one with --verbose; otherwise those over a second, once for
   * requests waiting together (pages in flight queue side by side), so a long run never looks hung.
   */
  private sayRateWait(ms: number): void {
    const until = Date.now() + ms;
    if (!this.globals.verbose && (ms <= 1000 || until <= this.rateWaitSaidUntil + 1000)) return;
    this.rateWaitSaidUntil = until;
    const rate = this.setting('rate').value;
    this.note(CONTEXT_WORDS[this.lang].rateWait(Math.ceil(ms / 1000), rate));
  }

  /** A retry's wait, said on a terminal (or with --verbose) so that a long one never looks hung; --quiet keeps it silent. */
  private sayRetryWait(wait: RetryWait): void {
    if (!this.globals.verbose && this.io.stderr.isTTY !== true) return;
    const seconds = wait.ms >= 1000 ? `${Math.round(wait.ms / 100) / 10} s` : `${Math.round(wait.ms)} ms`;
    this.note(
      CONTEXT_WORDS[this.lang].retryWait(
        wait.method,
        wait.url,
        wait.reason,
        wait.nextAttempt - 1,
        wait.maxAttempts - 1,
        seconds,
      ),
    );
  }

  private checkTransport(base: string): void {
    const url = new URL(base);
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      if (!this.globals.insecureHttp) {
        throw new UsageError(
          `Refusing plain http:// to ${url.host}: use https, or pass --insecure-http to send requests unencrypted.`,
        );
      }
      this.warn(`requests to ${url.host} are sent unencrypted (--insecure-http).`);
    }
  }

  private async createClient(baseUrl: string, hooks: ClientHooks = {}): Promise<RouteClient> {
    const [{ RouteClient }, { formatAttempt }, { nodeHttpSender }, { withSender }] = await Promise.all([
      import('../client/client.js'),
      import('../output/attempt-line.js'),
      import('../client/node-http-sender.js'),
      import('../client/sender-option.js'),
    ]);
    const timeoutSeconds = Number(this.setting('timeout').value);
    // Every in-flight or queued request listens on the run's signal; a --all run can hold many at once.
    setMaxListeners(Math.max(getMaxListeners(this.signal), 1000), this.signal);
    // The CLI's HTTP stack is node:http (its own Agent, zlib decoding), not the library's fetch.
    const options: ClientOptions & { timeoutMs: number } = {
      baseUrl,
      timeoutMs: timeoutSeconds * 1000,
      maxBodyBytes: Math.round(Number(this.setting('max-body').value) * 1_048_576),
      ...(this.runEndsAt !== undefined && { runEndsAt: this.runEndsAt }),
      ratePerMinute: Number(this.setting('rate').value),
      strict: this.strict,
      pageConcurrency: Number(this.setting('concurrency').value),
      bookingUrl: this.setting('booking-url').value ?? '',
      // Tests shorten the 1 s backoff and the budget's minute; users keep the reference's rules.
      retryBaseDelayMs: testMilliseconds(this.io.env.MOTOROUTE_RETRY_BASE_MS),
      rateIntervalMs: testMilliseconds(this.io.env.MOTOROUTE_RATE_WINDOW_MS),
      signal: this.signal,
      userAgent: `motoroute/${VERSION} (+node ${process.versions.node})`,
      onAttempt: (attempt) => {
        if (this.globals.verbose) this.io.stderr.write(`${sanitiseText(formatAttempt(attempt))}\n`);
      },
      onMoved: (moved) => {
        this.warn(
          `the service has moved to ${moved.to} (a permanent redirect from ${moved.from}); to go there directly: motoroute config set base-url ${moved.to}`,
        );
      },
      onSkippedRecords: (info) => this.recordSkipped(info),
      onDeprecation: (info) => {
        const extra = [info.sunset && `removal planned ${info.sunset}`, info.link && `see ${info.link}`]
          .filter(Boolean)
          .join('; ');
        this.warn(`${info.endpoint} is deprecated by the service${extra ? ` (${extra})` : ''}.`);
      },
      onRateWait: (ms) => this.sayRateWait(ms),
      onRetryWait: (wait) => this.sayRetryWait(wait),
      ...hooks,
    };
    return new RouteClient(withSender(options, nodeHttpSender()));
  }
}

/** A word as a POSIX shell reads it back: plain when safe, else in single quotes. */
/** A duration in ms from a test-only environment variable, or undefined (the default) when unset or unreadable. */
function testMilliseconds(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function localeLanguage(env: NodeJS.ProcessEnv): string | undefined {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('fr') ? 'fr' : undefined;
}
