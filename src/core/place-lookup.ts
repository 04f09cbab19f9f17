import type { RouteClient } from '../client/client.js';
import { cityKey } from '../domain/city-names.js';
import type { NearbyCities, NearbyCity } from '../domain/types.js';
import { SharedRead } from './shared-read.js';

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

/**
 * The town the service placed a location as, from its source (`city:Pontarlier` → `Pontarlier`); undefined for a
 * region or any other way of placing it. The name is the service's text: sanitise it before showing it.
 */
export function cityOfSource(source: string): string | undefined {
  const town = /^city:(.+)$/i.exec(source.trim())?.[1]?.trim();
  return town === undefined || town === '' ? undefined : town;
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

/** A place's answer, shared by whoever asks while it is read, and when it failed. */
interface HeldAnswer {
  read: SharedRead<NearbyCities>;
  failedAt?: number;
}

/**
 * The service's answers about places (GET /route/cities-near), one request a place, tried once, for the life of a
 * run or an MCP session: a day of thirty requests to Pontarlier asks once, and the hints after an empty answer reuse
 * the typed-city check's. Askers share a read: one who gives up does not fail the others, and the request stops only
 * when none is left. A failed look-up stands for a minute, then the next asks again.
 */
export class PlaceLookups {
  readonly #answers = new Map<string, HeldAnswer>();

  constructor(
    private readonly client: () => Promise<RouteClient>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The service's answer for a place; throws when the service cannot be asked (down), or this asker's signal fires. */
  answer(typed: string, signal?: AbortSignal): Promise<NearbyCities> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const key = cityKey(typed);
    const held = this.#answers.get(key);
    if (held !== undefined) this.#answers.delete(key);
    if (held !== undefined && (held.failedAt === undefined || this.now() - held.failedAt <= FAILURE_KEPT_MS)) {
      // Asked again: the most recently asked places are the ones kept.
      this.#answers.set(key, held);
      return held.read.join(signal);
    }
    const read = new SharedRead((shared) =>
      this.client().then((client) => client.citiesNear(typed, { retry: false, signal: shared })),
    );
    const entry: HeldAnswer = { read };
    const oldest = this.#answers.size >= MAX_PLACES_KEPT ? this.#answers.keys().next().value : undefined;
    if (oldest !== undefined) this.#answers.delete(oldest);
    this.#answers.set(key, entry);
    read.promise.catch(() => {
      if (this.#answers.get(key) !== entry) return;
      // Stopped because every asker gave up: no failure of the service, so the next asks again at once.
      if (read.abandoned) this.#answers.delete(key);
      else entry.failedAt = this.now();
    });
    return read.join(signal);
  }

  /** Whether the service places a typed location, and the served cities near it; throws as `answer` does. */
  async lookUp(typed: string, signal?: AbortSignal): Promise<PlaceLookup> {
    const answer = await this.answer(typed, signal);
    return isUnknownPlace(answer.source)
      ? { located: false }
      : { located: true, source: answer.source, near: answer.cities };
  }
}
