import type { BookingFieldName, BookingRequestDraft } from '../../booking/fields.js';
import { cleanCityInput } from '../../domain/city-names.js';
import { InterruptedError } from '../../errors.js';
import { unknownCityMessage, type ServedCities } from '../cities.js';
import type { BookingLang } from '../../booking/lang.js';
import { BOOKING_REASONS_IN } from './messages.js';
import type { BookingDeps, BookingWarning } from './types.js';

/**
 * A quote's cities as the service spells them (`besancon` → `Besançon`, `St Etienne` → `Saint-Étienne`), resolved
 * against the cities of the whole listing; a city the service does not serve stays as typed (a quote can be asked
 * for anywhere) with a warning naming what was probably meant. The served cities are a help, not a rule: when the
 * listing cannot be read, the cities are kept as typed, with a warning too.
 */
export async function spellQuoteCities(
  draft: BookingRequestDraft,
  name: BookingFieldName,
  deps: Pick<BookingDeps, 'core' | 'signal' | 'servedCities'>,
  lang: BookingLang = 'en',
): Promise<{ draft: BookingRequestDraft; cities: readonly string[]; warnings: BookingWarning[] }> {
  const reasons = BOOKING_REASONS_IN[lang];
  const served = await (deps.servedCities ?? (() => readServedCities(deps)))();
  const spelled = { ...draft };
  for (const field of ['from', 'to'] as const) {
    const typed = draft[field];
    if (typed !== undefined) spelled[field] = cleanCityInput(typed);
  }
  if (served === undefined || served.names.length === 0)
    return { draft: spelled, cities: [], warnings: [{ kind: 'cities-unread', text: reasons.citiesUnread }] };
  const warnings: BookingWarning[] = [];
  for (const field of ['from', 'to'] as const) {
    const typed = spelled[field];
    if (typed === undefined) continue;
    const resolution = served.resolve(typed);
    if (resolution.kind === 'served') spelled[field] = resolution.name;
    else if (resolution.kind === 'unknown') {
      const said = unknownCityMessage(name(field), resolution, lang);
      const { suggestions } = resolution;
      warnings.push({
        kind: 'unknown-city',
        said,
        typed,
        suggestions,
        text: `${said} ${reasons.quoteAsTyped}`,
      });
    }
  }
  return { draft: spelled, cities: served.names, warnings };
}

/** The served cities, or undefined when the listing cannot be read (an interruption still interrupts). */
export async function readServedCities(deps: Pick<BookingDeps, 'core' | 'signal'>): Promise<ServedCities | undefined> {
  try {
    return await deps.core.servedCities(deps.signal);
  } catch {
    if (deps.signal?.aborted) throw new InterruptedError('Interrupted.');
    return undefined;
  }
}
