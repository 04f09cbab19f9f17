import type { BookingRequestDraft } from '../../booking/fields.js';
import type { Context } from '../../cli/context.js';
import { canonicalCity, fetchServedCities, suggestCities } from './cities.js';

/**
 * The cities given as flags, spelled as the service spells them (`besancon` → `Besançon`), read from one search page;
 * a city the service does not serve stays as typed (a quote can be asked for anywhere) with a warning naming close
 * served ones. When the service cannot be reached the flags are kept as typed, with a warning too.
 */
export async function checkCityFlags(ctx: Context, draft: BookingRequestDraft): Promise<{ draft: BookingRequestDraft; cities: readonly string[] }> {
  const cities = await fetchServedCities(await ctx.client(), ctx.signal);
  if (cities.length === 0) {
    ctx.warn('could not read the cities the service serves; the cities are written as you typed them.');
    return { draft, cities };
  }
  const checked = { ...draft };
  for (const [field, flag] of [['from', '--from'], ['to', '--to']] as const) {
    const typed = draft[field];
    if (typed === undefined) continue;
    const served = canonicalCity(cities, typed);
    if (served !== undefined) {
      checked[field] = served;
      continue;
    }
    const close = suggestCities(cities, typed).filter((choice) => choice.served).slice(0, 3).map((choice) => choice.city);
    ctx.warn(
      `${flag} "${typed}" is not among the cities the service serves right now; the request asks a quote for it as typed` +
        `${close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : ''}.`,
    );
  }
  return { draft: checked, cities };
}
