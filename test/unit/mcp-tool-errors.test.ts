import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  InterruptedError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  UsageError,
} from '../../src/errors.js';
import { describeInputError, describeToolError } from '../../src/mcp/tool-errors.js';

describe('MCP tool errors', () => {
  it('answer a 429 with when to retry, from the wait the service asked for', () => {
    const asked = new RateLimitError(
      'The service is rate limiting GET http://x/v1/route/ai/search and asked to wait 60 s before retrying, more than the 5 s motoroute waits. Try again later.',
      429,
      'http://x',
    );
    expect(describeToolError(asked)).toBe('The service asks us to slow down; retry in 60 s.');
    expect(
      describeToolError(
        new RateLimitError(
          'The service answered 429 for GET x; it kept refusing after every retry. Try again later.',
          429,
          'x',
        ),
      ),
    ).toBe('The service asks us to slow down; retry in 60 s.');
  });

  it('say the exit code meaning in words, on one line, without control characters', () => {
    expect(describeToolError(new UsageError('date_from 2020-01-01 is in the past.'))).toBe(
      'date_from 2020-01-01 is in the past.',
    );
    expect(describeToolError(new ApiError('HTTP 500 from\nthe service: \u001b[31mboom', 500, 'http://x'))).toBe(
      'The service answered with an error: HTTP 500 from the service: boom',
    );
    expect(describeToolError(new NotFoundError('no trip 42.', 404, ''))).toBe('Not found: no trip 42.');
    expect(describeToolError(new TimeoutError('no answer in 2 s.'))).toMatch(
      /^Network failure or timeout after retries .*: no answer in 2 s\.$/,
    );
    expect(describeToolError(new NetworkError('refused.'))).toMatch(/^Network failure/);
    expect(describeToolError(new InterruptedError('Interrupted.'))).toBe('Interrupted: Interrupted.');
    expect(describeToolError({ exitCode: 1, message: 'not an Error' })).toMatch(/^The service answered with an error/);
    expect(describeToolError(new TypeError('x is undefined'))).toBe('Unexpected error: x is undefined');
  });

  it('name the first field a schema refused, and count the others', () => {
    const schema = z.strictObject({ limit: z.number().max(50), depart: z.string() });
    const result = schema.safeParse({ limit: 500, depart: 3, extra: true });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeInputError(result.error)).toMatch(/^limit: .*50.* \(and 2 more problems\)$/);
  });
});
