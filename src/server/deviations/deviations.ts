import type { BatchResponse, NearbyCities, SearchPage, Trip } from '../../domain/types.js';
import type { ResolvedOptions } from '../options.js';
import { RecordDeviator, type DeviationSettings, type JsonObject } from './records.js';

/** The search-page fields a sparse envelope leaves out. */
const SPARSE_OMITS = new Set(['total_pages', 'has_next', 'book_url']);

/**
 * How this deployment's JSON differs from the reference (extra fields, broken records, loose types,
 * sparse search pages), applied where the answers are built. Every method returns its input as it is
 * when none of these options is on, so the reference's path costs one test.
 */
export class Deviations {
  /** True when any deviation of the JSON is on. */
  readonly active: boolean;
  private readonly settings: DeviationSettings;
  private readonly sparse: boolean;

  constructor(options: ResolvedOptions) {
    const { extraFields, brokenRate, looseTypes, faultSeed, sparseEnvelope } = options;
    this.settings = { extraFields, brokenRate, looseTypes, faultSeed };
    this.sparse = sparseEnvelope;
    this.active = extraFields || brokenRate > 0 || looseTypes || sparseEnvelope;
  }

  /** A search page (also a job's result); its routes may be broken. Depends only on its input and `today`, so it may be cached. */
  page(page: SearchPage, today: string): { routes: unknown[]; total: unknown } & JsonObject {
    if (!this.active) return { ...page };
    const deviator = new RecordDeviator(this.settings);
    const { routes, ...envelope } = page;
    const kept: JsonObject = this.sparse
      ? Object.fromEntries(Object.entries(envelope).filter(([key]) => !SPARSE_OMITS.has(key)))
      : envelope;
    const rest = deviator.object(kept, {
      currency: 'EUR',
      _links: { docs: { href: '/openapi.json' } },
      meta: meta(today),
    });
    return { routes: routes.map((trip) => deviator.route(trip, true)), total: rest.total, ...rest };
  }

  /** A batch answer; the routes of its entries may be broken. */
  batch(response: BatchResponse, today: string): unknown {
    if (!this.active) return response;
    const deviator = new RecordDeviator(this.settings);
    const results = response.results.map(({ routes, ...entry }) => ({
      ...deviator.object({ ...entry }, { cached: false, source: 'index' }),
      routes: routes.map((trip) => deviator.route(trip, true)),
    }));
    return { results, ...deviator.object({ book_url: response.book_url }, { meta: meta(today) }) };
  }

  /** A cities-near answer; its entries may be broken. */
  cities(answer: NearbyCities, today: string): unknown {
    if (!this.active) return answer;
    const deviator = new RecordDeviator(this.settings);
    return {
      cities: answer.cities.map((entry) => deviator.city(entry)),
      ...deviator.object({ source: answer.source }, { radius_km: 300, meta: meta(today) }),
    };
  }

  /** The Paris–Marseille cache; its ids may be broken. */
  cacheIds(answer: { route_ids: string[]; cached_at: string }, today: string): unknown {
    if (!this.active) return answer;
    const deviator = new RecordDeviator(this.settings);
    return {
      route_ids: answer.route_ids.map((id) => deviator.cacheId(id)),
      ...deviator.object(
        { cached_at: answer.cached_at },
        { ttl_seconds: 60, pair: { depart: 'Paris', arrival: 'Marseille' }, meta: meta(today) },
      ),
    };
  }

  /** A job's view (creation or poll): extra fields only; its result was deviated when made. */
  job(view: JsonObject, today: string): JsonObject {
    if (!this.active) return view;
    return new RecordDeviator(this.settings).object(view, {
      queue: { name: 'search', position: 0 },
      meta: meta(today),
    });
  }

  /** A POST /ask answer: its routes get loose types and extra fields, never broken. */
  ask(answer: JsonObject & { routes: Trip[] }, today: string): unknown {
    if (!this.active) return answer;
    const deviator = new RecordDeviator(this.settings);
    const { routes, ...rest } = answer;
    return {
      ...deviator.object(rest, { confidence: 0.92, meta: { ...meta(today), model: 'symone-assistant-1' } }),
      routes: routes.map((trip) => deviator.route(trip, false)),
    };
  }

  /** The deviator of one full listing, or undefined when its records are written as the reference says. */
  listing(): RecordDeviator | undefined {
    const { extraFields, looseTypes, brokenRate } = this.settings;
    return extraFields || looseTypes || brokenRate > 0 ? new RecordDeviator(this.settings) : undefined;
  }
}

/** Plausible, deterministic metadata (it depends on the service day only, so cached pages stay right). */
function meta(today: string): JsonObject {
  return { generated_at: `${today}T06:00:00Z`, api_version: '1.1.0', region: 'eu-west-3' };
}
