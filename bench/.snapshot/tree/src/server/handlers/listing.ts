import type { Handler } from '../context.js';
import { dayNumber } from '../days.js';
import { encodeBaseRecord, formARecord, formBRecord, usesFormB } from '../listing-records.js';
import type { ServiceData } from '../service-data.js';
import type { ListingForm } from '../options.js';

/**
 * GET /route/get/results: every upcoming, published, non-full trip as one JSON array, produced
 * record by record so a million trips never sit in memory as one string.
 */
export const listingHandler: Handler = (_ctx, state) => ({
  kind: 'stream',
  status: 200,
  chunks: () => listingPieces(state.data, state.options.listingForm, dayNumber(state.today())),
});

/** The listing as pieces of JSON text: '[', records with separators, ']'. */
export function* listingPieces(data: ServiceData, form: ListingForm, fromDay: number): Generator<string> {
  const { refs, extras } = data.match({ depart: undefined, arrival: undefined, fromDay, toDay: Number.MAX_SAFE_INTEGER });
  yield '[';
  for (let k = 0; k < refs.length; k++) {
    const ref = refs[k] as number;
    const separator = k === 0 ? '' : ',\n';
    if (ref >= 0) {
      yield separator + encodeBaseRecord(data.base, ref, usesFormB(form, data.base.ids[ref] as number));
    } else {
      const trip = data.tripOf(ref, extras);
      yield separator + JSON.stringify(usesFormB(form, Number(trip.id)) ? formBRecord(trip) : formARecord(trip));
    }
  }
  yield ']\n';
}
