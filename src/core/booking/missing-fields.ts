import { type BookingRequestDraft, MAX_MOTORCYCLES, type REQUIRED_BOOKING_FIELDS } from '../../booking/fields.js';
import { FORMULAS } from '../../booking/formula.js';
import type { BookingLang } from '../../booking/lang.js';
import type { Voice } from '../../booking/voice.js';
import { ServedCities } from '../cities.js';
import { suggestCities } from './city-suggestions.js';
import { tripsOfDay, type DayTrips } from './day-trips.js';
import { readServedCities } from './quote-cities.js';
import type { BookingDeps, BookingSettings } from './types.js';
import type { FieldAsker } from './field-questions.js';
import { promptCount, promptDate, promptEmail, promptPhone, promptReturnDate } from './prompt-checks.js';

/** A field without which no request can be sent. */
export type RequiredField = (typeof REQUIRED_BOOKING_FIELDS)[number];

/** What the questions go by besides the draft. */
export interface MissingFieldsPlan {
  /** Whether a required field is missing (a trip given by id leaves none of its cities and date to ask). */
  isMissing: (field: RequiredField) => boolean;
  /** Now on the run's clock (`today`, `demain` and the check of past dates read it). */
  now: Date;
  /** Questions and their checks are in the e-mail's language. */
  lang: BookingLang;
  /** The cities served, read once when a city is asked (the choices offered as a city is typed). */
  servedCities: () => Promise<readonly string[]>;
  /** With `desk`, the contact asked is the customer's. */
  voice?: Voice;
  /** --return-trip was given: no return date is asked. */
  returnTrip?: boolean;
  /** The trips of a day between two cities that can take the motorcycles, offered once cities and date are known. */
  tripsOfDay?: (query: { from: string; to: string; date: string; motorcycles?: number }) => Promise<DayTrips>;
}

/**
 * The plan of a booking's questions as the use case asks them: what is missing (as the face names fields), the
 * served cities already read or read now (none when the listing cannot be read), the day's trips searched through
 * the core's client, the desk's voice from the destinations, and whether a return trip was named.
 */
export function bookingQuestionsPlan(
  missing: readonly string[],
  how: Pick<BookingSettings, 'fieldName' | 'destinations'> & {
    lang: BookingLang;
    cities: readonly string[] | undefined;
    returnTrip: boolean;
  },
  deps: Pick<BookingDeps, 'core' | 'signal' | 'servedCities'>,
): MissingFieldsPlan {
  const { core, signal } = deps;
  const { voice } = how.destinations;
  return {
    isMissing: (field) => missing.includes(how.fieldName(field)),
    now: core.clock.now(),
    lang: how.lang,
    servedCities: async () =>
      how.cities ?? (await (deps.servedCities ?? (() => readServedCities(deps)))())?.names ?? [],
    ...(voice ? { voice } : {}),
    returnTrip: how.returnTrip,
    tripsOfDay: async (query) =>
      tripsOfDay({ client: await core.client(), core, ...(signal ? { signal } : {}) }, query),
  };
}

/**
 * Asks, through the face's `asker`, for the required fields still missing (cities, date, formula), offering the day's
 * trips that can take the motorcycles once the cities and the date are known (the count asked first; a failed search
 * is said and the request goes on as a quote for the day), then for what may be skipped: the motorcycles (1 by
 * default) and each one's make and model, the riders of the `rider` formula (as many as motorcycles by default), the
 * contact (the customer's, for a desk), a return date (none with a return trip), a comment. Every answer is checked by
 * `prompt-checks.ts`; a skipped answer leaves its field out.
 */
export async function askForMissing(
  draft: BookingRequestDraft,
  plan: MissingFieldsPlan,
  asker: FieldAsker,
): Promise<BookingRequestDraft> {
  const { lang, now } = plan;
  const filled: BookingRequestDraft = { ...draft };
  const askCount = async (field: 'motorcycles' | 'riders', fallback: number) => {
    const check = (text: string) => promptCount(text, 1, MAX_MOTORCYCLES, lang);
    return check(await asker.count({ field, default: fallback, check: (text) => check(text).problem })).count;
  };
  const askMotorcycles = async () => {
    if (filled.motorcycles === undefined && filled.motorcycleModels === undefined)
      filled.motorcycles = await askCount('motorcycles', 1);
  };

  if (plan.isMissing('from') || plan.isMissing('to')) {
    const cities = await plan.servedCities();
    const served = new ServedCities(cities);
    const askCity = (field: 'from' | 'to', exclude: string | undefined) =>
      asker.city({ field, suggest: (term) => suggestCities(cities, term, exclude, served) });
    if (plan.isMissing('from')) filled.from = await askCity('from', filled.to);
    if (plan.isMissing('to')) filled.to = await askCity('to', filled.from);
  }
  if (plan.isMissing('date')) {
    const check = (text: string) => promptDate(text, filled.returnDate, now, lang);
    filled.date = check(await asker.date({ field: 'date', check: (text) => check(text).problem })).date;
    const { from, to, date } = filled;
    if (from && to && date && plan.tripsOfDay) {
      // A trip is offered only if it takes every motorcycle: the count is known before the trips are searched.
      await askMotorcycles();
      const motorcycles = filled.motorcycles ?? filled.motorcycleModels?.length;
      const day = await plan.tripsOfDay({ from, to, date, ...(motorcycles !== undefined ? { motorcycles } : {}) });
      // The day's trips could not be searched: the request goes on as a quote for that day, said so.
      if (!day.ok) asker.note({ kind: 'day-search-failed' });
      // Trips leave that day, but none has room for them all: said, so that the quote is no surprise.
      else if (day.trips.length === 0 && day.tooFull > 0)
        asker.note({ kind: 'no-trip-fits', trips: day.tooFull, motorcycles: motorcycles ?? 1 });
      const trips = day.ok ? day.trips : [];
      if (trips.length > 0) {
        const index = await asker.oneOf({ field: 'routeId', options: trips });
        const picked = index === undefined ? undefined : trips[index];
        if (picked) filled.routeId = picked.id;
      }
    }
  }
  if (plan.isMissing('formula')) {
    const index = await asker.oneOf({ field: 'formula', options: FORMULAS });
    filled.formula = index === undefined ? undefined : FORMULAS[index];
  }

  await askMotorcycles();
  if (filled.motorcycleModels === undefined) {
    const count = filled.motorcycles ?? 1;
    const models: string[] = [];
    for (let index = 1; index <= count; index++) {
      const model = nonEmpty(await asker.optional({ field: 'motorcycleModels', index, count }));
      if (model !== undefined) models.push(model);
    }
    if (models.length > 0) filled.motorcycleModels = models;
  }
  if (filled.riders === undefined && filled.formula === 'rider')
    filled.riders = await askCount('riders', filled.motorcycles ?? filled.motorcycleModels?.length ?? 1);
  const whose = plan.voice === 'desk' ? 'customer' : 'user';
  if (filled.name === undefined) filled.name = nonEmpty(await asker.optional({ field: 'name', whose }));
  if (filled.email === undefined) {
    const check = (text: string) => promptEmail(text, lang);
    filled.email = nonEmpty(await asker.optional({ field: 'email', whose, check }));
  }
  if (filled.phone === undefined) {
    const check = (text: string) => promptPhone(text, lang);
    filled.phone = nonEmpty(await asker.optional({ field: 'phone', whose, check }));
  }
  if (filled.returnDate === undefined && !plan.returnTrip) {
    const check = (text: string) => promptReturnDate(text, filled.date, now, lang);
    const answer = nonEmpty(await asker.optional({ field: 'returnDate', check: (text) => check(text).problem }));
    if (answer !== undefined) filled.returnDate = check(answer).date;
  }
  if (filled.comment === undefined) filled.comment = nonEmpty(await asker.optional({ field: 'comment' }));
  return dropUnset(filled);
}

function nonEmpty(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The draft without the fields left unset (a skipped answer is no field at all). */
function dropUnset(draft: BookingRequestDraft): BookingRequestDraft {
  return Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) as BookingRequestDraft;
}
