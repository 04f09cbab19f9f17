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

/** The headers the transport read, as a WHATWG Headers (a repeated header keeps every value). */
export function toHeaders(record: RawResponse['headers'] | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record ?? {})) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      try {
        headers.append(name, one);
      } catch {
        // A value Headers refuses (a stray control character) is left out: the answer itself was read.
      }
    }
  }
  return headers;
}

/** The ResponseInfo of an answer read in full. */
export function responseInfo(response: Pick<RawResponse, 'status' | 'statusText' | 'url' | 'headers'>): ResponseInfo {
  return { status: response.status, statusText: response.statusText, url: response.url, headers: toHeaders(response.headers) };
}
