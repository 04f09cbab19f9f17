import { UsageError } from '../errors.js';
import type { QueryParams } from './options.js';

/** Checks a base URL (http or https, no credentials) and returns it without a trailing slash. */
export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`"${baseUrl}" is not a URL; give the service address, e.g. https://symone.fr/api-proxy/v1.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`The base URL must start with http:// or https:// (got ${url.protocol}//).`);
  }
  if (url.username || url.password) {
    throw new UsageError('The base URL must not contain a user name or password: the service is anonymous.');
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url;
}

/** Joins an endpoint path to the base (no double slashes) and appends the non-empty query parameters. */
export function buildUrl(base: URL, path: string, query?: QueryParams): string {
  const url = new URL(base.href);
  const [pathOnly = '', existingQuery] = path.split('?', 2);
  const tail = pathOnly.replace(/^\/+/, '');
  const prefix = url.pathname.replace(/\/+$/, '');
  url.pathname = tail ? `${prefix}/${tail}` : prefix || '/';
  if (existingQuery) url.search = existingQuery;
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.append(key, String(value));
  }
  return url.href;
}

/** The endpoint path of a full URL relative to the base (`/route/ai/search`), for messages and deprecation notices. */
export function endpointPath(base: URL, url: string): string {
  const pathname = new URL(url).pathname;
  const prefix = base.pathname === '/' ? '' : base.pathname;
  return prefix && pathname.startsWith(prefix) ? pathname.slice(prefix.length) || '/' : pathname;
}
