import { buildFormUrl, FORM_PARAMETERS, type BookingForms } from '../../booking/form-url.js';
import type { Trip } from '../../domain/types.js';

/**
 * The booking form for a trip seen by a watch: its cities, date, id and the places asked for. The formula and
 * riders are the traveller's choice on the form, so they are left out.
 */
export function alertBookingLink(trip: Trip, forms: BookingForms, motorcycles: number): string {
  const request = {
    from: trip.depart,
    to: trip.arrival,
    date: trip.date,
    formula: 'rider',
    motorcycles,
    routeId: trip.id,
    scheduled: true,
  } as const;
  const url = new URL(buildFormUrl(request, forms));
  for (const name of [FORM_PARAMETERS.formula, FORM_PARAMETERS.riders, FORM_PARAMETERS.trip])
    url.searchParams.delete(name);
  return url.toString();
}
