// zod/mini, imported as a namespace, lets the bundler keep only what is used: ~40 KB instead of ~700 KB to load.
import * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import { isIsoDate } from '../domain/dates.js';
import type { BatchResponse, NearbyCities, SearchJob, SearchPage, Trip } from '../domain/types.js';

/** The Paris–Marseille cache, whichever of its tolerated shapes the service sent. */
export interface CacheIds {
  ids: string[];
  cachedAt?: string;
}

/** Every schema of the client; unknown extra fields are accepted and dropped. */
export interface Schemas {
  error: z.ZodMiniType<{ error: string }>;
  routeAI: z.ZodMiniType<Trip>;
  searchPage: z.ZodMiniType<SearchPage>;
  job: z.ZodMiniType<SearchJob>;
  batch: z.ZodMiniType<BatchResponse>;
  nearbyCities: z.ZodMiniType<NearbyCities>;
  cache: z.ZodMiniType<CacheIds>;
  /** `/ask` and the documents of `getJson`: any JSON. */
  anyJson: z.ZodMiniType<unknown>;
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

/** A top-level schema: built on first use (a search builds two of them), after zod has its messages. */
function schema<T>(build: () => T): () => T {
  return once(() => (useEnglish(), build()));
}

const withDefault = <T, D>(schema: z.ZodMiniType<T | null | undefined>, fallback: D) =>
  z.pipe(schema, z.transform((value: T | null | undefined) => value ?? fallback));
const id = once(() => z.pipe(z.union([z.string().check(z.minLength(1)), z.number()]), z.transform(String)));
const count = once(() => z.int().check(z.minimum(0)));
const optionalText = once(() => withDefault(z.optional(z.string()), ''));

const routeAI = schema(() => {
  const price = withDefault(z.nullish(z.number().check(z.minimum(0))), null);
  const isoDate = z.pipe(
    z.string().check(z.regex(/^\d{4}-?\d{2}-?\d{2}$/, 'expected a date YYYY-MM-DD')),
    z.transform((value: string) => (value.length === 8 ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value)),
  ).check(z.refine(isIsoDate, 'not a real calendar date'));
  return z.object({
    id: id(),
    date: isoDate,
    depart: z.string(),
    arrival: z.string(),
    layovers: withDefault(z.nullish(z.array(z.string())), [] as string[]),
    price_min: price,
    price_max: price,
    slots: withDefault(z.nullish(z.array(count())), [] as number[]),
    times: withDefault(z.nullish(z.array(z.string())), [] as string[]),
  });
});

const searchPage = schema(() =>
  z.object({
    routes: z.array(routeAI()),
    total: count(),
    page: z.int().check(z.minimum(1)),
    limit: z.int().check(z.minimum(1)),
    total_pages: count(),
    has_next: z.boolean(),
    book_url: optionalText(),
    next_cursor: z.nullish(z.string()),
  }),
);

const job = schema(() =>
  z.object({
    job_id: id(),
    status: z.enum(['pending', 'completed', 'failed']),
    poll_url: z.optional(z.string()),
    result: z.optional(z.unknown()),
    error: z.optional(z.string()),
  }),
);

const batch = schema(() => {
  const searchQuery = z.object({
    depart: z.optional(z.string()),
    arrival: z.optional(z.string()),
    date_from: z.optional(z.string()),
    date_to: z.optional(z.string()),
  });
  return z.object({
    results: z.array(z.object({ index: count(), query: withDefault(z.optional(searchQuery), {}), routes: z.array(routeAI()), total: count() })),
    book_url: optionalText(),
  });
});

const nearbyCities = schema(() =>
  z.object({
    cities: z.array(z.object({ name: z.string(), distance_km: z.number() })),
    source: optionalText(),
  }),
);

const cache = schema(() => {
  const ids = z.array(id());
  const cachedAt = { cached_at: z.optional(z.string()), cachedAt: z.optional(z.string()), updated_at: z.optional(z.string()) };
  const withCachedAt = (list: string[], stamps: { cached_at?: string; cachedAt?: string; updated_at?: string }): CacheIds => {
    const at = stamps.cached_at ?? stamps.cachedAt ?? stamps.updated_at;
    return at === undefined ? { ids: list } : { ids: list, cachedAt: at };
  };
  return z.union([
    z.pipe(ids, z.transform((list: string[]) => ({ ids: list }))),
    z.pipe(z.object({ ids, ...cachedAt }), z.transform((value) => withCachedAt(value.ids, value))),
    z.pipe(z.object({ route_ids: ids, ...cachedAt }), z.transform((value) => withCachedAt(value.route_ids, value))),
    z.pipe(
      z.object({ routes: z.array(z.object({ id: id() })), ...cachedAt }),
      z.transform((value) => withCachedAt(value.routes.map((route) => route.id), value)),
    ),
  ]);
});

/** The client's schemas, each built when first asked for, so that importing the client costs little at start-up. */
export const schemas: { readonly [K in keyof Schemas]: () => Schemas[K] } = {
  error: schema(() => z.object({ error: z.string() })),
  routeAI,
  searchPage,
  job,
  batch,
  nearbyCities,
  cache,
  anyJson: schema(() => z.unknown()),
};
