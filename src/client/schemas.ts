// A namespace import lets the bundler drop the parts of zod we do not use (708 KB → 167 KB).
import * as z from 'zod';
import { isIsoDate } from '../domain/dates.js';
import type { BatchResponse, NearbyCities, SearchJob, SearchPage, Trip } from '../domain/types.js';

/** The Paris–Marseille cache, whichever of its tolerated shapes the service sent. */
export interface CacheIds {
  ids: string[];
  cachedAt?: string;
}

/** Every schema of the client; unknown extra fields are accepted and dropped. */
export interface Schemas {
  error: z.ZodType<{ error: string }>;
  routeAI: z.ZodType<Trip>;
  searchPage: z.ZodType<SearchPage>;
  job: z.ZodType<SearchJob>;
  batch: z.ZodType<BatchResponse>;
  nearbyCities: z.ZodType<NearbyCities>;
  cache: z.ZodType<CacheIds>;
  /** `/ask` and the documents of `getJson`: any JSON. */
  anyJson: z.ZodType<unknown>;
}

let built: Schemas | undefined;

/** The schemas, built on first use so that importing the client costs little at start-up. */
export function schemas(): Schemas {
  return (built ??= buildSchemas());
}

function buildSchemas(): Schemas {
  const id = z.union([z.string().min(1), z.number().finite()]).transform(String);
  const count = z.number().int().min(0);
  const price = z.number().finite().min(0).nullable().optional().transform((value) => value ?? null);
  const isoDate = z
    .string()
    .regex(/^\d{4}-?\d{2}-?\d{2}$/, 'expected a date YYYY-MM-DD')
    .transform((value) => (value.length === 8 ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value))
    .refine(isIsoDate, 'not a real calendar date');

  const routeAI = z.object({
    id,
    date: isoDate,
    depart: z.string(),
    arrival: z.string(),
    layovers: z.array(z.string()).nullish().transform((value) => value ?? []),
    price_min: price,
    price_max: price,
    slots: z.array(count).nullish().transform((value) => value ?? []),
    times: z.array(z.string()).nullish().transform((value) => value ?? []),
  });

  const searchQuery = z.object({
    depart: z.string().optional(),
    arrival: z.string().optional(),
    date_from: z.string().optional(),
    date_to: z.string().optional(),
  });

  const searchPage = z.object({
    routes: z.array(routeAI),
    total: count,
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    total_pages: count,
    has_next: z.boolean(),
    book_url: z.string().optional().transform((value) => value ?? ''),
    next_cursor: z.string().nullish(),
  });

  const job = z.object({
    job_id: id,
    status: z.enum(['pending', 'completed', 'failed']),
    poll_url: z.string().optional(),
    result: z.unknown().optional(),
    error: z.string().optional(),
  });

  const batch = z.object({
    results: z.array(
      z.object({ index: count, query: searchQuery.optional().transform((value) => value ?? {}), routes: z.array(routeAI), total: count }),
    ),
    book_url: z.string().optional().transform((value) => value ?? ''),
  });

  const nearbyCities = z.object({
    cities: z.array(z.object({ name: z.string(), distance_km: z.number().finite() })),
    source: z.string().optional().transform((value) => value ?? ''),
  });

  const ids = z.array(id);
  const cachedAt = { cached_at: z.string().optional(), cachedAt: z.string().optional(), updated_at: z.string().optional() };
  const withCachedAt = (list: string[], stamps: { cached_at?: string; cachedAt?: string; updated_at?: string }): CacheIds => {
    const at = stamps.cached_at ?? stamps.cachedAt ?? stamps.updated_at;
    return at === undefined ? { ids: list } : { ids: list, cachedAt: at };
  };
  const cache = z.union([
    ids.transform((list) => ({ ids: list })),
    z.object({ ids, ...cachedAt }).transform((value) => withCachedAt(value.ids, value)),
    z.object({ route_ids: ids, ...cachedAt }).transform((value) => withCachedAt(value.route_ids, value)),
    z.object({ routes: z.array(z.object({ id })), ...cachedAt }).transform((value) => withCachedAt(value.routes.map((route) => route.id), value)),
  ]);

  return {
    error: z.object({ error: z.string() }),
    routeAI,
    searchPage,
    job,
    batch,
    nearbyCities,
    cache,
    anyJson: z.unknown(),
  };
}
