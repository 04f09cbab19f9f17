import { cleanCity, servedSpellings } from './cities.js';
import * as z from 'zod';
import {
  requireBookingRequest,
  validateBookingRequest,
  type BookingFieldName,
  type BookingRequest,
  type BookingRequestDraft,
} from '../booking/fields.js';
import { bookingDraftFromTrip } from '../booking/from-trip.js';
import { FORMULAS } from '../booking/formula.js';
import { tripPart } from '../domain/trip-part.js';
import { franceDate } from '../domain/dates.js';
import { NotFoundError, UsageError } from '../errors.js';
import type { McpEnvironment } from './environment.js';
import { cityField, dateField, readDate, routeIdField } from './inputs.js';
import { cleanTrip } from './shapes.js';

/** The fields that say which trip a request is for: a route id, or cities and a date (a quote). */
export const tripChoiceFields = {
  route_id: routeIdField(
    'A trip id from search_routes: fills in the cities, date and price, and links the booking form. Leave out to ask a quote.',
  ).optional(),
  depart: cityField('Departure city, when no route_id is given.', 'Paris').optional(),
  arrival: cityField('Arrival city, when no route_id is given.', 'Marseille').optional(),
  date: dateField('Wished departure date, when no route_id is given.', '2026-12-05').optional(),
};

/** The transport formula field. */
export const formulaField = z
  .enum(FORMULAS as [string, ...string[]], {
    error: 'formula is rider (motorcycle with its rider) or moto-only (motorcycle alone)',
  })
  .describe('rider: the motorcycle travels with its rider; moto-only: alone. E.g. rider.');

// The booking composer names a field by its key; a model knows it by this tool's field names.
const TOOL_FIELDS: Partial<Record<keyof BookingRequest, string>> = {
  from: 'depart',
  to: 'arrival',
  motorcycleModels: 'make',
  returnDate: 'return_date',
  routeId: 'route_id',
  priceMin: 'price_min',
  priceMax: 'price_max',
};
const toolFieldName: BookingFieldName = (field) => TOOL_FIELDS[field] ?? field;

/** What a tool knows of the request before the trip is looked up. */
export interface TripChoice {
  route_id?: string | undefined;
  depart?: string | undefined;
  arrival?: string | undefined;
  date?: string | undefined;
}

/**
 * Completes a draft with the trip: from the route id (looked up in the service's listing; a departed trip is refused),
 * or from the cities and date given (a quote). Throws a one-line UsageError naming what is missing or contradictory.
 */
export async function draftForTrip(
  choice: TripChoice,
  draft: BookingRequestDraft,
  env: McpEnvironment,
  signal: AbortSignal,
  notes: string[] = [],
): Promise<BookingRequestDraft> {
  const now = env.now();
  const today = franceDate(now);
  if (choice.route_id !== undefined) {
    if (choice.date !== undefined) {
      throw new UsageError(
        'route_id already sets the date; drop date, or leave out route_id to ask a quote (depart and arrival may name the stops where the traveller boards and leaves).',
      );
    }
    check(draft, today);
    const found = await env.core.findTrip(choice.route_id, signal);
    if (!found) {
      throw new NotFoundError(
        `no upcoming trip has the id "${choice.route_id}" (full trips are left out); ` +
          'find ids with search_routes, or give depart, arrival and date instead for a quote.',
        404,
        '',
      );
    }
    const trip = cleanTrip(found.trip);
    // The core's trip check, as `motoroute book` runs it: stops in order, places on the legs ridden, departure to come.
    const motorcycles = draft.motorcycles ?? Math.max(1, draft.motorcycleModels?.length ?? 0);
    const verdict = env.core.checkTrip(trip, { from: choice.depart, to: choice.arrival, motorcycles });
    if (verdict.problems.length > 0) {
      const advice = verdict.places
        ? 'choose another trip with search_routes, or ask for fewer motorcycles.'
        : 'choose another trip with search_routes.';
      throw new UsageError(`${verdict.problems.join(' ')} Nothing was drafted: ${advice}`);
    }
    const { board, leave } = verdict.ridden;
    return { ...draft, ...bookingDraftFromTrip(tripPart(trip, board, leave)) };
  }
  const full: BookingRequestDraft = { ...draft, scheduled: false };
  // A quote names the cities as the service spells them; one it does not serve is asked for as typed (book warns alike).
  const { names, unknown } = await servedSpellings(
    env,
    { depart: cleanCity(choice.depart), arrival: cleanCity(choice.arrival) },
    signal,
  );
  notes.push(...unknown.map((sentence) => `${sentence} The request asks a quote for it as typed.`));
  if (names.depart !== undefined) full.from = names.depart;
  if (names.arrival !== undefined) full.to = names.arrival;
  if (choice.date !== undefined) full.date = readDate(choice.date, 'date', now);
  const missing = check(full, today);
  if (missing.length > 0) {
    throw new UsageError(
      `${missing.join(', ')} missing: give route_id (a trip from search_routes), or depart, arrival and date for a quote request.`,
    );
  }
  return full;
}

/** The complete request, refused in the composer's words with this server's field names when a value is wrong. */
export function completeRequest(draft: BookingRequestDraft, env: McpEnvironment): BookingRequest {
  return requireBookingRequest(draft, { today: franceDate(env.now()), fieldName: toolFieldName });
}

/** Checks the draft's values; returns the trip fields still missing, by this server's names. */
function check(draft: BookingRequestDraft, today: string): string[] {
  return validateBookingRequest(draft, { today, fieldName: toolFieldName }).filter((field) => field !== 'formula');
}
