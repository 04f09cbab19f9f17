import type { SearchPage } from '../domain/types.js';

// The public shapes of some answers, apart from the readers that make them: the readers use zod, and a
// declaration file that imports one would make every library user's TypeScript look for zod.

/** The Paris–Marseille cache, whichever of its tolerated shapes the service sent. */
export interface CacheIds {
  /** The cached routes' ids, in the service's order. */
  ids: string[];
  /** When the service filled the cache (its own timestamp text), when it says. */
  cachedAt?: string;
}

/** What a completed job's result holds: trips (in a page), or something else to show as it is. */
export type JobResult =
  | {
      /** The result holds trips. */
      kind: 'trips';
      /** They are read as a search page (a bare list of trips becomes a page of them). */
      page: SearchPage;
    }
  | {
      /** The result holds no trips. */
      kind: 'other';
      /** The result as the service sent it, parsed from JSON. */
      value: unknown;
    };
