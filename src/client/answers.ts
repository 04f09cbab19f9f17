import type { SearchPage } from '../domain/types.js';

// The public shapes of some answers, apart from the readers that make them: the readers use zod, and a
// declaration file that imports one would make every library user's TypeScript look for zod.

/** The Paris–Marseille cache, whichever of its tolerated shapes the service sent. */
export interface CacheIds {
  ids: string[];
  cachedAt?: string;
}

/** What a completed job's result holds: trips (in a page), or something else to show as it is. */
export type JobResult = { kind: 'trips'; page: SearchPage } | { kind: 'other'; value: unknown };
