import { FORM_PREFILL_NOTE } from '../../booking/form-url.js';
import { MAILTO_SAFE_LENGTH } from '../../booking/mailto.js';
import type { Context } from '../../cli/context.js';
import type { DraftPeople } from '../../core/booking/eml-draft.js';
import { writeSafely } from '../../output/stdout.js';
import type { BookPresentation } from './draft.js';
import { copyAndSay } from '../../output/copy-and-say.js';
import { openAndSay } from '../../output/open-and-say.js';
import {
  bookingJson,
  bookingText,
  emailText,
  type BookingOutput,
  type BookingTextPart,
} from '../../booking/request-output.js';
import { BOOK_WORDS, type Copied, type Opened } from './words.js';

/**
 * Shows the drafts as `book`'s flags ask: the whole request (one JSON document, or the Markdown summary for a ticket),
 * an `.eml` draft written (and opened), the e-mail and links printed (and copied), or the mail client or the form
 * opened (a draft instead of a link too long for it).
 */
export async function present(
  ctx: Context,
  output: BookingOutput,
  presentation: BookPresentation,
  whole: 'json' | 'markdown' | undefined,
  people: DraftPeople,
): Promise<number | void> {
  if (whole === 'json') {
    const [{ printJson }, settings] = await Promise.all([import('../../output/writer.js'), ctx.output()]);
    await printJson(bookingJson(output), settings, ctx.stdout);
    return;
  }
  if (whole === 'markdown') {
    const { bookingTicket } = await import('../../booking/ticket.js');
    await writeSafely(ctx.stdout, bookingTicket(output, ctx.lang));
    return;
  }
  const { part, open, eml } = presentation;
  if (eml !== undefined) {
    const [{ draftMessage }, { writeDraftFile, noteMissingSender }] = await Promise.all([
      import('../../core/booking/eml-draft.js'),
      import('./draft-file.js'),
    ]);
    await writeDraftFile(ctx, await draftMessage(output, people), eml, presentation.force);
    const code = open === undefined ? undefined : await openAndSayWhat(ctx, eml, 'draft');
    // Said once the draft is written: not before a refusal to write over a file.
    if (!people.from) noteMissingSender(ctx);
    return code;
  }
  if (open === undefined) {
    if (part === undefined || part === 'mailto') warnOfLongLink(ctx, output.mailto, part === 'mailto');
    if (part === undefined || part === 'form') ctx.note(FORM_PREFILL_NOTE[output.lang]);
    await writeSafely(ctx.stdout, bookingText(output, part));
    if (!presentation.copy) return;
    return copyBookingPart(ctx, output, part);
  }
  if (open === 'form') {
    ctx.note(FORM_PREFILL_NOTE[output.lang]);
    return openAndSayWhat(ctx, output.formUrl, 'form');
  }
  if (output.mailto.length > MAILTO_SAFE_LENGTH) {
    // Too long for many mail clients: a draft file carries any length, and opens in the same client.
    const [{ draftMessage }, { writeTemporaryDraft }] = await Promise.all([
      import('../../core/booking/eml-draft.js'),
      import('../../core/booking/new-files.js'),
    ]);
    const file = await writeTemporaryDraft(await draftMessage(output, people));
    ctx.note(BOOK_WORDS[ctx.lang].longLinkDraft(output.mailto.length, file));
    return openAndSayWhat(ctx, file, 'draft');
  }
  return openAndSayWhat(ctx, output.mailto, 'e-mail');
}

/** Many mail clients cut or refuse a mailto: link past about 2,000 characters: say so, and what to use instead. */
function warnOfLongLink(ctx: Context, mailto: string, asked: boolean): void {
  if (mailto.length <= MAILTO_SAFE_LENGTH) return;
  ctx.warn(BOOK_WORDS[ctx.lang].longLink(mailto.length, MAILTO_SAFE_LENGTH, asked));
}

/** `--copy`: the e-mail (To, Subject, body) by default, the link with --mailto or --form; says on stderr what was copied. */
function copyBookingPart(
  ctx: Context,
  output: BookingOutput,
  part: BookingTextPart | undefined,
): Promise<number | void> {
  const what: Copied = part === 'mailto' || part === 'form' ? part : 'e-mail';
  const text = part === 'mailto' ? output.mailto : part === 'form' ? output.formUrl : emailText(output.email);
  return copyAndSay(ctx, text, BOOK_WORDS[ctx.lang].copiedName(what));
}

/** Opens a link or file, naming it in the session's language; what was not opened is printed to open by hand. */
function openAndSayWhat(ctx: Context, target: string, what: Opened): Promise<number | void> {
  const words = BOOK_WORDS[ctx.lang];
  return openAndSay(ctx, target, { name: words.openedName(what), opened: words.opened(what) });
}
