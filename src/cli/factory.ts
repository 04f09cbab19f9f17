import { getMaxListeners, setMaxListeners } from 'node:events';
import type { RouteClient } from '../client/client.js';
import type { ClientOptions } from '../client/options.js';
import { parseBaseUrl } from '../client/url.js';
import { clockFromEnvironment, type ServiceClock } from '../core/clock.js';
import type { Core } from '../core/core.js';
import type { UpcomingTrips } from '../core/upcoming.js';
import { UsageError } from '../errors.js';
import type { RunningServer } from '../server/index.js';
import { VERSION } from '../version.js';
import type { Notices } from './notices.js';
import type { RunSettings } from './run-settings.js';
import { CONTEXT_WORDS } from './words.js';

/** Client options a command may set for its own run. */
export type ClientHooks = Pick<ClientOptions, 'onRateWait' | 'maxRetryAfterSeconds' | 'rateBudget'>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * What a run builds, each on first use and once (as gh's Factory): the clock, the API client (and the in-process
 * service behind --sandbox), the core on them, and the filter of trips still to leave. What these say on the way
 * (a redirect, a rate wait, records left out) goes to the run's notices.
 */
export class Factory {
  private clockValue: ServiceClock | undefined;
  private clientPromise: Promise<RouteClient> | undefined;
  private readonly extraClients: Promise<RouteClient>[] = [];
  private sandboxPromise: Promise<RunningServer> | undefined;
  private corePromise: Promise<Core> | undefined;
  private upcomingTrips: UpcomingTrips | undefined;

  constructor(
    readonly settings: RunSettings,
    private readonly notices: Notices,
    private readonly env: NodeJS.ProcessEnv,
    private readonly signal: AbortSignal,
  ) {}

  /** The service's clock (France's), read from MOTOROUTE_NOW in tests. */
  get clock(): ServiceClock {
    this.clockValue ??= clockFromEnvironment(this.env);
    return this.clockValue;
  }

  /**
   * The API client, created on first use (starting the in-process service with --sandbox). `hooks` (given by the first
   * caller only: `motoroute mcp`) replace the terminal's rate-wait notice and the longest 429 wait.
   */
  client(hooks?: ClientHooks): Promise<RouteClient> {
    this.clientPromise ??= this.baseUrl().then((baseUrl) => this.createClient(baseUrl, hooks));
    return this.clientPromise;
  }

  /** A further client on another base URL (e.g. the service origin for `doctor`), with the same settings; closed with the run. */
  async clientFor(baseUrl: string): Promise<RouteClient> {
    this.checkTransport(baseUrl);
    const client = this.createClient(baseUrl);
    this.extraClients.push(client);
    return client;
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
   * sayLeftToday() says how many were.
   */
  async upcoming(): Promise<(trip: { date: string; times: string[] }) => boolean> {
    if (!this.upcomingTrips) {
      const { UpcomingTrips } = await import('../core/upcoming.js');
      this.upcomingTrips = new UpcomingTrips(this.clock.moment());
    }
    return this.upcomingTrips.keep;
  }

  /** One note for the trips that upcoming() left out because they had left, if any had. */
  async sayLeftToday(): Promise<void> {
    const upcoming = this.upcomingTrips;
    if (!upcoming || upcoming.left === 0) return;
    const { leftTodayNote } = await import('../core/upcoming.js');
    this.notices.note(leftTodayNote(upcoming.left, upcoming.moment, this.notices.lang));
  }

  /** The base URL requests go to, after --sandbox and --legacy. */
  async baseUrl(): Promise<string> {
    const globals = this.settings.globals;
    let base: string;
    if (globals.sandbox) {
      base = `${(await this.sandbox()).url}/v1`;
    } else {
      base = this.settings.setting('base-url').value ?? '';
      this.checkTransport(base);
    }
    return globals.legacy ? base.replace(/\/v1$/, '') : base;
  }

  /** The in-process service of --sandbox, started on first use, once. */
  private sandbox(): Promise<RunningServer> {
    this.sandboxPromise ??= import('../server/index.js').then(async ({ startServer }) => {
      // With MOTOROUTE_NOW the sample trips are those of that day, so that documented examples run as printed.
      const server = await startServer({
        host: '127.0.0.1',
        port: 0,
        ...(this.env.MOTOROUTE_NOW ? { today: this.clock.today() } : {}),
      });
      this.notices.note(CONTEXT_WORDS[this.notices.lang].sandbox(`${server.url}/v1`));
      return server;
    });
    return this.sandboxPromise;
  }

  /** Releases the clients' connections and stops the sandbox service. */
  async close(): Promise<void> {
    const clients = await Promise.all(
      [this.clientPromise, ...this.extraClients].map((client) => client?.catch(() => undefined)),
    );
    await Promise.all(clients.map((client) => client?.close()));
    await (await this.sandboxPromise?.catch(() => undefined))?.close();
  }

  private checkTransport(base: string): void {
    // The client checks the address too, in English (library API): checked here first, in the session's language.
    const lang = this.settings.lang;
    const url = parseBaseUrl(base, lang);
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      if (!this.settings.globals.insecureHttp) throw new UsageError(CONTEXT_WORDS[lang].plainHttp(url.host));
      this.notices.warn(CONTEXT_WORDS[lang].unencrypted(url.host));
    }
  }

  private async createClient(baseUrl: string, hooks: ClientHooks = {}): Promise<RouteClient> {
    const [{ RouteClient }, { formatAttempt }, { nodeHttpSender }, { withSender }] = await Promise.all([
      import('../client/client.js'),
      import('../output/attempt-line.js'),
      import('../client/node-http-sender.js'),
      import('../client/sender-option.js'),
    ]);
    const settings = this.settings;
    const notices = this.notices;
    // Every in-flight or queued request listens on the run's signal; a --all run can hold many at once.
    setMaxListeners(Math.max(getMaxListeners(this.signal), 1000), this.signal);
    // The CLI's HTTP stack is node:http (its own Agent, zlib decoding), not the library's fetch.
    const options: ClientOptions & { timeoutMs: number } = {
      baseUrl,
      timeoutMs: Number(settings.setting('timeout').value) * 1000,
      maxBodyBytes: Math.round(Number(settings.setting('max-body').value) * 1_048_576),
      ...(settings.runEndsAt !== undefined && { runEndsAt: settings.runEndsAt }),
      ratePerMinute: Number(settings.setting('rate').value),
      strict: settings.strict,
      pageConcurrency: Number(settings.setting('concurrency').value),
      bookingUrl: settings.setting('booking-url').value ?? '',
      // Tests shorten the 1 s backoff and the budget's minute; users keep the reference's rules.
      retryBaseDelayMs: testMilliseconds(this.env.MOTOROUTE_RETRY_BASE_MS),
      rateIntervalMs: testMilliseconds(this.env.MOTOROUTE_RATE_WINDOW_MS),
      signal: this.signal,
      userAgent: `motoroute/${VERSION} (+node ${process.versions.node})`,
      onAttempt: (attempt) => notices.attempt(() => formatAttempt(attempt)),
      onMoved: (moved) => {
        notices.warn(
          `the service has moved to ${moved.to} (a permanent redirect from ${moved.from}); to go there directly: motoroute config set base-url ${moved.to}`,
        );
      },
      onSkippedRecords: (info) => notices.recordSkipped(info),
      onDeprecation: (info) => {
        const extra = [info.sunset && `removal planned ${info.sunset}`, info.link && `see ${info.link}`]
          .filter(Boolean)
          .join('; ');
        notices.warn(`${info.endpoint} is deprecated by the service${extra ? ` (${extra})` : ''}.`);
      },
      onRateWait: (ms) => notices.rateWait(ms),
      onRetryWait: (wait) => notices.retryWait(wait),
      ...hooks,
    };
    return new RouteClient(withSender(options, nodeHttpSender()));
  }
}

/** A duration in ms from a test-only environment variable, or undefined (the default) when unset or unreadable. */
function testMilliseconds(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isFinite(value) && value >= 0 ? value : undefined;
}
