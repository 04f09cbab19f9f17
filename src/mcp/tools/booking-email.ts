import * as z from 'zod';
import type { BookingRequestDraft } from '../../booking/fields.js';
import type { Formula } from '../../booking/formula.js';
import { bookingJson, buildBookingOutput } from '../../booking/request-output.js';
import { completeRequest, draftForTrip, formulaField, renameFlags, tripChoiceFields } from '../booking-request.js';
import { dateField, readDate } from '../inputs.js';
import { defineTool } from '../tool.js';

const text = (max: number, description: string, example: string) => z.string().trim().min(1).max(max).optional().describe(description).meta({ examples: [example] });

const input = z.strictObject({
  ...tripChoiceFields,
  formula: formulaField,
  make: text(40, 'Motorcycle make.', 'Honda'),
  model: text(40, 'Motorcycle model.', 'CB500F'),
  motorcycles: z.number().int().min(1).max(20).optional().describe('Number of motorcycles (default 1).'),
  riders: z.number().int().min(0).max(40).optional().describe('Riders travelling (default: one per motorcycle with rider, 0 with moto-only).'),
  return_date: dateField('Return date, for a round trip.', '2026-12-12').optional(),
  name: text(100, "The traveller's name.", 'Jeanne Dupont'),
  email: text(200, "The traveller's e-mail address.", 'jeanne@example.fr'),
  phone: text(40, "The traveller's phone number.", '06 12 34 56 78'),
  comment: text(1000, 'A free comment for the service, on one line.', 'Arriving by train.'),
  lang: z.enum(['fr', 'en']).optional().describe("Language of the e-mail: fr (the service's own) or en; default the server's --lang setting."),
});

const fields = z.object({
  from: z.string(), to: z.string(), date: z.string(), formula: z.string(),
  motorcycle_models: z.array(z.string()), motorcycles: z.number().int(), riders: z.number().int(),
  trip: z.enum(['one-way', 'round-trip']), return_date: z.string().nullable(), return_route_id: z.string().nullable(),
  name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), comment: z.string().nullable(),
  route_id: z.string().nullable(), price_min: z.number().nullable(), price_max: z.number().nullable(),
  scheduled: z.boolean(), lang: z.enum(['fr', 'en']),
});

const output = z.object({
  to: z.string().describe('the reservation address'),
  subject: z.string(),
  body: z.string().describe('the complete e-mail text'),
  mailto: z.string().describe('a mailto: link that opens this e-mail in a mail program'),
  form_url: z.string().describe('the pre-filled booking form (or quote form) link, the other way to book'),
  fields: fields.describe('the request as data'),
  sent: z.literal(false).describe('always false: nothing was sent'),
});

/** `draft_booking_email`: `motoroute book` as a tool, the e-mail and both links, never sent. */
export const draftBookingEmailTool = defineTool({
  name: 'draft_booking_email',
  title: 'Draft a booking e-mail',
  description:
    'Write the complete booking e-mail (or quote request) for the service, in French or English: to, subject, body, a mailto: link and ' +
    'the pre-filled form link. It NEVER sends anything and books nothing: show the draft to the traveller, who sends it or uses the form. ' +
    'Give route_id from search_routes (cities, date and price filled in), or depart, arrival and date for a quote; formula is required; ' +
    'make, model, counts, return_date and contact details are optional.',
  input,
  output,
  readOnly: true,
  openWorld: true,
  async run(args, env, signal) {
    const draft: BookingRequestDraft = { formula: args.formula as Formula };
    for (const field of ['name', 'email', 'phone', 'comment', 'motorcycles', 'riders'] as const) {
      if (args[field] !== undefined) Object.assign(draft, { [field]: args[field] });
    }
    // The composer takes one make and model per motorcycle; this tool describes one motorcycle.
    const model = [args.make, args.model].filter((part) => part !== undefined).join(' ');
    if (model !== '') draft.motorcycleModels = [model];
    if (args.return_date !== undefined) draft.returnDate = readDate(args.return_date, 'return_date', env.now());
    const complete = await draftForTrip(args, draft, env, signal);
    const request = completeRequest(complete, env);
    let output;
    try {
      output = bookingJson(buildBookingOutput(request, args.lang ?? env.bookingLang, env.destinations));
    } catch (error) {
      throw renameFlags(error);
    }
    const structured = { ...output, sent: false as const };
    const text = [
      'Draft only, not sent.',
      `To: ${output.to}`,
      `Subject: ${output.subject}`,
      '',
      output.body,
      '',
      `Open in a mail program: ${output.mailto}`,
      `Or the form: ${output.form_url}`,
    ].join('\n');
    return { structured, text };
  },
});
