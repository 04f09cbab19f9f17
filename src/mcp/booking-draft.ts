import * as z from 'zod';
import type { Civility } from '../booking/civility.js';
import type { BookingRequestDraft } from '../booking/fields.js';
import type { Formula } from '../booking/formula.js';
import type { BookingLang } from '../booking/lang.js';
import { buildMailtoUri } from '../booking/mailto.js';
import { draftBooking } from '../core/booking/draft-booking.js';
import { refusalError } from '../core/booking/refusal-error.js';
import type { BookingRefusal, BookingWarning } from '../core/booking/types.js';
import { parseDateInput } from '../domain/dates.js';
import { pairMakesAndModels } from '../domain/motorcycles.js';
import type { BookingOutput } from '../booking/request-output.js';
import { toolFieldName } from './booking-fields.js';
import type { McpEnvironment } from './environment.js';

/** What a booking tool received, by its field names (each tool fills in what it has). */
export interface BookingToolArgs {
  route_id?: string | undefined;
  depart?: string | undefined;
  arrival?: string | undefined;
  date?: string | undefined;
  formula: string;
  make?: string | undefined;
  model?: string | undefined;
  motorcycles?: number | undefined;
  riders?: number | undefined;
  return_date?: string | undefined;
  return_route_id?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  comment?: string | undefined;
  /** How the customer is addressed: `none` keeps the wording neutral, as leaving it out does. */
  civility?: Civility | 'none' | undefined;
  reference?: string | undefined;
  lang?: BookingLang | undefined;
}

/**
 * The core's booking use case, as `motoroute book` runs it, with this server's field names: the drafts and the
 * warnings to pass on, or the refusal as a one-line error with what to do in this server's tools.
 */
export async function draftForTool(
  args: BookingToolArgs,
  env: McpEnvironment,
  signal: AbortSignal,
): Promise<{ drafts: BookingOutput; warnings: BookingWarning[] }> {
  const now = env.now();
  const fields: BookingRequestDraft = { formula: args.formula as Formula };
  for (const field of ['name', 'email', 'phone', 'comment', 'motorcycles', 'riders'] as const) {
    if (args[field] !== undefined) Object.assign(fields, { [field]: args[field] });
  }
  if (args.depart !== undefined) fields.from = args.depart;
  if (args.arrival !== undefined) fields.to = args.arrival;
  if (args.date !== undefined) fields.date = parseDateInput(args.date, 'date', now);
  if (args.return_date !== undefined) fields.returnDate = parseDateInput(args.return_date, 'return_date', now);
  // One make and model per motorcycle: "Yamaha, BMW" and "MT-07, R1250GS" are two motorcycles, paired in order.
  const models = pairMakesAndModels(args.make, args.model);
  if (models.length > 0) fields.motorcycleModels = models;
  const result = await draftBooking(
    {
      ...(args.route_id !== undefined ? { routeId: args.route_id } : {}),
      ...(args.return_route_id !== undefined ? { returnTripId: args.return_route_id } : {}),
      fields,
      ...(args.civility !== undefined && args.civility !== 'none' ? { civility: args.civility } : {}),
      ...(args.reference !== undefined ? { reference: args.reference } : {}),
      lang: args.lang ?? env.bookingLang,
    },
    { destinations: env.destinations, fieldName: toolFieldName },
    { core: env.core, signal },
  );
  if (!result.ok) throw refusalError(result.refusal, toolAdvice(result.refusal));
  return { drafts: result.drafts, warnings: result.warnings };
}

/** What to do about a refusal, in this server's tools. */
function toolAdvice(refusal: BookingRefusal): string {
  switch (refusal.kind) {
    case 'missing':
      return 'Give route_id (a trip from search_routes), or depart, arrival and date for a quote request.';
    case 'no-trip':
      return 'Find ids with search_routes, or give depart, arrival and date instead for a quote.';
    case 'departed':
      return 'Nothing was drafted: choose another trip with search_routes.';
    case 'trip-check':
      return `Nothing was drafted: choose another trip with search_routes${refusal.places ? ', or ask for fewer motorcycles' : ''}.`;
    case 'return-trip':
      return refusal.back
        ? `Find one with search_routes (depart ${refusal.back.from}, arrival ${refusal.back.to}).`
        : '';
    case 'invalid':
      return '';
  }
}

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

// A result past this size costs a model more than the link is worth: the link then carries address and subject only.
const RESULT_BUDGET_BYTES = 3_500;

/** Composes the e-mail for a trip (route id) or a quote (cities and date), as `motoroute book` writes it, never sent. */
export async function composeDraft(
  args: BookingToolArgs,
  env: McpEnvironment,
  signal: AbortSignal,
): Promise<{ structured: DraftOutput; text: string }> {
  const { drafts, warnings } = await draftForTool(args, env, signal);
  const notes = warnings.map((warning) => warning.text);
  const { to, subject, body } = drafts.email;
  const whole: DraftOutput = { to, subject, body, form_url: drafts.formUrl, mailto: drafts.mailto, sent: false };
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
