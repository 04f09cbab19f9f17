import type * as z from 'zod/mini';
import { ApiError } from '../errors.js';
import type { RawResponse } from './options.js';

/** Parses a JSON answer through a schema; a non-JSON body or an unexpected shape becomes an ApiError naming the endpoint. */
export function decodeJson<T>(response: RawResponse, schema: z.ZodMiniType<T>, endpoint: string): T {
  const contentType = response.headers['content-type'];
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString('utf8'));
  } catch {
    const type = (Array.isArray(contentType) ? contentType[0] : contentType)?.split(';')[0] ?? 'no content type';
    throw new ApiError(
      `${endpoint} returned a body that is not JSON (${type}, ${response.body.length} bytes); the service may be down or the base URL wrong.`,
      response.status,
      response.url,
    );
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    throw new ApiError(`${endpoint} returned an unexpected body: ${summariseIssue(result.error)}.`, response.status, response.url);
  }
  return result.data;
}

/** The first problem of a failed parse, as `path: message` (never the whole zod dump). */
export function summariseIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not have the expected shape';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problems)` : '';
  return `${formatPath(issue.path)}: ${issue.message}${more}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the body';
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
