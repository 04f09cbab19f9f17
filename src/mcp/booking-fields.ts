import * as z from 'zod';
import { MAX_MOTORCYCLES, type BookingFieldName, type BookingRequest } from '../booking/fields.js';
import { MAX_REFERENCE_LENGTH } from '../booking/customer-naming.js';
import { FORMULAS } from '../booking/formula.js';
import { cityField, dateField, routeIdField } from './inputs.js';

/** The fields that say which trip a request is for: a route id, or cities and a date (a quote). */
export const tripChoiceFields = {
  route_id: routeIdField(
    'A trip id from search_routes: fills in the cities, date and price, and links the booking form. Leave out to ask a quote.',
  ).optional(),
  depart: cityField('Departure city; with route_id, the stop boarded at.', 'Paris').optional(),
  arrival: cityField('Arrival city; with route_id, the stop left at.', 'Marseille').optional(),
  date: dateField('Wished departure date, when no route_id is given.', '2026-12-05').optional(),
};

/** The transport formula field. */
export const formulaField = z
  .enum(FORMULAS as [string, ...string[]], {
    error: 'formula is rider (motorcycle with its rider) or moto-only (motorcycle alone)',
  })
  .describe('rider: the motorcycle travels with its rider; moto-only: alone. E.g. rider.');

/** A count bounded by the booking rule, refused in the words of the command line's option. */
function countField(min: number) {
  const refused = (issue: { input?: unknown }) =>
    `"${String(issue.input)}" must be a whole number from ${min} to ${MAX_MOTORCYCLES}.`;
  return z.number().int({ error: refused }).min(min, { error: refused }).max(MAX_MOTORCYCLES, { error: refused });
}

/** The number of motorcycles, bounded by the booking rule. */
export const motorcyclesField = countField(1);

const text = (max: number, description: string) => z.string().trim().min(1).max(max).optional().describe(description);

/** What the traveller tells about the motorcycles, the trip back and themselves (every field optional). */
export const requestDetailFields = {
  make: text(40, 'Motorcycle make, e.g. Honda; several comma-separated, paired in order with model.'),
  model: text(40, 'Motorcycle model, e.g. CB500F.'),
  motorcycles: motorcyclesField.optional().describe('Motorcycles, e.g. 1 (the default).'),
  riders: countField(0)
    .optional()
    .describe('Riders travelling, e.g. 1 (default: one per motorcycle with rider, 0 with moto-only).'),
  return_date: dateField('Return date, for a round trip.', '2026-12-12').optional(),
  name: text(100, "Traveller's name, e.g. Jeanne Dupont."),
  email: text(200, "Traveller's e-mail, e.g. jeanne@example.fr."),
  phone: text(40, "Traveller's phone, e.g. 06 12 34 56 78."),
  comment: text(1000, 'One line for the service, e.g. Arriving by train.'),
  civility: z.enum(['Mme', 'M.', 'none']).optional().describe('Title of name when told, e.g. Mme; none: neutral.'),
  reference: text(MAX_REFERENCE_LENGTH, 'Ref. in subject, e.g. D-104.'),
  lang: z
    .enum(['fr', 'en'])
    .optional()
    .describe("E-mail language: fr (the service's) or en, e.g. en; default the server's --lang."),
};

/** The chosen trip back, for a booking (a quote has no scheduled trip to pair it with). */
export const returnTripFields = {
  return_route_id: routeIdField('Return trip id from search_routes; sets return_date.').optional(),
};

// The booking rules name a field by its key; a model knows it by these tools' field names.
const TOOL_FIELDS: Partial<Record<keyof BookingRequest, string>> = {
  from: 'depart',
  to: 'arrival',
  motorcycleModels: 'make',
  returnDate: 'return_date',
  returnTrip: 'return_route_id',
  routeId: 'route_id',
  priceMin: 'price_min',
  priceMax: 'price_max',
};

/** How the booking tools name a field in messages. */
export const toolFieldName: BookingFieldName = (field) => TOOL_FIELDS[field] ?? field;
