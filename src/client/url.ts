import { UsageError } from '../errors.js';
import type { QueryParams } from './options.js';
import { URL_WORDS, type UrlLang } from './url-words.js';

/** Checks a base URL (http or https, no credentials) and returns it without a trailing slash; refused in `lang`. */
export function parseBaseUrl(baseUrl: string, lang: UrlLang = 'en'): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(URL_WORDS[lang].notUrl(baseUrl));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(URL_WORDS[lang].notHttp(url.protocol));
  if (url.username || url.password) throw new UsageError(URL_WORDS[lang].credentials);
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

// The fetch standard's "bad ports" (fetch.spec.whatwg.org, "port blocking"): ports of other protocols (SMTP, IRC,
// X11, SIP…) that every fetch refuses to connect to, so that a page cannot talk to them.
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Refuses a base URL on a port that fetch blocks: every request would fail with no answer, so say why at once. */
export function checkFetchPort(base: URL, lang: UrlLang = 'en'): void {
  const port = Number(base.port);
  if (!FETCH_BLOCKED_PORTS.has(port)) return;
  throw new UsageError(URL_WORDS[lang].blockedPort(base.href.replace(/\/$/, ''), port));
}
