import * as z from 'zod';
import { formulaField, motorcyclesField, tripChoiceFields } from '../booking-fields.js';
import { draftForTool } from '../booking-draft.js';
import { defineTool } from '../tool.js';

const input = z.strictObject({
  need: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'What the traveller needs, as the official connector names it: booking (a scheduled trip) or quote (other routes or dates), e.g. quote.',
    ),
  ...tripChoiceFields,
  formula: formulaField.default('rider'),
  motorcycles: motorcyclesField.default(1).describe('Motorcycles, e.g. 1.'),
});

const output = z.object({
  url: z.string().describe('the link to give the traveller'),
  form: z.enum(['booking', 'quote']),
  route_id: z.string().nullable(),
  depart: z.string().nullable(),
  arrival: z.string().nullable(),
  date: z.string().nullable(),
});

/** `get_booking_url`: the pre-filled booking form link for a trip id, the quote form link for cities and a date, or either form plain. */
export const getBookingUrlTool = defineTool({
  name: 'get_booking_url',
  title: 'Booking form link',
  description:
    "The service's booking form link, pre-filled for a trip id from search_routes; for cities and a date, the quote form link; " +
    'with neither, the plain form that need asks for. The traveller books on the form: this tool books and pays nothing. ' +
    'Use draft_booking_email for the e-mail instead.',
  input,
  output,
  readOnly: true,
  openWorld: true,
  async run(args, env, signal) {
    const wantsQuote = args.need !== undefined && /quot|devis|price|prix/i.test(args.need);
    if (
      args.route_id === undefined &&
      args.depart === undefined &&
      args.arrival === undefined &&
      args.date === undefined
    ) {
      const url = wantsQuote ? env.destinations.quoteUrl : env.destinations.bookingUrl;
      const structured = {
        url,
        form: wantsQuote ? 'quote' : 'booking',
        route_id: null,
        depart: null,
        arrival: null,
        date: null,
      } as const;
      return {
        structured,
        text: `${wantsQuote ? 'Quote' : 'Booking'} form: ${url} (give route_id, or depart, arrival and date, for a pre-filled link)`,
      };
    }
    // The form link of the one booking use case: the trip checked, the cities spelled, as the e-mail's form link.
    const { drafts, warnings } = await draftForTool(args, env, signal);
    // A form asks for the contact itself: only what concerns the link is said.
    const notes = warnings.filter((warning) => warning.kind !== 'no-contact').map((warning) => warning.text);
    const { request, formUrl: url } = drafts;
    const form = request.scheduled ? 'booking' : 'quote';
    const structured = {
      url,
      form,
      route_id: request.routeId ?? null,
      depart: request.from,
      arrival: request.to,
      date: request.date,
    } as const;
    const what = request.scheduled ? `Booking form for trip ${request.routeId}` : 'Quote form';
    return {
      structured,
      text: [`${what} (${request.from} → ${request.to}, ${request.date}): ${url}`, ...notes].join('\n'),
    };
  },
});
