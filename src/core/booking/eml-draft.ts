import { buildDraftMessage } from '../../booking/eml.js';
import type { BookingOutput } from '../../booking/request-output.js';
import { BOOKING_WORDING } from '../../booking/wording.js';

/** Who else a draft names besides the reservation address. */
export interface DraftPeople {
  /** A copy (the customer, say). */
  cc?: string;
  /** The sender (the `from` setting); without it, the mail client fills in its own. */
  from?: string;
}

/**
 * The request as an editable `.eml` draft: Reply-To the customer's e-mail when given, the form link as its last
 * paragraph unless the body gives it already (a template that prints `{{form_url}}`).
 */
export function draftMessage(drafts: BookingOutput, people: DraftPeople): Promise<Buffer> {
  const { email, request, lang, formUrl } = drafts;
  return buildDraftMessage(email, {
    ...(people.cc ? { cc: people.cc } : {}),
    ...(people.from ? { from: people.from } : {}),
    ...(request.email ? { replyTo: request.email } : {}),
    ...(email.body.includes(formUrl) ? {} : { footer: BOOKING_WORDING[lang].formLink(formUrl) }),
  });
}
