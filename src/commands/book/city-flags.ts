import type { BookingRequestDraft } from '../../booking/fields.js';
import type { Context } from '../../cli/context.js';
import { unknownCityMessage } from '../../core/cities.js';
import { fetchServedCities, servedNames } from './cities.js';

/**
 * The cities given as flags, spelled as the service spells them (`besancon` → `Besançon`, `St Etienne` →
 * `Saint-Étienne`), resolved by the core against the cities of the whole listing; a city the service does not serve
 * stays as typed (a quote can be asked for anywhere) with a warning naming what was probably meant. When the
 * service cannot be reached the flags are kept as typed, with a warning too.
 */
export async function checkCityFlags(
  ctx: Context,
  draft: BookingRequestDraft,
): Promise<{ draft: BookingRequestDraft; cities: readonly string[] }> {
  const served = await fetchServedCities(ctx);
  if (served === undefined || served.names.length === 0) {
    ctx.warn('could not read the cities the service serves; the cities are written as you typed them.');
    return { draft, cities: [] };
  }
  const checked = { ...draft };
  for (const [field, flag] of [
    ['from', '--from'],
    ['to', '--to'],
  ] as const) {
    const typed = draft[field];
    if (typed === undefined) continue;
    const resolution = served.resolve(typed);
    if (resolution.kind === 'served') checked[field] = resolution.name;
    else if (resolution.kind === 'unknown')
      ctx.warn(`${unknownCityMessage(flag, resolution)} The request asks a quote for it as typed.`);
  }
  return { draft: checked, cities: servedNames(served) };
}
