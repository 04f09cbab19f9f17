import type { BookingRequest } from '../../booking/fields.js';
import type { Context } from '../../cli/context.js';
import { unknownCityMessage } from '../../core/cities.js';
import { fetchServedCities } from './cities.js';

/** A row of a request file, as far as its cities go. */
interface RowWithCities {
  line: number;
  request: BookingRequest;
}

/** Places looked up near an unserved city, at most, so a file of fifty odd towns stays a handful of requests. */
const MAX_NEARBY_LOOKUPS = 5;

/**
 * The cities of every row in the service's spelling (`besancon` → `Besançon`, `St Etienne` → `Saint-Étienne`),
 * resolved by the core against the whole listing; a city the service does not serve is kept as typed (a quote can be
 * asked for anywhere) and flagged on its row, with what was probably meant or the served cities nearest to it.
 */
export async function spellRowCities(ctx: Context, source: string, rows: readonly RowWithCities[]): Promise<void> {
  if (rows.length === 0) return;
  const served = await fetchServedCities(ctx);
  if (served === undefined || served.names.length === 0) {
    ctx.warn(`${source}: could not read the cities the service serves; the cities are written as typed.`);
    return;
  }
  const nearby = new Map<string, Promise<string>>();
  for (const row of rows) {
    for (const [field, column] of [
      ['from', 'from'],
      ['to', 'to'],
    ] as const) {
      const resolution = served.resolve(row.request[field]);
      if (resolution.kind !== 'unknown') {
        if (resolution.kind === 'served') row.request[field] = resolution.name;
        continue;
      }
      const near = resolution.suggestions.length > 0 ? '' : await nearestServed(ctx, resolution.typed, nearby);
      ctx.warn(
        `${source} line ${row.line}: ${unknownCityMessage(column, resolution)}${near} The request asks a quote for it as typed.`,
      );
    }
  }
}

/** " Served nearby: Chambéry (45 km), …." for a real place the service does not serve, from cities-near; "" when none. */
async function nearestServed(ctx: Context, place: string, asked: Map<string, Promise<string>>): Promise<string> {
  let answer = asked.get(place);
  if (answer === undefined) {
    answer = asked.size >= MAX_NEARBY_LOOKUPS ? Promise.resolve('') : lookUpNearby(ctx, place);
    asked.set(place, answer);
  }
  return answer;
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
