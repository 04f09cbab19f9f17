import { sanitiseText } from '../domain/safe-text.js';
import { ApiError, withRemedy } from '../errors.js';
import { statusText } from './http-errors.js';

/** At most this many redirects are followed for one request. */
export const MAX_REDIRECTS = 5;

const ANY_METHOD = new Set([307, 308]);
const SAFE_METHOD = new Set([301, 302, 303, 307, 308]);

/** Whether a request with `method` follows a `status` answer: GET and HEAD follow every redirect, others only 307/308 (which keep the body). */
export function followsRedirect(method: string, status: number): boolean {
  return (method === 'GET' || method === 'HEAD' ? SAFE_METHOD : ANY_METHOD).has(status);
}

/** 301 and 308 say the address moved for good. */
export function isPermanentRedirect(status: number): boolean {
  return status === 301 || status === 308;
}

/**
 * Whether a redirect stays with the same service: the same scheme, host and port, or an upgrade of
 * the same host from http to https (its port may change with the scheme). Never a downgrade.
 */
export function isSameService(from: URL, to: URL): boolean {
  if (from.hostname !== to.hostname) return false;
  if (from.protocol === to.protocol) return from.port === to.port;
  return from.protocol === 'http:' && to.protocol === 'https:';
}

/**
 * The base URL that a redirect implies, when the target keeps the endpoint path and query under a new
 * prefix (`…/v1/route/ai/search?x` → `…/api/v1/route/ai/search?x` gives `…/api/v1`); undefined otherwise.
 */
export function movedBase(endpoint: string, from: URL, to: URL): string | undefined {
  if (from.search !== to.search || !to.pathname.endsWith(endpoint)) return undefined;
  const prefix = to.pathname.slice(0, to.pathname.length - endpoint.length).replace(/\/+$/, '');
  return `${to.origin}${prefix}`;
}

/** The Location of a redirect as an absolute URL, or an ApiError when it is missing or unreadable. */
export function redirectTarget(method: string, url: string, status: number, location: string | undefined): URL {
  const answered = `The service answered ${status} ${statusText(status)} for ${method} ${url}`;
  if (location === undefined || location.trim() === '')
    throw new ApiError(`${answered} without saying where to (no Location header).`, status, url);
  try {
    return new URL(location.trim(), url);
  } catch {
    throw new ApiError(
      `${answered} with a Location that is not a URL: ${sanitiseText(location.slice(0, 200))}.`,
      status,
      url,
    );
  }
}

/** The error of a redirect motoroute will not follow: to another host, a downgrade to http, a loop, or too many hops. */
export function refusedRedirectError(
  reason: 'other-host' | 'loop' | 'too-many' | 'method',
  method: string,
  url: string,
  status: number,
  target: URL,
  suggestedBase: string | undefined,
): ApiError {
  const answered = `The service answered ${status} ${statusText(status)} for ${method} ${url}`;
  switch (reason) {
    case 'other-host': {
      const base = suggestedBase ?? target.origin;
      return withRemedy(
        new ApiError(
          `${answered} and redirects to ${target.href}, which is another host (or plain http); motoroute never follows a redirect there.`,
          status,
          url,
        ),
        { kind: 'moved', base },
      );
    }
    case 'loop':
      return new ApiError(
        `${answered} and redirects to ${target.href}, which redirected here before: a redirect loop. Check the base URL.`,
        status,
        url,
      );
    case 'too-many':
      return new ApiError(
        `${answered} after ${MAX_REDIRECTS} redirects already; motoroute follows at most ${MAX_REDIRECTS}. Check the base URL.`,
        status,
        url,
      );
    case 'method':
      return new ApiError(
        `${answered} and redirects to ${target.href}; a ${method} is only repeated at a new address on 307 or 308, which keep its body. Check the base URL.`,
        status,
        url,
      );
  }
}
