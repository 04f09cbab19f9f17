import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError, InterruptedError, NetworkError, NotFoundError, TimeoutError, UsageError } from '../../src/errors.js';
import { describeInputError, describeToolError } from '../../src/mcp/tool-errors.js';

describe('MCP tool errors', () => {
  it('say the exit code meaning in words, on one line, without control characters', () => {
    expect(describeToolError(new UsageError('date_from 2020-01-01 is in the past.'))).toBe('date_from 2020-01-01 is in the past.');
    expect(describeToolError(new ApiError('HTTP 500 from\nthe service: \u001b[31mboom', 500, 'http://x'))).toBe('The service answered with an error: HTTP 500 from the service: boom');
    expect(describeToolError(new NotFoundError('no trip 42.', 404, ''))).toBe('Not found: no trip 42.');
    expect(describeToolError(new TimeoutError('no answer in 2 s.'))).toMatch(/^Network failure or timeout after retries .*: no answer in 2 s\.$/);
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
