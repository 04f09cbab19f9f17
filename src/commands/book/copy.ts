import type { Context } from '../../cli/context.js';
import { ExitCode } from '../../errors.js';
import { copyToClipboard } from '../../output/clipboard.js';
import type { BookPart } from './draft.js';
import { emailText, type BookingOutput } from './render.js';
import { BOOK_WORDS, type Copied } from './words.js';

/** `--copy`: the e-mail (To, Subject, body) by default, the link with --mailto or --form; says on stderr what was copied. */
export async function copyBookingPart(
  ctx: Context,
  output: BookingOutput,
  part: BookPart | undefined,
): Promise<number | void> {
  const what: Copied = part === 'mailto' || part === 'form' ? part : 'e-mail';
  const text = part === 'mailto' ? output.mailto : part === 'form' ? output.formUrl : emailText(output.email);
  const words = BOOK_WORDS[ctx.lang];
  const terminal = ctx.stderr.isTTY ? ctx.stderr : ctx.stdout.isTTY ? ctx.stdout : undefined;
  const outcome = await copyToClipboard(text, ctx.io.env, terminal);
  if (outcome.kind === 'program') ctx.note(words.copied(what, text.length, outcome.program));
  // The terminal never says whether it took an OSC 52 text (many drop it unless allowed): say it was sent, not that it arrived.
  else if (outcome.kind === 'osc52') ctx.note(words.sentOsc52(what, text.length));
  else {
    ctx.warn(words.notCopied(what, outcome.cause === 'programs' ? outcome.reason : words.copyCause[outcome.cause]));
    return ExitCode.service;
  }
}
