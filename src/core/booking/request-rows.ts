import type { Civility } from '../../booking/civility.js';
import type { BookingRequest } from '../../booking/fields.js';
import type { BookingLang } from '../../booking/lang.js';
import { columnNameIn, type RequestRow } from '../../booking/request-file.js';
import type { BookingDestinations, BookingOutput } from '../../booking/request-output.js';
import type { Core } from '../core.js';
import { draftBooking } from './draft-booking.js';
import { readServedCities } from './quote-cities.js';
import { routeIdProblem } from './route-id.js';
import type { BookingRefusal, BookingResult, BookingWarning } from './types.js';

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
      civility?: Civility;
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
 * Every row of a file of requests, in the file's order, as the whole day's outcome: a row that could not be read is
 * refused with its problems, the others go through `draftRequestRows` (the rule `book --from-file` drafts by).
 */
export async function draftRequestFile(
  rows: readonly RequestRow[],
  options: RowRun,
  deps: RowDeps,
): Promise<DraftedRequestRow[]> {
  const readable = rows.filter((row): row is ReadableRow => row.ok);
  const results = new Map<ReadableRow, BookingResult>();
  for await (const { row, result } of draftRequestRows(readable, options, deps)) results.set(row, result);
  return rows.map((row): DraftedRequestRow => {
    if (!row.ok) return { line: row.line, ok: false, reasons: row.problems, warnings: [] };
    const result = results.get(row);
    if (result === undefined) throw new Error(`row ${row.line} was not drafted`);
    if (!result.ok) {
      const { reasons } = result.refusal;
      return { line: row.line, ok: false, reasons, refusal: result.refusal, warnings: result.warnings };
    }
    const { line, notes, cc, reference, civility } = row;
    return {
      line,
      ok: true,
      request: result.request,
      drafts: result.drafts,
      notes,
      warnings: result.warnings,
      ...(cc ? { cc } : {}),
      ...(reference ? { reference } : {}),
      ...(civility ? { civility } : {}),
    };
  });
}
