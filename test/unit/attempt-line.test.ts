import { describe, expect, it } from 'vitest';
import { formatAttempt } from '../../src/output/attempt-line.js';

const base = {
  method: 'GET',
  url: 'http://127.0.0.1:1/v1/route/ai/search',
  ms: 41.6,
  attempt: 1,
  bytes: 17_512,
  decodedBytes: 17_512,
};

describe('formatAttempt', () => {
  it('shows status, time, attempt and size', () => {
    expect(formatAttempt({ ...base, status: 200 })).toBe(
      'GET http://127.0.0.1:1/v1/route/ai/search → 200 42 ms (attempt 1, 17.5 kB)',
    );
  });

  it('shows the bytes on the wire and decoded for a compressed answer', () => {
    expect(formatAttempt({ ...base, status: 200, bytes: 2_100, encoding: 'gzip' })).toBe(
      'GET http://127.0.0.1:1/v1/route/ai/search → 200 42 ms (attempt 1, 2.1 kB gzip on the wire, 17.5 kB decoded)',
    );
  });

  it('shows where a redirect sent the request, and failures without a status', () => {
    expect(
      formatAttempt({
        ...base,
        status: 301,
        bytes: 0,
        decodedBytes: 0,
        location: 'http://127.0.0.1:1/api/v1/route/ai/search',
      }),
    ).toBe(
      'GET http://127.0.0.1:1/v1/route/ai/search → 301 → http://127.0.0.1:1/api/v1/route/ai/search 42 ms (attempt 1)',
    );
    expect(formatAttempt({ ...base, bytes: 0, decodedBytes: 0, error: 'ECONNRESET: socket hang up', attempt: 2 })).toBe(
      'GET http://127.0.0.1:1/v1/route/ai/search → ECONNRESET: socket hang up 42 ms (attempt 2)',
    );
  });
});
