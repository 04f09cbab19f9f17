import type { ClientOptions } from './options.js';
import { abortableSleep } from './abortable-sleep.js';

// How a test gives the client its randomness and its clock for retry waits, without a public option (a user has no
// reason to): the waits are then read, not lived through. Not exported by the library's entries.

/** Where the retry rule gets its randomness, the time and its waits from. */
export interface RetryTiming {
  /** A number in [0, 1): the share of the backoff window waited (full jitter). */
  random: () => number;
  /** Epoch ms, to read a Retry-After given as an HTTP date. */
  now: () => number;
  /** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

const REAL: RetryTiming = { random: Math.random, now: Date.now, sleep: abortableSleep };
const timings = new WeakMap<ClientOptions, Partial<RetryTiming>>();

/** `options`, marked to take the given parts of the retry timing instead of the real ones. */
export function withRetryTiming(options: ClientOptions, timing: Partial<RetryTiming>): ClientOptions {
  timings.set(options, timing);
  return options;
}

/** The retry timing of a client made with `options`: the real one, with what a test gave in its place. */
export function retryTimingOf(options: ClientOptions): RetryTiming {
  return { ...REAL, ...timings.get(options) };
}
