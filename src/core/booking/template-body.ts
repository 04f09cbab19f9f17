import type { BookingOutput } from '../../booking/request-output.js';
import { buildMailtoUri } from '../../booking/mailto.js';
import { renderTemplate } from '../../booking/template.js';
import { templateView } from '../../booking/template-view.js';
import { UsageError } from '../../errors.js';
import type { BookingDestinations } from '../../booking/request-output.js';
import type { BookingLang } from '../../booking/lang.js';
import { frenchTypography } from '../../booking/typography.js';

/** How each language sets a rendered body: French typography in French (addresses and links left as typed). */
const TYPESET: Readonly<Record<BookingLang, (text: string) => string>> = {
  fr: frenchTypography,
  en: (text) => text,
};

/** The drafts with their body rendered from a template, and the names it used that no field fills (they print empty). */
export interface TemplatedDrafts {
  drafts: BookingOutput;
  unknownFields: string[];
}

/**
 * The drafts with their body rendered from a user's Mustache `template` (its view: the request's fields, the form
 * link, the settings' greeting, signature and voice) and their `mailto:` link rebuilt. `source` names the template in
 * errors. The template is the user's text: it may hold any line break, but not a control character a header could
 * carry, which is refused. The rendered body is set in the e-mail's language's typography, as composed e-mails are
 * (« Date : » gets its no-break space, `8 h 30` and `1 234,50 €` theirs), e-mail addresses and links as typed.
 */
export async function withTemplateBody(
  drafts: BookingOutput,
  template: string,
  source: string,
  destinations: BookingDestinations,
): Promise<TemplatedDrafts> {
  const view = templateView(drafts.request, {
    lang: drafts.lang,
    formUrl: drafts.formUrl,
    ...(destinations.greeting ? { greeting: destinations.greeting } : {}),
    ...(destinations.signature ? { signature: destinations.signature } : {}),
    ...(destinations.voice ? { voice: destinations.voice } : {}),
    ...(drafts.customer ? { customer: drafts.customer } : {}),
  });
  const { body, unknownFields } = await renderTemplate(template, view, source);
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(body))
    throw new UsageError(`${source}: the rendered body holds a control character; remove it from the template.`);
  const email = { ...drafts.email, body: TYPESET[drafts.lang](body) };
  return {
    drafts: { ...drafts, email, mailto: buildMailtoUri(email.to, email.subject, email.body, email.cc) },
    unknownFields,
  };
}
