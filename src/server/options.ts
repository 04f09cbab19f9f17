import { isIsoDate, franceDate } from '../domain/dates.js';

/** Listing record form: A (schema form), B (integration-guide form) or a deterministic mix. */
export type ListingForm = 'a' | 'b' | 'mixed';

/** Content codings the service can compress answers with. */
export const COMPRESS_ENCODINGS = ['gzip', 'deflate', 'br'] as const;
/** A content coding the service can compress answers with. */
export type CompressEncoding = (typeof COMPRESS_ENCODINGS)[number];

/** Redirect statuses a moved deployment may answer with. */
export const MOVED_STATUSES = [301, 302, 303, 307, 308] as const;
/** A redirect status of a moved deployment. */
export type MovedStatus = (typeof MOVED_STATUSES)[number];

/** What a completed job's `result` holds: the search page (as documented) or another shape seen in the wild. */
export const JOB_RESULT_SHAPES = ['page', 'routes-total', 'routes', 'results', 'array', 'other'] as const;
/** A shape of a completed job's `result`. */
export type JobResultShape = (typeof JOB_RESULT_SHAPES)[number];

/** The name of POST /ask's text field, or 'json' for an answer with no text field at all. */
export const ASK_SHAPES = ['answer', 'text', 'message', 'response', 'json'] as const;
/** The text field of POST /ask's answer, or 'json'. */
export type AskShape = (typeof ASK_SHAPES)[number];

/** Everything the local service can be asked to do; every field is optional. */
export interface ServerOptions {
  /** Interface to bind; default 127.0.0.1. */
  host?: string | undefined;
  /** Port to bind; default 0 (a free port). */
  port?: number | undefined;
  /** Number of generated routes; default 2000, scales to 1,000,000. */
  routes?: number | undefined;
  /** Data seed; same seed and same `today` give identical data. Default 1. */
  seed?: number | string | undefined;
  /** The service clock's date (YYYY-MM-DD); default the real local date. */
  today?: string | undefined;
  /** Form of the full listing's records; default 'mixed'. */
  listingForm?: ListingForm | undefined;
  /** A job moves from pending to completed/failed after this many milliseconds; default 1000. */
  jobDelayMs?: number | undefined;
  /** Share (0..1) of jobs that end failed; default 0. */
  jobFailRate?: number | undefined;
  /** Behave like a newer deployment: next_cursor, ?cursor=, limit capped at maxLimit. */
  cursorPaging?: boolean | undefined;
  /** Cap of `limit` with cursorPaging; default 25. */
  maxLimit?: number | undefined;
  /** Share (0..1) of requests answered 500 {error}. */
  failRate?: number | undefined;
  /** Answer 429 with Retry-After past this many requests per rolling minute. */
  rateLimit?: number | undefined;
  /** Milliseconds added before answering. */
  latencyMs?: number | undefined;
  /** Share (0..1) of responses whose connection is destroyed mid-body. */
  cutRate?: number | undefined;
  /** Share (0..1) of responses whose body is not JSON (HTML page or truncated JSON), status 200. */
  malformedRate?: number | undefined;
  /** Paths without version prefix (e.g. '/route/ai/search') answered with a Deprecation header. */
  deprecate?: string[] | undefined;
  /** Enables the test-only /__control endpoints (loopback peers only). */
  control?: boolean | undefined;
  /** Seed of the fault PRNG so fault runs are reproducible. */
  faultSeed?: number | undefined;
  /** Optional access log, one line per request. */
  log?: ((line: string) => void) | undefined;
  /**
   * Lets pages on other origins call the service from a browser (CORS): every answer allows any origin
   * and exposes the headers a client reads (X-RateLimit-*, Retry-After, Deprecation, Link, Location…),
   * and a preflight is answered with the methods and the headers it asks for. The test-only /__control
   * endpoints stay closed to other origins. Default false.
   */
  cors?: boolean | undefined;

  // Deviations of real deployments from the reference, each off by default (a tolerant reader's test bed).
  /** Compress answers with this coding when the request's Accept-Encoding accepts it. */
  compress?: CompressEncoding | undefined;
  /** Every JSON body starts with the UTF-8 byte-order mark. */
  bom?: boolean | undefined;
  /** The versioned base moved here (e.g. '/api/v1'): /v1 and legacy paths are redirected to it. */
  movedTo?: string | undefined;
  /** Status of those redirects; default 301 for GET and HEAD, 308 for other methods. */
  movedStatus?: MovedStatus | undefined;
  /** Every JSON object carries extra, undocumented fields (_links, currency, meta…). */
  extraFields?: boolean | undefined;
  /** Share (0..1) of records malformed beyond repair (null date, id {}, a string instead of a record…). */
  brokenRate?: number | undefined;
  /** Numbers sent as numeric strings and ids as numbers. */
  looseTypes?: boolean | undefined;
  /** Search pages without total_pages, has_next and book_url. */
  sparseEnvelope?: boolean | undefined;
  /** Shape of a completed job's result; default 'page'. */
  jobResultShape?: JobResultShape | undefined;
  /** Name of POST /ask's text field, or 'json'; default 'answer'. */
  askShape?: AskShape | undefined;
  /** JSON bodies are labelled text/plain instead of application/json. */
  textPlain?: boolean | undefined;
}

/** ServerOptions with defaults applied and values checked. */
export interface ResolvedOptions {
  host: string;
  port: number;
  routes: number;
  seed: number | string;
  /** The fixed clock date, or undefined to follow the real local date. */
  fixedToday: string | undefined;
  listingForm: ListingForm;
  jobDelayMs: number;
  jobFailRate: number;
  cursorPaging: boolean;
  maxLimit: number;
  failRate: number;
  rateLimit: number;
  latencyMs: number;
  cutRate: number;
  malformedRate: number;
  deprecate: string[];
  control: boolean;
  faultSeed: number;
  log: ((line: string) => void) | undefined;
  cors: boolean;
  compress: CompressEncoding | undefined;
  bom: boolean;
  movedTo: string | undefined;
  movedStatus: MovedStatus | undefined;
  extraFields: boolean;
  brokenRate: number;
  looseTypes: boolean;
  sparseEnvelope: boolean;
  jobResultShape: JobResultShape;
  askShape: AskShape;
  textPlain: boolean;
}

/** Applies defaults and rejects impossible values with a message naming the option. */
export function resolveOptions(options: ServerOptions = {}): ResolvedOptions {
  const rate = (name: string, value: number | undefined): number => {
    const v = value ?? 0;
    if (!(v >= 0 && v <= 1)) throw new RangeError(`${name} must be between 0 and 1, got ${String(value)}`);
    return v;
  };
  const count = (name: string, value: number | undefined, fallback: number, min: number): number => {
    const v = value ?? fallback;
    if (!Number.isInteger(v) || v < min)
      throw new RangeError(`${name} must be an integer >= ${min}, got ${String(value)}`);
    return v;
  };
  const flag = (name: string, value: unknown): boolean => {
    if (value !== undefined && typeof value !== 'boolean')
      throw new RangeError(`${name} must be true or false, got ${describe(value)}`);
    return value === true;
  };
  if (options.log !== undefined && typeof options.log !== 'function')
    throw new RangeError(`log must be a function called with each access-log line, got ${describe(options.log)}`);
  if (options.host !== undefined && (typeof options.host !== 'string' || options.host === ''))
    throw new RangeError(`host must be an interface address such as 127.0.0.1, got ${describe(options.host)}`);
  if (options.seed !== undefined && typeof options.seed !== 'number' && typeof options.seed !== 'string')
    throw new RangeError(`seed must be a number or a string, got ${describe(options.seed)}`);
  if (options.faultSeed !== undefined && !Number.isFinite(options.faultSeed))
    throw new RangeError(`faultSeed must be a number, got ${describe(options.faultSeed)}`);
  if (
    options.deprecate !== undefined &&
    (!Array.isArray(options.deprecate) || !options.deprecate.every((path) => typeof path === 'string'))
  )
    throw new RangeError(
      `deprecate must be a list of paths such as /route/ai/search, got ${describe(options.deprecate)}`,
    );
  if (options.today !== undefined && !isIsoDate(options.today)) {
    throw new RangeError(`today must be a YYYY-MM-DD date, got ${options.today}`);
  }
  const oneOf = <T extends string | number>(
    name: string,
    allowed: readonly T[],
    value: T | undefined,
  ): T | undefined => {
    if (value !== undefined && !allowed.includes(value))
      throw new RangeError(`${name} must be ${allowed.join(', ')}; got ${String(value)}`);
    return value;
  };
  const listingForm = options.listingForm ?? 'mixed';
  if (!['a', 'b', 'mixed'].includes(listingForm))
    throw new RangeError(`listingForm must be a, b or mixed, got ${listingForm}`);
  const movedProblem = options.movedTo === undefined ? undefined : movedPrefixProblem(options.movedTo);
  if (movedProblem) throw new RangeError(`movedTo ${movedProblem}`);
  if (options.movedStatus !== undefined && options.movedTo === undefined)
    throw new RangeError('movedStatus needs movedTo (the prefix to redirect to)');
  return {
    host: options.host ?? '127.0.0.1',
    port: count('port', options.port, 0, 0),
    routes: count('routes', options.routes, 2000, 0),
    seed: options.seed ?? 1,
    fixedToday: options.today,
    listingForm,
    jobDelayMs: count('jobDelayMs', options.jobDelayMs, 1000, 0),
    jobFailRate: rate('jobFailRate', options.jobFailRate),
    cursorPaging: flag('cursorPaging', options.cursorPaging),
    maxLimit: Math.min(100, count('maxLimit', options.maxLimit, 25, 1)),
    failRate: rate('failRate', options.failRate),
    rateLimit: count('rateLimit', options.rateLimit, 0, 0),
    latencyMs: count('latencyMs', options.latencyMs, 0, 0),
    cutRate: rate('cutRate', options.cutRate),
    malformedRate: rate('malformedRate', options.malformedRate),
    deprecate: (options.deprecate ?? []).map(normaliseDeprecatedPath),
    control: flag('control', options.control),
    faultSeed: options.faultSeed ?? 1,
    log: options.log,
    cors: flag('cors', options.cors),
    compress: oneOf('compress', COMPRESS_ENCODINGS, options.compress),
    bom: flag('bom', options.bom),
    movedTo: options.movedTo?.replace(/\/+$/, ''),
    movedStatus: oneOf('movedStatus', MOVED_STATUSES, options.movedStatus),
    extraFields: flag('extraFields', options.extraFields),
    brokenRate: rate('brokenRate', options.brokenRate),
    looseTypes: flag('looseTypes', options.looseTypes),
    sparseEnvelope: flag('sparseEnvelope', options.sparseEnvelope),
    jobResultShape: oneOf('jobResultShape', JOB_RESULT_SHAPES, options.jobResultShape) ?? 'page',
    askShape: oneOf('askShape', ASK_SHAPES, options.askShape) ?? 'answer',
    textPlain: flag('textPlain', options.textPlain),
  };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}

/** Top-level names of the legacy paths: a moved prefix starting with one would swallow them. */
const LEGACY_SEGMENTS = ['v1', 'route', 'ask', '.well-known', 'openapi.json', '__control'];

const MOVED_PREFIX_PROBLEMS = {
  en: {
    notAPath: (prefix: string) =>
      `must be a path such as /api/v1 (segments of letters, digits, . _ ~ -), got "${prefix}"`,
    legacy: (first: string, prefix: string) =>
      `must not start with /${first} (that path is served or redirected itself), got "${prefix}"`,
  },
  fr: {
    notAPath: (prefix: string) =>
      `doit être un chemin comme /api/v1 (des segments de lettres, chiffres, . _ ~ -), et non \u00ab\u202f${prefix}\u202f\u00bb`,
    legacy: (first: string, prefix: string) =>
      `ne doit pas commencer par /${first} (ce chemin est lui-même servi ou redirigé), et non \u00ab\u202f${prefix}\u202f\u00bb`,
  },
} as const;

/** Why a path prefix cannot be the moved versioned base (in `lang`), or undefined when it can (e.g. '/api/v1'). */
export function movedPrefixProblem(prefix: string, lang: 'en' | 'fr' = 'en'): string | undefined {
  const trimmed = prefix.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed)) return MOVED_PREFIX_PROBLEMS[lang].notAPath(prefix);
  const first = trimmed.split('/')[1] as string;
  if (LEGACY_SEGMENTS.includes(first)) return MOVED_PREFIX_PROBLEMS[lang].legacy(first, prefix);
  return undefined;
}

function normaliseDeprecatedPath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.replace(/^\/v1(?=\/)/, '').replace(/\/+$/, '') || '/';
}

/** The service clock: a fixed date when configured, else the real local date at each call. */
export function serviceToday(options: ResolvedOptions): string {
  return options.fixedToday ?? franceDate(new Date());
}
