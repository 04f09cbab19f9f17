/** Where the trips of a completed job's result are, whatever shape the service gave it. */
export type JobResultShape =
  | { kind: 'trips'; records: unknown[]; path: string; envelope: Record<string, unknown> | undefined }
  | { kind: 'other'; value: unknown };

/**
 * Finds the trips of a job's result (the reference says only "an object"): a search page, `{routes, total}`
 * or `{routes}`, `{results: […]}` (trips, or batch-like entries that each hold `routes`), or a bare array.
 * Anything else is `other`, to be shown as it is.
 */
export function locateJobTrips(result: unknown): JobResultShape {
  if (Array.isArray(result)) return { kind: 'trips', records: result, path: 'result', envelope: undefined };
  if (typeof result !== 'object' || result === null) return { kind: 'other', value: result };
  const record = result as Record<string, unknown>;
  if (Array.isArray(record.routes))
    return { kind: 'trips', records: record.routes, path: 'result.routes', envelope: record };
  if (Array.isArray(record.results)) {
    const entries = record.results;
    const nested =
      entries.length > 0 &&
      entries.every(
        (entry) => typeof entry === 'object' && entry !== null && Array.isArray((entry as { routes?: unknown }).routes),
      );
    const records = nested ? entries.flatMap((entry) => (entry as { routes: unknown[] }).routes) : entries;
    return { kind: 'trips', records, path: nested ? 'result.results[].routes' : 'result.results', envelope: undefined };
  }
  return { kind: 'other', value: result };
}
