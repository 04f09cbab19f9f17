import type { RouteClient } from '../client/client.js';
import { cityKey } from '../domain/city-names.js';
import type { NearbyCities, NearbyCity } from '../domain/types.js';

/**
 * Whether the service could place a location at all: its nearby-cities answer says how it resolved the place
 * ("city:Lyon", "region:Auvergne-Rhône-Alpes") or "unknown". An unknown place is not a place with nothing near it:
 * the traveller should name it otherwise (a nearby town, or the longer form with its region).
 * @example
 * ```ts
 * const near = await client.citiesNear('Chamonix');
 * if (isUnknownPlace(near.source)) console.log('unknown place: try "Chamonix-Mont-Blanc, Haute-Savoie, France"');
 * ```
 */
export function isUnknownPlace(source: string): boolean {
  return source.trim().toLowerCase() === 'unknown';
}

/** What the service says of a typed place: located (with the served cities near it, nearest first), or not. */
export type PlaceLookup =
  | {
      /** The service placed it. */
      located: true;
      /** How it was placed (`city:Arras`, `region:Bretagne`): the service's own word. */
      source: string;
      /** The served cities near it, nearest first. */
      near: readonly NearbyCity[];
    }
  | {
      /** The service could not place it. */
      located: false;
    };

/** The most places whose answers are kept. */
const MAX_PLACES_KEPT = 500;

/** How long a failed look-up stands: a run says the service failed rather than ask again; a long session asks anew. */
const FAILURE_KEPT_MS = 60_000;

/**
 * The service's answers about places (GET /route/cities-near), one request a place, tried once, for the life of a
 * run or an MCP session: a day of thirty requests to Pontarlier asks once, and the hints after an empty answer reuse
 * the typed-city check's. A failed look-up stands for a minute, then the next asks again.
 */
export class PlaceLookups {
  readonly #answers = new Map<string, { answer: Promise<NearbyCities>; failedAt?: number }>();

  constructor(
    private readonly client: () => Promise<RouteClient>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The service's answer for a place; throws when the service cannot be asked (down, or interrupted). */
  answer(typed: string, signal?: AbortSignal): Promise<NearbyCities> {
    const key = cityKey(typed);
    const held = this.#answers.get(key);
    if (held !== undefined && (held.failedAt === undefined || this.now() - held.failedAt <= FAILURE_KEPT_MS))
      return held.answer;
    this.#answers.delete(key);
    const answer = this.client().then((client) =>
      client.citiesNear(typed, { retry: false, ...(signal ? { signal } : {}) }),
    );
    // A long MCP session keeps the places most recently asked about, not every place ever typed.
    const oldest = this.#answers.size >= MAX_PLACES_KEPT ? this.#answers.keys().next().value : undefined;
    if (oldest !== undefined) this.#answers.delete(oldest);
    const entry: { answer: Promise<NearbyCities>; failedAt?: number } = { answer };
    this.#answers.set(key, entry);
    answer.catch(() => {
      // An asker who gave up is no failure of the service: the next asks again at once.
      if (signal?.aborted) this.#answers.delete(key);
      else entry.failedAt = this.now();
    });
    return answer;
  }

  /** Whether the service places a typed location, and the served cities near it; throws as `answer` does. */
  async lookUp(typed: string, signal?: AbortSignal): Promise<PlaceLookup> {
    const answer = await this.answer(typed, signal);
    return isUnknownPlace(answer.source)
      ? { located: false }
      : { located: true, source: answer.source, near: answer.cities };
  }
}
