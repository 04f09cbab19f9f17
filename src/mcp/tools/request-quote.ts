import * as z from 'zod';
import { formulaField, requestDetailFields } from '../booking-fields.js';
import { composeDraft, draftOutput } from '../booking-draft.js';
import { cityField, dateField } from '../inputs.js';
import { defineTool } from '../tool.js';

const input = z.strictObject({
  depart: cityField('Departure city, e.g. Paris.', 'Paris'),
  arrival: cityField('Arrival city, e.g. Nice.', 'Nice'),
  date: dateField('Wished departure date, e.g. 2026-12-05.', '2026-12-05'),
  formula: formulaField.default('rider'),
  ...requestDetailFields,
});

/** `request_quote`: the quote request for a route or date without a scheduled trip (the official connector's name). */
export const requestQuoteTool = defineTool({
  name: 'request_quote',
  title: 'Request a quote',
  description:
    'Prepares a quote request for a route or date with no scheduled trip: the e-mail to the service and the pre-filled quote form link. ' +
    'It sends nothing: the traveller sends the e-mail or the form. For a trip found by search_routes, use draft_booking_email with its route_id.',
  input,
  output: draftOutput,
  readOnly: true,
  openWorld: false,
  run: (args, env, signal) => composeDraft(args, env, signal),
});
