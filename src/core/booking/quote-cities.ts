import type { BookingFieldName, BookingRequestDraft } from '../../booking/fields.js';
import { cleanCityInput } from '../../domain/city-names.js';
import { InterruptedError } from '../../errors.js';
import { unknownCityMessage, type ServedCities } from '../cities.js';
import type { BookingLang } from '../../booking/lang.js';
import { BOOKING_REASONS_IN } from './messages.js';
import type { BookingDeps, BookingWarning } from './types.js';

/**
 * A quote's cities as the service spells them (`besancon` → `Besançon`, `St Etienne` → `Saint-Étienne`), resolved
 * against the cities of the whole listing. A city the service does not serve is never drafted as typed: read as the
 * one served city it clearly stands for (`Marseile` → `Marseille`, see `ServedCities.clearMatch`) with a warning
 * saying so, or refused with one line naming it and what was probably meant. The served cities are a help, not a
 * rule: when the listing cannot be read, the cities are kept as typed, with a warning.
 */
export async function spellQuoteCities(
  draft: BookingRequestDraft,
  name: BookingFieldName,
  deps: Pick<BookingDeps, 'core' | 'signal' | 'servedCities'>,
  lang: BookingLang = 'en',
): Promise<{
  draft: BookingRequestDraft;
  cities: readonly string[];
  warnings: BookingWarning[];
  /** One line per city the service does not serve and no served city clearly matches: the request is refused. */
  refused: string[];
}> {
  const reasons = BOOKING_REASONS_IN[lang];
  const served = await (deps.servedCities ?? (() => readServedCities(deps)))();
  const spelled = { ...draft };
  for (const field of ['from', 'to'] as const) {
    const typed = draft[field];
    if (typed !== undefined) spelled[field] = cleanCityInput(typed);
  }
  if (served === undefined || served.names.length === 0)
    return {
      draft: spelled,
      cities: [],
      warnings: [{ kind: 'cities-unread', text: reasons.citiesUnread }],
      refused: [],
    };
  const warnings: BookingWarning[] = [];
  const refused: string[] = [];
  for (const field of ['from', 'to'] as const) {
    const typed = spelled[field];
    if (typed === undefined) continue;
    const resolution = served.resolve(typed);
    if (resolution.kind === 'served') spelled[field] = resolution.name;
    if (resolution.kind !== 'unknown') continue;
    const match = served.clearMatch(typed);
    if (match === undefined) {
      refused.push(unknownCityMessage(name(field), resolution, lang));
      continue;
    }
    spelled[field] = match;
    warnings.push({ kind: 'city-corrected', typed, name: match, text: reasons.cityReadAs(name(field), typed, match) });
  }
  return { draft: spelled, cities: served.names, warnings, refused };
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
