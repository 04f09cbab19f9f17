import type { BookingLang } from '../../booking/lang.js';
import { columnNameIn, type RequestRow } from '../../booking/request-file.js';
import type { BookingDestinations } from '../../booking/request-output.js';
import type { Core } from '../core.js';
import { draftBooking } from './draft-booking.js';
import { readServedCities } from './quote-cities.js';
import { routeIdProblem } from './route-id.js';
import type { BookingResult } from './types.js';

/** A row of a file of requests that reads well (its values parsed; the trip and the cities still to check). */
export type ReadableRow = Extract<RequestRow, { ok: true }>;

/** The e-mails' language, the refusals' (`messagesLang`, English unless told) and where the drafts go. */
type RowRun = { lang: BookingLang; messagesLang?: BookingLang; destinations: BookingDestinations };
type RowDeps = { core: Core; signal?: AbortSignal };

/**
 * Each readable row of a file of requests through the booking use case, as one request, in order and one at a time
 * (a face may stop at the first refusal): a row naming its trip (`Trajet`) is checked by the one route-id grammar,
 * then goes through the trip check; a quote's cities take the service's spelling, from one listing read for the whole
 * file. Fields are named by their columns in the refusals.
 */
export async function* draftRequestRows(
  rows: readonly ReadableRow[],
  options: RowRun,
  deps: RowDeps,
): AsyncGenerator<{ row: ReadableRow; result: BookingResult }> {
  if (rows.length === 0) return;
  const cities = readServedCities(deps);
  for (const row of rows) {
    const trip = 'routeId' in row ? row.routeId : undefined;
    const badId = trip === undefined ? undefined : routeIdProblem(trip, options.messagesLang);
    const result: BookingResult = badId
      ? { ok: false, refusal: { kind: 'invalid', reasons: [`route_id: ${badId}`] }, warnings: [] }
      : await draftBooking(
          {
            fields: 'routeId' in row ? row.fields : row.request,
            lang: options.lang,
            ...(options.messagesLang ? { messagesLang: options.messagesLang } : {}),
            ...(trip ? { routeId: trip } : {}),
            ...(row.civility ? { civility: row.civility } : {}),
            ...(row.reference ? { reference: row.reference } : {}),
          },
          { destinations: options.destinations, fieldName: columnNameIn(options.messagesLang ?? 'en') },
          { ...deps, servedCities: () => cities },
        );
    yield { row, result };
  }
}
