import type { Spoil } from './http/send.js';
import { createRandom, type Random } from './random.js';

/** Deterministic fault hooks: "the next n requests (to this path) …". */
export interface FaultHooks {
  /**
   * The next n requests (to `path`, or any) answer 500 {error}.
   * @example
   * ```ts
   * svc.faults.failNext(2, '/route/ai/search'); // the client's retries see two 500s, then an answer
   * ```
   */
  failNext(n: number, path?: string): void;
  /**
   * The next n requests answer 429 with this Retry-After.
   * @example
   * ```ts
   * svc.faults.rateLimitNext(1, 2); // the next request gets 429 with Retry-After: 2
   * ```
   */
  rateLimitNext(n: number, retryAfterSeconds: number, path?: string): void;
  /**
   * The next n responses are cut mid-body (connection destroyed).
   * @example
   * ```ts
   * svc.faults.cutNext(1, '/route/get/results'); // the listing breaks off mid-body once
   * ```
   */
  cutNext(n: number, path?: string): void;
  /**
   * The next n bodies are not JSON (alternately an HTML page and truncated JSON), status 200.
   * @example
   * ```ts
   * svc.faults.malformedNext(1); // the next answer is 200 with a body that is not JSON
   * ```
   */
  malformedNext(n: number, path?: string): void;
  /**
   * The next n answers are garbled after the compression header so that decoding fails (status 200,
   * Content-Encoding set). Needs the compress option: an answer sent uncompressed (the request did
   * not accept the coding) still uses up one of the n but is sent intact.
   * @example
   * ```ts
   * const svc = await startLocalService({ deviations: { compress: 'gzip' } });
   * svc.faults.corruptNext(1); // the next compressed answer cannot be decoded
   * ```
   */
  corruptNext(n: number, path?: string): void;
  /**
   * Forgets every fault queued and not yet met, so that a test starts from a service that behaves.
   * @example
   * ```ts
   * afterEach(() => svc.faults.clear());
   * ```
   */
  clear(): void;
}

/** What the fault layer decided for one request. */
export type FaultDecision =
  | { kind: 'none'; spoil: Spoil; corrupt: boolean }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'fail' };

/** The rates of ServerOptions that faults draw on. */
export interface FaultRates {
  failRate: number;
  rateLimit: number;
  cutRate: number;
  malformedRate: number;
  faultSeed: number;
}

interface Pending {
  remaining: number;
  path: string | undefined;
  retryAfterSeconds: number;
}

const WINDOW_MS = 60_000;

/** Decides, per request, whether to misbehave: queued hooks first, then the configured rates. */
export class FaultController implements FaultHooks {
  private readonly random: Random;
  private readonly queues = {
    fail: [] as Pending[],
    rateLimit: [] as Pending[],
    cut: [] as Pending[],
    malformed: [] as Pending[],
    corrupt: [] as Pending[],
  };
  private readonly accepted: number[] = [];
  private malformedCount = 0;

  constructor(private readonly rates: FaultRates) {
    this.random = createRandom(`faults:${rates.faultSeed}`);
  }

  failNext(n: number, path?: string): void {
    this.queue('fail', n, path, 0);
  }

  rateLimitNext(n: number, retryAfterSeconds: number, path?: string): void {
    this.queue('rateLimit', n, path, retryAfterSeconds);
  }

  cutNext(n: number, path?: string): void {
    this.queue('cut', n, path, 0);
  }

  malformedNext(n: number, path?: string): void {
    this.queue('malformed', n, path, 0);
  }

  corruptNext(n: number, path?: string): void {
    this.queue('corrupt', n, path, 0);
  }

  /** Forgets every queued hook. */
  clear(): void {
    for (const queue of Object.values(this.queues)) queue.length = 0;
  }

  /** Whether a queued hook is waiting for a request to `path`. */
  hasQueued(path: string): boolean {
    return Object.values(this.queues).some((queue) => queue.some((pending) => matches(pending, path)));
  }

  /**
   * The fate of one request to a normalised path, at time `now` (ms). `queued: false` (a request its client
   * has already abandoned) meets only the configured rates: a queued hook is kept for a request someone awaits.
   */
  decide(path: string, now: number, queued = true): FaultDecision {
    const take = (kind: keyof FaultController['queues']) => (queued ? this.take(kind, path) : undefined);
    const limited = take('rateLimit');
    if (limited) return { kind: 'rate-limited', retryAfterSeconds: limited.retryAfterSeconds };
    if (this.rates.rateLimit > 0) {
      this.forgetOld(now);
      if (this.accepted.length >= this.rates.rateLimit) {
        return {
          kind: 'rate-limited',
          retryAfterSeconds: Math.max(1, Math.ceil(((this.accepted[0] as number) + WINDOW_MS - now) / 1000)),
        };
      }
      this.accepted.push(now);
    }
    if (take('fail') || this.random.chance(this.rates.failRate)) return { kind: 'fail' };
    const corrupt = take('corrupt') !== undefined;
    if (take('malformed') || this.random.chance(this.rates.malformedRate)) {
      return { kind: 'none', spoil: this.malformedCount++ % 2 === 0 ? 'html' : 'truncated', corrupt };
    }
    if (take('cut') || this.random.chance(this.rates.cutRate)) return { kind: 'none', spoil: 'cut', corrupt };
    return { kind: 'none', spoil: 'none', corrupt };
  }

  /** X-RateLimit-* values: zeros (no limit) unless a rate limit is configured. */
  rateLimitHeaders(now: number): Record<string, string> {
    if (this.rates.rateLimit === 0)
      return { 'x-ratelimit-limit': '0', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' };
    this.forgetOld(now);
    const oldest = this.accepted[0];
    return {
      'x-ratelimit-limit': String(this.rates.rateLimit),
      'x-ratelimit-remaining': String(Math.max(0, this.rates.rateLimit - this.accepted.length)),
      'x-ratelimit-reset': String(oldest === undefined ? 0 : Math.ceil((oldest + WINDOW_MS - now) / 1000)),
    };
  }

  private queue(
    kind: keyof FaultController['queues'],
    n: number,
    path: string | undefined,
    retryAfterSeconds: number,
  ): void {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`);
    if (n > 0)
      this.queues[kind].push({
        remaining: n,
        path: path === undefined ? undefined : normalise(path),
        retryAfterSeconds,
      });
  }

  private take(kind: keyof FaultController['queues'], path: string): Pending | undefined {
    const queue = this.queues[kind];
    const index = queue.findIndex((pending) => matches(pending, path));
    const found = queue[index];
    if (!found) return undefined;
    if (--found.remaining === 0) queue.splice(index, 1);
    return found;
  }

  private forgetOld(now: number): void {
    while (this.accepted.length > 0 && (this.accepted[0] as number) <= now - WINDOW_MS) this.accepted.shift();
  }
}

function matches(pending: Pending, path: string): boolean {
  return pending.path === undefined || pending.path === path;
}

function normalise(path: string): string {
  return path.replace(/^\/v1(?=\/)/, '').replace(/(.)\/+$/, '$1');
}
