import type { Context } from '../../cli/context.js';
import { ExitCode } from '../../errors.js';
import { copyToClipboard } from '../../output/clipboard.js';
import type { BookPart } from './draft.js';
import { emailText, type BookingOutput } from './render.js';

/** `--copy`: the e-mail (To, Subject, body) by default, the link with --mailto or --form; says on stderr what was copied. */
export async function copyBookingPart(
  ctx: Context,
  output: BookingOutput,
  part: BookPart | undefined,
): Promise<number | void> {
  const [text, what] =
    part === 'mailto'
      ? [output.mailto, 'the mailto: link']
      : part === 'form'
        ? [output.formUrl, 'the form link']
        : [emailText(output.email), 'the e-mail'];
  const terminal = ctx.stderr.isTTY ? ctx.stderr : ctx.stdout.isTTY ? ctx.stdout : undefined;
  const outcome = await copyToClipboard(text, ctx.io.env, terminal);
  const size = `${text.length.toLocaleString('en')} characters`;
  if (outcome.kind === 'program') ctx.note(`Copied ${what} (${size}) to the clipboard with ${outcome.program}.`);
  // The terminal never says whether it took an OSC 52 text (many drop it unless allowed): say it was sent, not that it arrived.
  else if (outcome.kind === 'osc52') {
    ctx.note(
      `Sent ${what} (${size}) to the terminal for its clipboard (OSC 52); terminals that do not allow it drop it silently, so paste to check.`,
    );
  } else {
    ctx.warn(`could not copy ${what} to the clipboard (${outcome.reason}); it is printed above.`);
    return ExitCode.service;
  }
}
