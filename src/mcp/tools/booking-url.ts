import * as z from 'zod';
import { buildFormUrl } from '../../booking/form-url.js';
import type { Formula } from '../../booking/formula.js';
import { completeRequest, draftForTrip, formulaField, tripChoiceFields } from '../booking-request.js';
import { defineTool } from '../tool.js';

const input = z.strictObject({
  ...tripChoiceFields,
  formula: formulaField.default('rider'),
  motorcycles: z.number().int().min(1).max(20).default(1).describe('Number of motorcycles.'),
});

const output = z.object({
  url: z.string().describe('the pre-filled form link to give the traveller'),
  form: z.enum(['booking', 'quote']).describe('booking: the form for a scheduled trip; quote: the form to ask a quote for other routes or dates'),
  route_id: z.string().nullable(),
  depart: z.string(),
  arrival: z.string(),
  date: z.string(),
  formula: z.string(),
});

/** `get_booking_url`: the pre-filled booking form link for a trip id, or the quote form link for cities and a date. */
export const getBookingUrlTool = defineTool({
  name: 'get_booking_url',
  title: 'Booking form link',
  description:
    "The service's online booking form link, pre-filled, for a trip id from search_routes; or, for cities and a date without a trip id, " +
    'the quote form link. The traveller opens it to book: this tool books, reserves and pays nothing. ' +
    'Give route_id, or depart, arrival and date.',
  input,
  output,
  readOnly: true,
  openWorld: true,
  async run(args, env, signal) {
    const draft = await draftForTrip(args, { formula: args.formula as Formula, motorcycles: args.motorcycles }, env, signal);
    const request = completeRequest(draft, env);
    const url = buildFormUrl(request, env.destinations);
    const form = request.scheduled ? 'booking' : 'quote';
    const structured = {
      url,
      form,
      route_id: request.routeId ?? null,
      depart: request.from,
      arrival: request.to,
      date: request.date,
      formula: request.formula,
    } as const;
    const what = request.scheduled ? `Booking form for trip ${request.routeId}` : 'Quote form';
    return { structured, text: `${what} (${request.from} → ${request.to}, ${request.date}): ${url}` };
  },
});
