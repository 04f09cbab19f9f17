// zod/mini, imported as a namespace, lets the bundler keep only what is used: ~40 KB instead of ~700 KB to load.
import * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import type { JobStatus } from '../domain/types.js';
import { looseBoolean, looseCount, looseId, looseNumber, loosePositive } from './loose.js';

/**
 * The envelopes of the answers. Records inside them (trips, cities, ids) are left as `unknown[]` here
 * and read one by one by a RecordReader, so one broken record never fails its page. Unknown fields are
 * accepted and dropped; numbers may come as numeric strings.
 */
export interface Schemas {
  error: z.ZodMiniType<{ error: string }>;
  searchEnvelope: z.ZodMiniType<SearchEnvelope>;
  batchEnvelope: z.ZodMiniType<{ results: unknown[]; book_url?: unknown }>;
  batchEntry: z.ZodMiniType<BatchEntry>;
  nearbyEnvelope: z.ZodMiniType<{ cities: unknown[]; source?: unknown }>;
  nearbyCity: z.ZodMiniType<{ name: string; distance_km: number }>;
  cacheEnvelope: z.ZodMiniType<CacheEnvelope>;
  job: z.ZodMiniType<JobEnvelope>;
  /** `/ask` and the documents of `getJson`: any JSON. */
  anyJson: z.ZodMiniType<unknown>;
}

/** A search page as sent: only `routes` is required; the rest is derived when missing (see completePage). */
export interface SearchEnvelope {
  routes: unknown[];
  total?: number | null | undefined;
  page?: number | null | undefined;
  limit?: number | null | undefined;
  total_pages?: number | null | undefined;
  has_next?: boolean | null | undefined;
  book_url?: unknown;
  next_cursor?: unknown;
}

/** One entry of a batch answer as sent. */
export interface BatchEntry {
  index?: number | null | undefined;
  query?: unknown;
  routes: unknown[];
  total?: number | null | undefined;
}

/** The Paris–Marseille cache in any of its tolerated shapes: the ids (unread yet) and when the list was built. */
export interface CacheEnvelope {
  ids: unknown[];
  /** Where the ids are in the answer, for the reasons of unreadable ones. */
  path: string;
  cachedAt?: string;
}

/** A search job as sent; `status` already mapped onto the three documented states. */
export interface JobEnvelope {
  job_id: string;
  status: JobStatus;
  poll_url?: string | null | undefined;
  result?: unknown;
  error?: string | undefined;
}

/** `build()` on first call, the same value after. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

const useEnglish = once(() => {
  // zod/mini ships no messages: without a locale every problem reads "Invalid input".
  z.config(english());
  return true;
});

/** A top-level schema: built on first use (a search builds one), after zod has its messages. */
function schema<T>(build: () => T): () => T {
  return once(() => {
    useEnglish();
    return build();
  });
}

// Job states as deployments spell them, onto the reference's three.
const JOB_STATES: Readonly<Record<string, JobStatus>> = {
  pending: 'pending',
  queued: 'pending',
  running: 'pending',
  processing: 'pending',
  in_progress: 'pending',
  started: 'pending',
  completed: 'completed',
  complete: 'completed',
  done: 'completed',
  succeeded: 'completed',
  success: 'completed',
  finished: 'completed',
  failed: 'failed',
  failure: 'failed',
  error: 'failed',
  errored: 'failed',
  cancelled: 'failed',
  canceled: 'failed',
};

const searchEnvelope = schema(() =>
  z.object({
    routes: z.array(z.unknown()),
    total: z.nullish(looseCount()),
    page: z.nullish(loosePositive()),
    limit: z.nullish(loosePositive()),
    total_pages: z.nullish(looseCount()),
    has_next: z.nullish(looseBoolean()),
    book_url: z.optional(z.unknown()),
    next_cursor: z.optional(z.unknown()),
  }),
);

const batchEntry = schema(() =>
  z.object({
    index: z.nullish(looseCount()),
    query: z.optional(z.unknown()),
    routes: z.array(z.unknown()),
    total: z.nullish(looseCount()),
  }),
);

const nearbyEnvelope = schema(() =>
  z.union([
    z.object({ cities: z.array(z.unknown()), source: z.optional(z.unknown()) }),
    // A bare list of cities, without the envelope.
    z.pipe(
      z.array(z.unknown()),
      z.transform((cities: unknown[]) => ({ cities })),
    ),
  ]),
);

const nearbyCity = schema(() =>
  z.object({ name: z.string().check(z.minLength(1)), distance_km: looseNumber('a distance in km') }),
);

const cacheEnvelope = schema(() => {
  const ids = z.array(z.unknown());
  const stamps = {
    cached_at: z.optional(z.unknown()),
    cachedAt: z.optional(z.unknown()),
    updated_at: z.optional(z.unknown()),
  };
  const withStamp = (
    list: unknown[],
    path: string,
    value: { cached_at?: unknown; cachedAt?: unknown; updated_at?: unknown },
  ): CacheEnvelope => {
    const at = [value.cached_at, value.cachedAt, value.updated_at].find(
      (stamp): stamp is string => typeof stamp === 'string',
    );
    return at === undefined ? { ids: list, path } : { ids: list, path, cachedAt: at };
  };
  return z.union([
    z.pipe(
      ids,
      z.transform((list: unknown[]) => ({ ids: list, path: '' })),
    ),
    z.pipe(
      z.object({ ids, ...stamps }),
      z.transform((value) => withStamp(value.ids, 'ids', value)),
    ),
    z.pipe(
      z.object({ route_ids: ids, ...stamps }),
      z.transform((value) => withStamp(value.route_ids, 'route_ids', value)),
    ),
    z.pipe(
      z.object({ routes: ids, ...stamps }),
      // {routes: [{id}, …]}: each route stands for its id, read like the others.
      z.transform((value) =>
        withStamp(
          value.routes.map((route) => (isRecord(route) ? route.id : route)),
          'routes',
          value,
        ),
      ),
    ),
  ]);
});

const job = schema(() =>
  z.object({
    job_id: looseId(),
    status: z.pipe(
      z.string(),
      z.transform((value: string, ctx) => {
        const status = JOB_STATES[value.trim().toLowerCase()];
        if (status) return status;
        ctx.issues.push({
          code: 'custom',
          message: `expected pending, completed or failed, got ${JSON.stringify(value.slice(0, 40))}`,
          input: value,
        });
        return z.NEVER;
      }),
    ),
    poll_url: z.nullish(z.string()),
    result: z.optional(z.unknown()),
    error: z.pipe(z.optional(z.unknown()), z.transform(errorText)),
  }),
);

/** The client's schemas, each built when first asked for, so that importing the client costs little at start-up. */
export const schemas: { readonly [K in keyof Schemas]: () => Schemas[K] } = {
  error: schema(() => z.object({ error: z.string() })),
  searchEnvelope,
  batchEnvelope: schema(() => z.object({ results: z.array(z.unknown()), book_url: z.optional(z.unknown()) })),
  batchEntry,
  nearbyEnvelope,
  nearbyCity,
  cacheEnvelope,
  job,
  anyJson: schema(() => z.unknown()),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A job's error as text: a string, an object's `message`, or its JSON. */
function errorText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.message === 'string') return value.message;
  return JSON.stringify(value).slice(0, 500);
}
