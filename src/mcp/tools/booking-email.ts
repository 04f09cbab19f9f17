import * as z from 'zod';
import { formulaField, requestDetailFields, returnTripFields, tripChoiceFields } from '../booking-fields.js';
import { composeDraft, draftOutput } from '../booking-draft.js';
import { defineTool } from '../tool.js';

const input = z.strictObject({
  ...tripChoiceFields,
  formula: formulaField,
  ...requestDetailFields,
  ...returnTripFields,
});

/** `draft_booking_email`: `motoroute book` as a tool, the e-mail and both links, never sent. */
export const draftBookingEmailTool = defineTool({
  name: 'draft_booking_email',
  title: 'Draft a booking e-mail',
  description:
    'Writes the booking e-mail for a trip from search_routes (route_id), or a quote request (depart, arrival, date), in French or English, ' +
    'with the pre-filled form link. It NEVER sends anything: show the draft; the traveller sends it or uses the form. ' +
    'Use request_quote when there is no scheduled trip, get_booking_url for the form link alone. Needs formula; the rest is optional.',
  input,
  output: draftOutput,
  readOnly: true,
  openWorld: true,
  run: (args, env, signal) => composeDraft(args, env, signal),
});
