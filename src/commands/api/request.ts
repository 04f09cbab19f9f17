import { HEADER_NAME } from '../../domain/header-record.js';
import { UsageError } from '../../errors.js';
import { API_WORDS, type ApiLang } from './words.js';

/** A raw request as the user described it, checked: nothing here has been sent. */
export interface ApiRequest {
  method: string;
  /** Path under the base URL, starting with `/`, without its query string. */
  pathname: string;
  /** The query string: PATH's own, then the fields for GET/HEAD or when the body comes from --input. */
  query: URLSearchParams;
  /** A JSON object built from fields, or the bytes of --input. */
  body: Record<string, unknown> | Buffer | undefined;
  headers: Record<string, string>;
}

/** The user's choices, each flag already read by its kind (src/commands/api/options.ts). */
export interface ApiRequestInput {
  path: string;
  method?: string;
  /** -f and -F, in the order given: `key=value` pairs, -F values typed (parseTypedValue). */
  fields: readonly [string, unknown][];
  headers: readonly [string, string][];
  /** The bytes of --input, already read. */
  input?: Buffer;
  /** The method when -X is not given, instead of GET/POST by fields (--paginate implies GET). */
  defaultMethod?: string;
  /** The language of a refusal (English by default). */
  lang?: ApiLang;
}

/** The methods `api -X` sends. */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
const TRANSPORT_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

/**
 * Checks PATH, the method, fields and headers and builds the request: GET by default, POST when
 * fields or --input are given; fields go to the query string for GET/HEAD (and beside --input),
 * into a JSON body otherwise. Throws a UsageError on anything invalid.
 */
export function buildApiRequest(input: ApiRequestInput): ApiRequest {
  const lang = input.lang ?? 'en';
  const { pathname, query } = parseApiPath(input.path, lang);
  const { fields } = input;
  const method = input.method ?? input.defaultMethod ?? (fields.length > 0 || input.input ? 'POST' : 'GET');
  const bodyless = method === 'GET' || method === 'HEAD';
  if (bodyless && input.input) throw new UsageError(API_WORDS[lang].bodyless(method));
  let body: ApiRequest['body'] = input.input;
  if (bodyless || input.input) {
    for (const [key, value] of fields) query.append(key.replace(/\[\]$/, ''), value === null ? '' : String(value));
  } else if (fields.length > 0) {
    body = fieldsToObject(fields);
  }
  return { method, pathname, query, body, headers: Object.fromEntries(input.headers) };
}

/**
 * Splits PATH into a path under the base URL and its query. Absolute URLs (another host would get
 * the request), `.`/`..` segments (even percent-encoded), backslashes, fragments and controls are refused.
 */
export function parseApiPath(path: string, lang: ApiLang = 'en'): { pathname: string; query: URLSearchParams } {
  const words = API_WORDS[lang];
  const shown = path.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 100);
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    throw new UsageError(words.absolute(shown));
  }
  if (path.trim() === '') throw new UsageError(words.needsPath);
  if (/[\s\u0000-\u001f\u007f-\u009f\\#]/.test(path)) throw new UsageError(words.badCharacters(shown));
  const [rawPath = '', ...rest] = path.split('?');
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw new UsageError(words.brokenEncoding(shown));
  }
  if (decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) {
    throw new UsageError(words.climbsOut(shown));
  }
  const pathname = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  return { pathname, query: new URLSearchParams(rest.join('?')) };
}

/** `key=value` of -f/-F: the key is everything before the first `=`. */
export function parseField(text: string, flag: string, lang: ApiLang = 'en'): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(API_WORDS[lang].notKeyValue(flag, text.slice(0, 60)));
  return [text.slice(0, at), text.slice(at + 1)];
}

/** A -F value: true, false, null and numbers become JSON values; anything else stays a string. */
export function parseTypedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  return text;
}

/** `Name: value` of -H; credentials and transport headers are refused. */
export function parseHeader(text: string, lang: ApiLang = 'en'): [string, string] {
  const words = API_WORDS[lang];
  const at = text.indexOf(':');
  const name = at > 0 ? text.slice(0, at).trim() : '';
  const value = at > 0 ? text.slice(at + 1).trim() : '';
  if (!HEADER_NAME.test(name))
    throw new UsageError(words.notHeader(text.slice(0, 60).replace(/[\u0000-\u001f]/g, '?')));
  const lower = name.toLowerCase();
  if (CREDENTIAL_HEADERS.has(lower)) {
    throw new UsageError(words.credential(name));
  }
  if (TRANSPORT_HEADERS.has(lower)) throw new UsageError(words.transport(name));
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) throw new UsageError(words.controlInValue(name));
  return [name, value];
}

/** Fields as a JSON object; `key[]=v` collects values into an array. Built through a Map so no key can reach a prototype. */
function fieldsToObject(fields: readonly [string, unknown][]): Record<string, unknown> {
  const values = new Map<string, unknown>();
  for (const [key, value] of fields) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const list = values.get(name);
      values.set(name, Array.isArray(list) ? [...list, value] : [value]);
    } else {
      values.set(key, value);
    }
  }
  return Object.fromEntries(values);
}
