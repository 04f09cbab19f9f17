import { HEADER_NAME } from '../domain/header-record.js';
import type { RequestCallOptions } from './options.js';

/** setTimeout's largest delay: a longer one fires at once (Node warns and uses 1 ms). */
export const MAX_TIMER_MS = 2_147_483_647;
const HEADER_VALUE = /^[^\r\n\0]*$/;

/** The `timeoutMs` option: milliseconds above 0, at most 2^31 - 1 (a timer's limit). */
export function readTimeoutMs(value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || value > MAX_TIMER_MS) {
    throw new RangeError(
      `timeoutMs must be a number of milliseconds above 0, at most ${MAX_TIMER_MS}; got ${describe(value)}.`,
    );
  }
  return value;
}

/** The `maxAttempts` option: attempts in all, a whole number from 1. */
export function readMaxAttempts(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new RangeError(
      `maxAttempts must be a whole number of attempts from 1 (the first one included); got ${describe(value)}.`,
    );
  }
  return value;
}

/**
 * Checks the per-call options before anything is sent: a bad value is a RangeError naming the option.
 * Undefined values are left out, so the client's own settings apply.
 */
export function readCallOptions(options: RequestCallOptions): RequestCallOptions {
  const checked: RequestCallOptions = {};
  if (options.timeoutMs !== undefined) checked.timeoutMs = readTimeoutMs(options.timeoutMs);
  if (options.maxAttempts !== undefined) checked.maxAttempts = readMaxAttempts(options.maxAttempts);
  if (options.signal !== undefined) {
    if (!(options.signal instanceof AbortSignal))
      throw new RangeError(`signal must be an AbortSignal; got ${describe(options.signal)}.`);
    checked.signal = options.signal;
  }
  if (options.headers !== undefined) checked.headers = readHeaders(options.headers);
  return checked;
}

function readHeaders(headers: unknown): Record<string, string> {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    throw new RangeError(`headers must be an object of header names and text values; got ${describe(headers)}.`);
  }
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      throw new RangeError(`headers must have valid header names; got ${JSON.stringify(name)}.`);
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw new RangeError(`headers must have text values without line breaks; got ${describe(value)} for ${name}.`);
    }
    checked[name] = value;
  }
  return checked;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object' && value !== null)
    return Array.isArray(value) ? 'an array' : `an object (${value.constructor?.name ?? 'no prototype'})`;
  return String(value);
}
