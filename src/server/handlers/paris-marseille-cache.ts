import type { Handler, ServiceState } from '../context.js';
import { jsonReply } from '../http/reply.js';
import { criteriaOf } from '../search-run.js';

/** How long the cached id list is served before it is rebuilt (it is also rebuilt when data changes). */
const CACHE_TTL_MS = 60_000;

interface CachedIds {
  route_ids: string[];
  cached_at: string;
  version: number;
  today: string;
  builtAt: number;
}

const caches = new WeakMap<ServiceState, CachedIds>();

/**
 * GET /route/paris-marseille-cache: ids of upcoming bookable trips in the Paris → Marseille
 * direction only (same rule as search depart=Paris&arrival=Marseille, so stopovers count),
 * with the time the list was built.
 */
export const parisMarseilleCacheHandler: Handler = (_ctx, state) => {
  const now = Date.now();
  const today = state.today();
  let cached = caches.get(state);
  if (
    !cached ||
    cached.version !== state.data.version ||
    cached.today !== today ||
    now - cached.builtAt >= CACHE_TTL_MS
  ) {
    const { refs, extras } = state.data.match(criteriaOf({ depart: 'Paris', arrival: 'Marseille' }, today));
    const routeIds = Array.from(refs, (ref) =>
      ref >= 0 ? String(state.data.base.ids[ref]) : state.data.tripOf(ref, extras).id,
    );
    cached = {
      route_ids: routeIds,
      cached_at: new Date(now).toISOString(),
      version: state.data.version,
      today,
      builtAt: now,
    };
    caches.set(state, cached);
  }
  return jsonReply(200, state.deviations.cacheIds({ route_ids: cached.route_ids, cached_at: cached.cached_at }, today));
};
