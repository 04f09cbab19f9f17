import type * as z from 'zod/mini';
import { ApiError } from '../errors.js';
import { parseJsonExact } from '../domain/exact-json.js';
import { headerValue } from '../domain/header-record.js';
import { CharsetError, decodeText } from './charset.js';
import type { RawResponse } from './options.js';

/**
 * The body's text in the charset its Content-Type declares (UTF-8 by default), without the byte-order mark
 * some deployments put before the JSON; a CharsetError when it does not decode (client/charset.ts).
 */
export function bodyText(body: Uint8Array, contentType?: string | string[]): string {
  return decodeText(body, contentType);
}

/** Parses a JSON answer (whatever its content type) through a schema; a non-JSON body or an unexpected shape becomes an ApiError naming the endpoint. */
export function decodeJson<T>(response: RawResponse, schema: z.ZodMiniType<T>, endpoint: string): T {
  return checkShape(parseJson(response, endpoint), schema, response, endpoint);
}

/** Parses a JSON answer; a body that is not JSON becomes an ApiError naming the endpoint, its content type and size. */
function parseJson(response: RawResponse, endpoint: string): unknown {
  let text: string;
  try {
    text = bodyText(response.body, response.headers['content-type']);
  } catch (error) {
    if (!(error instanceof CharsetError)) throw error;
    throw new ApiError(
      `${endpoint} returned a body motoroute cannot read: ${error.message}; nothing of it is used.`,
      response.status,
      response.url,
      undefined,
      {
        headers: response.headers,
      },
    );
  }
  try {
    return parseJsonExact(text);
  } catch {
    const type = headerValue(response.headers, 'content-type')?.split(';')[0] ?? 'no content type';
    throw new ApiError(
      `${endpoint} returned a body that is not JSON (${type}, ${response.body.byteLength} bytes); the service may be down or the base URL wrong.`,
      response.status,
      response.url,
      undefined,
      { headers: response.headers },
    );
  }
}

/** Checks parsed JSON against a schema; a mismatch becomes an ApiError with the first problem. */
function checkShape<T>(
  value: unknown,
  schema: z.ZodMiniType<T>,
  response: Pick<RawResponse, 'status' | 'url' | 'headers'>,
  endpoint: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError(
      `${endpoint} returned an unexpected body: ${summariseIssue(result.error)}.`,
      response.status,
      response.url,
      undefined,
      {
        headers: response.headers,
      },
    );
  }
  return result.data;
}

/** The first problem of a failed parse, as `path: message` (never the whole zod dump). */
export function summariseIssue(error: z.core.$ZodError): string {
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problems)` : '';
  return `${formatIssue(error)}${more}`;
}

/** The first problem alone: `path: message`, or with `relative` `.path: message` (to follow a record's own path). */
export function formatIssue(error: z.core.$ZodError, relative = false): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not have the expected shape';
  if (issue.path.length === 0) return relative ? issue.message : `the body: ${issue.message}`;
  return `${formatPath(issue.path, relative)}: ${issue.message}`;
}

function formatPath(path: readonly PropertyKey[], relative: boolean): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 && !relative ? '' : '.'}${String(key)}`,
    )
    .join('');
}
