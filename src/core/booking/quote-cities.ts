import type { BookingFieldName, BookingRequestDraft } from '../../booking/fields.js';
import type { BookingLang } from '../../booking/lang.js';
import { cityKey, cleanCityInput } from '../../domain/city-names.js';
import { sanitiseText } from '../../domain/safe-text.js';
import { InterruptedError } from '../../errors.js';
import { unknownCityMessage, type ServedCities } from '../cities.js';
import { cityOfSource, type PlaceLookup } from '../place-lookup.js';
import { BOOKING_REASONS_IN } from './messages.js';
import type { BookingDeps, BookingWarning, QuoteCity } from './types.js';

/** The served cities named in a kept place's warning, nearest first. */
const NEAR_NAMED = 3;

type Deps = Pick<BookingDeps, 'core' | 'signal' | 'servedCities'>;

/** What became of a quote's typed city. */
type Spelled = { kind: 'kept'; name: string; warning?: BookingWarning } | { kind: 'refused'; reason: string };

/**
 * A quote's cities as the service spells them (`besancon` → `Besançon`, `St Etienne` → `Saint-Étienne`), resolved
 * against the cities of the whole listing. A city the service does not serve, even a part of served names (`Bourg`,
 * `Toul` are towns), is asked about (the service's cities-near, once a place): a town it places as a served city is
 * that city; a real town it does not serve (`Pontarlier`, `Arras`) is kept for the quote, since the quote form is for
 * other routes, named as the service names it (`Pontarlie` is Pontarlier), with a warning naming the served cities
 * near it. Only what the service cannot place as a town (unknown, or a region) is read as the one served city it
 * clearly stands for (`Marseile` → `Marseille`, see `ServedCities.clearMatch`; a part, `Mars`, the one served name
 * starting with it), with a warning, or refused with what was probably meant. A city the user confirmed
 * (`confirmed`: chosen as typed at a prompt) is never corrected. The served cities are a help, not a rule: when the
 * listing cannot be read, or the service cannot say where a place that is clearly no served city is, the city is
 * kept as typed, with a warning.
 */
export async function spellQuoteCities(
  draft: BookingRequestDraft,
  name: BookingFieldName,
  deps: Deps,
  lang: BookingLang = 'en',
  confirmed: readonly QuoteCity[] = [],
): Promise<{
  draft: BookingRequestDraft;
  cities: readonly string[];
  warnings: BookingWarning[];
  /** One line per city that is neither served, nor a place the service locates, nor clearly a served city: refused. */
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
  const fields = (['from', 'to'] as const).filter((field) => spelled[field] !== undefined);
  // Both ends asked about at once; a place already asked about in this run is not asked again.
  const answers = await Promise.all(
    fields.map((field) => spellCity(spelled[field] ?? '', name(field), served, deps, lang, confirmed.includes(field))),
  );
  const warnings: BookingWarning[] = [];
  const refused: string[] = [];
  for (const [index, field] of fields.entries()) {
    const answer = answers[index];
    if (answer === undefined) continue;
    if (answer.kind === 'refused') refused.push(answer.reason);
    else {
      spelled[field] = answer.name;
      if (answer.warning) warnings.push(answer.warning);
    }
  }
  return { draft: spelled, cities: served.names, warnings, refused };
}

/** One typed city, by the rule above. */
async function spellCity(
  typed: string,
  label: string,
  served: ServedCities,
  deps: Deps,
  lang: BookingLang,
  confirmed: boolean,
): Promise<Spelled> {
  const reasons = BOOKING_REASONS_IN[lang];
  const corrected = (match: string): Spelled => ({
    kind: 'kept',
    name: match,
    warning: { kind: 'city-corrected', typed, name: match, text: reasons.cityReadAs(label, typed, match) },
  });
  const resolution = served.resolve(typed);
  if (resolution.kind === 'served') return { kind: 'kept', name: resolution.name };
  if (confirmed) return { kind: 'kept', name: typed };
  // Even a part of served names (`Bourg`, `Toul`) may be a real town: the service is asked first.
  const place = await locate(typed, deps);
  const placed = place?.located ? cityOfSource(place.source) : undefined;
  const city = placed === undefined ? undefined : sanitiseText(placed);
  if (place?.located && city !== undefined) {
    const servedAs = served.resolve(city);
    if (servedAs.kind === 'served') return corrected(servedAs.name);
    // A real town the service does not serve: a quote for it, named as the service names it (`Pontarlie` is Pontarlier).
    const near = place.near
      .map((nearby) => served.resolve(sanitiseText(nearby.name)))
      .flatMap((nearby) => (nearby.kind === 'served' ? [nearby.name] : []))
      .slice(0, NEAR_NAMED);
    const text =
      cityKey(city) === cityKey(typed)
        ? reasons.cityUnserved(label, city, near)
        : reasons.cityPlacedAs(label, typed, city, near);
    return { kind: 'kept', name: city, warning: { kind: 'city-unserved', typed, near, text } };
  }
  const match = resolution.kind === 'part' ? served.onlyNameStarting(typed) : served.clearMatch(typed);
  // The service could not be asked: a real town (`Alès`) and a typo (`Marseile`) cannot be told apart, so the city
  // is kept as typed, and the warning names the served city it may stand for, for the user to check.
  if (place === undefined)
    return {
      kind: 'kept',
      name: typed,
      warning: { kind: 'city-unchecked', typed, text: reasons.cityUnchecked(label, typed, match) },
    };
  // No town the service can place (unknown, or only a region): the one served city it clearly stands for.
  if (match !== undefined) return corrected(match);
  const unknown =
    resolution.kind === 'part'
      ? { kind: 'unknown' as const, typed, suggestions: served.namesWithPart(typed).slice(0, NEAR_NAMED) }
      : resolution;
  return { kind: 'refused', reason: unknownCityMessage(label, unknown, lang) };
}

/** The service's answer about a place, or undefined when it cannot be asked (an interruption still interrupts). */
async function locate(typed: string, deps: Deps): Promise<PlaceLookup | undefined> {
  try {
    return await deps.core.locatePlace(typed, deps.signal);
  } catch {
    if (deps.signal?.aborted) throw new InterruptedError('Interrupted.');
    return undefined;
  }
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
