import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built entries (dist/), each loaded as a user loads it: every CommonJS bundle holds its own copy of the error
// classes and the ES modules one more, yet an error of any copy is an instance of every copy's classes.

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const require = createRequire(DIST);

type Errors = typeof import('../../src/errors.js');
type Booking = typeof import('../../src/booking/index.js');

const cjs = require(`${DIST}index.cjs`) as Errors;
const cjsBooking = require(`${DIST}booking.cjs`) as Booking;
const esm = (await import(`${DIST}index.js`)) as Errors;
const esmBooking = (await import(`${DIST}booking.js`)) as Booking;

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('one set of error classes across entries and module systems', () => {
  it('has separate copies of the classes to reconcile (else this test proves nothing)', () => {
    expect(cjs.UsageError).not.toBe(esm.UsageError);
    expect(Object.getPrototypeOf(thrown(() => cjsBooking.parseFormula('sidecar')))).not.toBe(cjs.UsageError.prototype);
  });

  it("makes a UsageError of motoroute/booking (CommonJS) an instance of motoroute's, required or imported", () => {
    for (const error of [
      thrown(() => cjsBooking.parseFormula('sidecar')),
      thrown(() => esmBooking.parseFormula('sidecar')),
    ]) {
      for (const errors of [cjs, esm]) {
        expect(error).toBeInstanceOf(errors.UsageError);
        expect(error).toBeInstanceOf(errors.MotorouteError);
        expect(error).not.toBeInstanceOf(errors.ApiError);
        expect(error).not.toBeInstanceOf(errors.NetworkError);
      }
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('UsageError');
    }
  });

  it('keeps the hierarchy: a NotFoundError is an ApiError, a MotorouteError and an Error, not a RateLimitError', () => {
    for (const [made, seen] of [
      [cjs, esm],
      [esm, cjs],
      [cjs, cjs],
      [esm, esm],
    ] as const) {
      const notFound = new made.NotFoundError('No job job-1.', 404, 'http://127.0.0.1/v1/route/jobs/job-1');
      expect(notFound).toBeInstanceOf(seen.NotFoundError);
      expect(notFound).toBeInstanceOf(seen.ApiError);
      expect(notFound).toBeInstanceOf(seen.MotorouteError);
      expect(notFound).toBeInstanceOf(Error);
      expect(notFound).not.toBeInstanceOf(seen.RateLimitError);
      expect(notFound).not.toBeInstanceOf(seen.UsageError);
      const timeout = new made.TimeoutError('late');
      expect(timeout).toBeInstanceOf(seen.NetworkError);
      expect(timeout).not.toBeInstanceOf(seen.ApiError);
      expect(new made.ApiError('x', 500, 'u')).not.toBeInstanceOf(seen.NotFoundError);
    }
  });

  it('recognises nothing else: plain errors, look-alikes, primitives', () => {
    for (const errors of [cjs, esm]) {
      for (const value of [
        new Error('x'),
        new TypeError('x'),
        { name: 'UsageError', message: 'x', exitCode: 2 },
        null,
        undefined,
        'UsageError',
        42,
      ]) {
        expect(value instanceof errors.MotorouteError).toBe(false);
        expect(value instanceof errors.UsageError).toBe(false);
      }
    }
  });

  it("checks a class of the user's own by its prototype chain, and its instances are motoroute's errors everywhere", () => {
    class QuotaError extends esm.ApiError {}
    const quota = new QuotaError('over quota', 429, 'u');
    expect(quota).toBeInstanceOf(QuotaError);
    expect(quota).toBeInstanceOf(cjs.ApiError);
    expect(quota).toBeInstanceOf(cjs.MotorouteError);
    expect(new cjs.ApiError('x', 500, 'u')).not.toBeInstanceOf(QuotaError);
  });
});
