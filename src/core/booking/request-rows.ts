import type { BookingRequest } from '../../booking/fields.js';
import type { BookingLang } from '../../booking/lang.js';
import { columnName, type RequestRow } from '../../booking/request-file.js';
import type { BookingDestinations, BookingOutput } from '../../booking/request-output.js';
import { draftBooking } from './draft-booking.js';
import { readServedCities } from './quote-cities.js';
import { routeIdProblem } from './route-id.js';
import type { BookingDeps, BookingRefusal, BookingWarning } from './types.js';

/** One row of a file of requests after the booking use case: drafted, or refused with its reasons. */
export type DraftedRequestRow =
  | {
      line: number;
      ok: true;
      /** The request as drafted: its cities in the service's spelling. */
      request: BookingRequest;
      drafts: BookingOutput;
      /** What the reading mended in the row (a phone that lost its 0). */
      notes: string[];
      warnings: BookingWarning[];
      cc?: string;
      reference?: string;
    }
  | {
      line: number;
      ok: false;
      /** Why: the row's own problems as read, or the use case's refusal. */
      reasons: string[];
      refusal?: BookingRefusal;
      warnings: BookingWarning[];
    };

/**
 * Every row of a file of requests through the booking use case, as `book` drafts one request: a row that could not
 * be read is refused with its problems; a row naming its trip goes through the trip check (free places on the legs
 * ridden, a trip that left); a quote's cities take the service's spelling (the served cities read once for the
 * file). Fields are named as the file's columns. Rows are drafted in order, one at a time.
 */
export async function draftRequestRows(
  rows: readonly RequestRow[],
  run: { lang: BookingLang; destinations: BookingDestinations },
  deps: Pick<BookingDeps, 'core' | 'signal'>,
): Promise<DraftedRequestRow[]> {
  const readable = rows.filter((row) => row.ok);
  const cities = readable.length === 0 ? undefined : readServedCities(deps);
  const drafted: DraftedRequestRow[] = [];
  for (const row of rows) {
    if (!row.ok) {
      drafted.push({ line: row.line, ok: false, reasons: row.problems, warnings: [] });
      continue;
    }
    const trip = 'routeId' in row ? row.routeId : undefined;
    const badId = trip === undefined ? undefined : routeIdProblem(trip);
    if (badId !== undefined) {
      drafted.push({ line: row.line, ok: false, reasons: [`route_id: ${badId}`], warnings: [] });
      continue;
    }
    const result = await draftBooking(
      { fields: 'routeId' in row ? row.fields : row.request, lang: run.lang, ...(trip ? { routeId: trip } : {}) },
      { destinations: run.destinations, fieldName: columnName },
      { ...deps, servedCities: () => cities ?? Promise.resolve(undefined) },
    );
    if (!result.ok) {
      drafted.push({
        line: row.line,
        ok: false,
        reasons: result.refusal.reasons,
        refusal: result.refusal,
        warnings: result.warnings,
      });
      continue;
    }
    const { line, notes, cc, reference } = row;
    drafted.push({
      line,
      ok: true,
      request: result.request,
      drafts: result.drafts,
      notes,
      warnings: result.warnings,
      ...(cc ? { cc } : {}),
      ...(reference ? { reference } : {}),
    });
  }
  return drafted;
}
