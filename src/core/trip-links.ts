import { FORM_PARAMETERS, parseFormUrl, type BookingForms } from '../booking/form-url.js';
import type { Trip } from '../domain/types.js';

/**
 * A trip's booking form, pre-filled with its cities, date and id and nothing the traveller has not chosen yet (no
 * formula, no count): built once for `show`, the MCP's `route_details` and whoever else links a trip. A request's
 * own links (the e-mail's `mailto:` and its form) come with its drafts (`draftBooking`).
 */
export function tripFormUrl(
  trip: Pick<Trip, 'id' | 'depart' | 'arrival' | 'date'>,
  forms: Pick<BookingForms, 'bookingUrl'>,
): string {
  const url = parseFormUrl(forms.bookingUrl);
  url.searchParams.set(FORM_PARAMETERS.depart, trip.depart);
  url.searchParams.set(FORM_PARAMETERS.arrival, trip.arrival);
  url.searchParams.set(FORM_PARAMETERS.date, trip.date);
  url.searchParams.set(FORM_PARAMETERS.routeId, trip.id);
  return url.toString();
}
