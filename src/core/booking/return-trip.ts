import type { BookingFieldName, BookingRequestDraft } from '../../booking/fields.js';
import { scheduleOfTrip } from '../../booking/schedule.js';
import { sanitiseTrip } from '../../domain/safe-text.js';
import { createTripMatcher } from '../../domain/trip-matcher.js';
import { tripPart } from '../../domain/trip-part.js';
import type { Trip } from '../../domain/types.js';
import { arrivalMoment, canPair, departureMoment } from '../round-trips.js';
import type { BookingLang } from '../../booking/lang.js';
import { BOOKING_REASONS_IN } from './messages.js';
import { noUpcomingTripSentence } from './trip-not-found.js';
import type { BookingDeps, BookingRefusal } from './types.js';

/** The return trip's verdict: the draft with it, and what `force` let through; or why it is refused. */
export type ReturnTripVerdict =
  | { ok: true; draft: BookingRequestDraft; forced: string[] }
  | { ok: false; refusal: BookingRefusal };

/** How the use case asks for a return trip: its face's field names and language, `--force`, the part of the trip out ridden. */
export interface ReturnTripOptions {
  name: BookingFieldName;
  lang?: BookingLang;
  force?: boolean;
  /** The part of the trip out the traveller rides, when the request names one by id. */
  outbound?: Trip;
}

/**
 * The chosen trip back, by id: it must go from the arrival to the departure (stopovers count), agree with a return
 * date given, leave after the trip out arrives, and, as the trip out, still be to come at the stop where the
 * traveller boards it and have a free place per motorcycle on the legs ridden (`force` lets those two through, said
 * as warnings). The e-mail shows the part ridden: the boarding stop's time, not the trip's first.
 */
export async function withReturnTrip(
  draft: BookingRequestDraft,
  id: string,
  options: ReturnTripOptions,
  deps: Pick<BookingDeps, 'core' | 'signal'>,
): Promise<ReturnTripVerdict> {
  const { name, lang = 'en', force = false, outbound } = options;
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
  // The way back is boarded at the arrival and left at the departure; as many motorcycles as the trip out carries.
  const motorcycles = draft.motorcycles ?? Math.max(1, draft.motorcycleModels?.length ?? 0);
  const check = deps.core.checkTrip(trip, { from: to, to: from, motorcycles, lang });
  const problems = [...(check.departed ? [check.departed] : []), ...(check.places ? [check.places] : [])];
  if (problems.length > 0 && !force)
    return { ok: false, refusal: { kind: 'return-trip', reasons: problems, back: { from: to, to: from } } };
  const ridden = tripPart(trip, check.ridden.board, check.ridden.leave);
  if (outbound !== undefined && !canPair(outbound, ridden)) {
    const reasons = [
      BOOKING_REASONS_IN[lang].returnBeforeArrival(name, id, departureMoment(ridden), arrivalMoment(outbound)),
    ];
    return { ok: false, refusal: { kind: 'return-trip', reasons, back: { from: to, to: from } } };
  }
  return {
    ok: true,
    draft: { ...draft, returnDate: trip.date, returnTrip: { routeId: trip.id, schedule: scheduleOfTrip(ridden) } },
    forced: problems,
  };
}
