import { pairMakesAndModels } from '../domain/motorcycles.js';
import * as z from 'zod';
import type { BookingRequestDraft } from '../booking/fields.js';
import type { Formula } from '../booking/formula.js';
import { buildMailtoUri } from '../booking/mailto.js';
import { buildBookingOutput } from '../booking/request-output.js';
import { completeRequest, draftForTrip, type TripChoice } from './booking-request.js';
import type { McpEnvironment } from './environment.js';
import { dateField, readDate } from './inputs.js';

const text = (max: number, description: string) => z.string().trim().min(1).max(max).optional().describe(description);

/** What the traveller tells about the motorcycles, the trip back and themselves (every field optional). */
export const requestDetailFields = {
  make: text(40, 'Motorcycle make, e.g. Honda; several comma-separated, paired in order with model.'),
  model: text(40, 'Motorcycle model, e.g. CB500F.'),
  motorcycles: z.number().int().min(1).max(20).optional().describe('Motorcycles, e.g. 1 (the default).'),
  riders: z
    .number()
    .int()
    .min(0)
    .max(40)
    .optional()
    .describe('Riders travelling, e.g. 1 (default: one per motorcycle with rider, 0 with moto-only).'),
  return_date: dateField('Return date, for a round trip.', '2026-12-12').optional(),
  name: text(100, "Traveller's name, e.g. Jeanne Dupont."),
  email: text(200, "Traveller's e-mail, e.g. jeanne@example.fr."),
  phone: text(40, "Traveller's phone, e.g. 06 12 34 56 78."),
  comment: text(1000, 'One line for the service, e.g. Arriving by train.'),
  lang: z
    .enum(['fr', 'en'])
    .optional()
    .describe("E-mail language: fr (the service's) or en, e.g. en; default the server's --lang."),
};

/** A draft as the tools return it: the e-mail once, the form link, and a mailto: link while the result stays small. */
export const draftOutput = z.object({
  to: z.string(),
  subject: z.string(),
  body: z.string().describe('the e-mail text'),
  form_url: z.string().describe('the pre-filled booking form (or quote form): the other way to send it'),
  mailto: z
    .string()
    .describe('opens the e-mail in a mail program; address and subject only when the body is too long for a link'),
  sent: z.literal(false).describe('always false: nothing was sent'),
});

export type DraftOutput = z.infer<typeof draftOutput>;

type DetailArgs = z.output<z.ZodObject<typeof requestDetailFields>>;

// A result past this size costs a model more than the link is worth: the link then carries address and subject only.
const RESULT_BUDGET_BYTES = 3_500;

/** Composes the e-mail for a trip (route id) or a quote (cities and date), as `motoroute book` writes it, never sent. */
export async function composeDraft(
  choice: TripChoice,
  args: DetailArgs & { formula: string },
  env: McpEnvironment,
  signal: AbortSignal,
): Promise<{ structured: DraftOutput; text: string }> {
  const draft: BookingRequestDraft = { formula: args.formula as Formula };
  for (const field of ['name', 'email', 'phone', 'comment', 'motorcycles', 'riders'] as const) {
    if (args[field] !== undefined) Object.assign(draft, { [field]: args[field] });
  }
  // One make and model per motorcycle: "Yamaha, BMW" and "MT-07, R1250GS" are two motorcycles, paired in order.
  const models = pairMakesAndModels(args.make, args.model);
  if (models.length > 0) draft.motorcycleModels = models;
  if (args.return_date !== undefined) draft.returnDate = readDate(args.return_date, 'return_date', env.now());
  const notes: string[] = [];
  const request = completeRequest(await draftForTrip(choice, draft, env, signal, notes), env);
  const output = buildBookingOutput(request, args.lang ?? env.bookingLang, env.destinations);
  const { to, subject, body } = output.email;
  const whole: DraftOutput = { to, subject, body, form_url: output.formUrl, mailto: output.mailto, sent: false };
  const said = (text: string) => [text, ...notes].join('\n');
  if (resultBytes(whole) <= RESULT_BUDGET_BYTES) return { structured: whole, text: said(draftText(whole)) };
  const short: DraftOutput = { ...whole, mailto: buildMailtoUri(to, subject, '') };
  return { structured: short, text: said(draftText(short)) };
}

/** The draft as text: the e-mail once and the form link (the mailto: link, the e-mail again, stays in the structured result). */
function draftText(draft: DraftOutput): string {
  const lines = [
    'Draft only, not sent: show it to the traveller, who sends it (mailto link in the result) or uses the form.',
    `To: ${draft.to}`,
    `Subject: ${draft.subject}`,
    '',
    draft.body,
    '',
    `Form: ${draft.form_url}`,
  ];
  if (!draft.mailto.includes('body='))
    lines.push(
      '(The text is too long for a mailto: link: the link opens an e-mail with address and subject; paste the text.)',
    );
  return lines.join('\n');
}

/** The size of the result as the client receives it: the text block and the structured result, JSON-encoded. */
function resultBytes(draft: DraftOutput): number {
  return Buffer.byteLength(
    JSON.stringify({ content: [{ type: 'text', text: draftText(draft) }], structuredContent: draft }),
  );
}
