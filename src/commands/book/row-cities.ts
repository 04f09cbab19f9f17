import type { Context } from '../../cli/context.js';

/** Places looked up near an unserved city, at most, so a file of fifty odd towns stays a handful of requests. */
const MAX_NEARBY_LOOKUPS = 5;

/**
 * What tells, for a real place the service does not serve, the served cities nearest to it (from cities-near):
 * " Served nearby: Chambéry (45 km), …." or "" when none; each place asked once, at most a handful of places.
 */
export function nearbyLookups(ctx: Context): (place: string) => Promise<string> {
  const asked = new Map<string, Promise<string>>();
  return (place) => {
    let answer = asked.get(place);
    if (answer === undefined) {
      answer = asked.size >= MAX_NEARBY_LOOKUPS ? Promise.resolve('') : lookUpNearby(ctx, place);
      asked.set(place, answer);
    }
    return answer;
  };
}

async function lookUpNearby(ctx: Context, place: string): Promise<string> {
  try {
    const nearby = await (await ctx.client()).citiesNear(place, { signal: ctx.signal });
    const close = nearby.cities.filter((city) => city.distance_km <= 100).slice(0, 3);
    return close.length === 0
      ? ''
      : ` Served nearby: ${close.map((city) => `${city.name} (${Math.round(city.distance_km)} km)`).join(', ')}.`;
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return '';
  }
}
