import type { Handler } from '../context.js';
import { dayNumber } from '../days.js';
import type { RecordDeviator } from '../deviations/records.js';
import { encodeBaseRecord, formARecord, formBRecord, usesFormB } from '../listing-records.js';
import type { ServiceData } from '../service-data.js';
import type { ListingForm } from '../options.js';

/**
 * GET /route/get/results: every upcoming, published, non-full trip as one JSON array, produced
 * record by record so a million trips never sit in memory as one string.
 */
export const listingHandler: Handler = (_ctx, state) => {
  const deviator = state.deviations.listing();
  const { listingForm } = state.options;
  const fromDay = dayNumber(state.today());
  return {
    kind: 'stream',
    status: 200,
    chunks: () =>
      deviator
        ? deviatedListingPieces(state.data, listingForm, fromDay, deviator)
        : listingPieces(state.data, listingForm, fromDay),
  };
};

/** The listing as pieces of JSON text: '[', records with separators, ']'. */
export function* listingPieces(data: ServiceData, form: ListingForm, fromDay: number): Generator<string> {
  const { refs, extras } = data.match({
    depart: undefined,
    arrival: undefined,
    fromDay,
    toDay: Number.MAX_SAFE_INTEGER,
  });
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

/**
 * The listing with deviating records: a record that changes is built as an object and passed through
 * the deviator; one that does not (no extra fields or loose types, and not broken) is encoded as usual.
 * A loop of its own, so the reference listing's loop keeps no per-record test or call (it was measurably slower).
 */
function* deviatedListingPieces(
  data: ServiceData,
  form: ListingForm,
  fromDay: number,
  deviator: RecordDeviator,
): Generator<string> {
  const { refs, extras } = data.match({
    depart: undefined,
    arrival: undefined,
    fromDay,
    toDay: Number.MAX_SAFE_INTEGER,
  });
  const everyRecord = deviator.changesEveryRecord;
  yield '[';
  for (let k = 0; k < refs.length; k++) {
    const ref = refs[k] as number;
    const separator = k === 0 ? '' : ',\n';
    const id = ref >= 0 ? String(data.base.ids[ref]) : data.tripOf(ref, extras).id;
    const formB = usesFormB(form, Number(id));
    if (ref >= 0 && !everyRecord && !deviator.isBroken(id)) {
      yield separator + encodeBaseRecord(data.base, ref, formB);
    } else {
      const trip = data.tripOf(ref, extras);
      yield separator + JSON.stringify(deviator.listingRecord(formB ? formBRecord(trip) : formARecord(trip)));
    }
  }
  yield ']\n';
}
