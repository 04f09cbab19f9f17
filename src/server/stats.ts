/** Request counts by normalised path (no /v1), read by tests through `server.stats`. */
export interface ServerStats {
  /**
   * Requests to a path (its concrete path or its template, e.g. '/route/ai/jobs/{jobId}'); all requests without a path.
   * @example
   * ```ts
   * await client.search({ depart: 'Paris' });
   * svc.stats.requests('/route/ai/search'); // 1
   * svc.stats.requests(); // every request so far
   * ```
   */
  requests(path?: string): number;
  /**
   * How many times a batch was actually run (an idempotent replay does not count).
   * @example
   * ```ts
   * await client.batch([{ depart: 'Paris' }]);
   * svc.stats.batchRuns(); // 1, even if a retry replayed the same Idempotency-Key
   * ```
   */
  batchRuns(): number;
  /**
   * Requests answered with a redirect (movedTo); they are not counted by requests().
   * @example
   * ```ts
   * const svc = await startLocalService({ deviations: { movedTo: '/api/v1' } });
   * svc.stats.redirects(); // redirects answered so far
   * ```
   */
  redirects(): number;
  /**
   * Forgets every count.
   * @example
   * ```ts
   * svc.stats.reset();
   * svc.stats.requests(); // 0
   * ```
   */
  reset(): void;
}

/** The counters behind ServerStats. */
export class RequestCounter implements ServerStats {
  private readonly byPath = new Map<string, number>();
  private total = 0;
  private batches = 0;
  private redirected = 0;

  /** Counts one request under its concrete path and, when different, its template. */
  count(path: string, template: string | undefined): void {
    this.total++;
    this.byPath.set(path, (this.byPath.get(path) ?? 0) + 1);
    if (template && template !== path) this.byPath.set(template, (this.byPath.get(template) ?? 0) + 1);
  }

  /** Counts one batch run. */
  countBatchRun(): void {
    this.batches++;
  }

  /** Counts one redirected request. */
  countRedirect(): void {
    this.redirected++;
  }

  requests(path?: string): number {
    if (path === undefined) return this.total;
    const normalised = path.replace(/^\/v1(?=\/)/, '').replace(/(.)\/+$/, '$1');
    return this.byPath.get(normalised) ?? 0;
  }

  batchRuns(): number {
    return this.batches;
  }

  redirects(): number {
    return this.redirected;
  }

  reset(): void {
    this.byPath.clear();
    this.total = 0;
    this.batches = 0;
    this.redirected = 0;
  }
}
