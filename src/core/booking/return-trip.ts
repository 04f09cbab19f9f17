import type { BookingFieldName, BookingRequestDraft } from '../../booking/fields.js';
import { scheduleOfTrip } from '../../booking/schedule.js';
import { sanitiseTrip } from '../../domain/safe-text.js';
import { createTripMatcher } from '../../domain/trip-matcher.js';
import type { BookingLang } from '../../booking/lang.js';
import { BOOKING_REASONS_IN } from './messages.js';
import { noUpcomingTripSentence } from './trip-not-found.js';
import type { BookingDeps, BookingRefusal } from './types.js';

/** The chosen trip back, by id: it must go from the arrival to the departure, and agree with a return date given. */
export async function withReturnTrip(
  draft: BookingRequestDraft,
  id: string,
  name: BookingFieldName,
  deps: Pick<BookingDeps, 'core' | 'signal'>,
  lang: BookingLang = 'en',
): Promise<{ ok: true; draft: BookingRequestDraft } | { ok: false; refusal: BookingRefusal }> {
  const found = await deps.core.findTrip(id, deps.signal);
  if (!found) return { ok: false, refusal: { kind: 'no-trip', id, reasons: [noUpcomingTripSentence(id, lang)] } };
  const trip = sanitiseTrip(found.trip);
  const { from, to } = draft;
  if (from === undefined || to === undefined || !createTripMatcher({ depart: to, arrival: from })(trip)) {
    const goes = `${trip.depart} \u2192 ${trip.arrival}`;
    const reasons = [BOOKING_REASONS_IN[lang].returnNotBack(name, id, goes, from ?? '?', to ?? '?')];
    return {
      ok: false,
      refusal: {
        kind: 'return-trip',
        reasons,
        ...(from !== undefined && to !== undefined ? { back: { from: to, to: from } } : {}),
      },
    };
  }
  if (draft.returnDate !== undefined && draft.returnDate !== trip.date) {
    const reasons = [BOOKING_REASONS_IN[lang].returnDisagrees(name, draft.returnDate, id, trip.date)];
    return { ok: false, refusal: { kind: 'return-trip', reasons } };
  }
  return {
    ok: true,
    draft: { ...draft, returnDate: trip.date, returnTrip: { routeId: trip.id, schedule: scheduleOfTrip(trip) } },
  };
}
