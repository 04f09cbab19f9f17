import { toHeaders } from '../domain/header-record.js';
import type { RawResponse } from './options.js';

/**
 * The answer a result came from (the last attempt, after retries and redirects): what `.withResponse()` gives.
 *
 * ```ts
 * const { data, response } = await client.search({ depart: 'Paris' }).withResponse();
 * console.log(response.status, response.headers.get('x-ratelimit-remaining'), data.routes.length);
 * ```
 */
export interface ResponseInfo {
  /** The HTTP status (200, or an error status for `request()`). */
  status: number;
  /** Its reason phrase (`OK`), empty when unknown. */
  statusText: string;
  /** The URL that answered (where redirects led). */
  url: string;
  /** The answer's headers, as a WHATWG `Headers` (names are case-insensitive: `headers.get('X-RateLimit-Limit')`). */
  headers: Headers;
}

/** The ResponseInfo of an answer read in full. */
export function responseInfo(response: Pick<RawResponse, 'status' | 'statusText' | 'url' | 'headers'>): ResponseInfo {
  let headers: Headers | undefined;
  return {
    status: response.status,
    statusText: response.statusText,
    url: response.url,
    // Made on first use (see toHeaders): a CLI run never asks for it.
    get headers() {
      headers ??= toHeaders(response.headers);
      return headers;
    },
  };
}
