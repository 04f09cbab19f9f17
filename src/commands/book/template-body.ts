import { readFile } from 'node:fs/promises';
import type { BookingDestinations, BookingOutput } from '../../booking/request-output.js';
import type { Context } from '../../cli/context.js';
import { withTemplateBody } from '../../core/booking/template-body.js';
import { UsageError } from '../../errors.js';
import { BOOK_WORDS } from './words.js';

/** Reads the `--template` FILE once and returns what renders each request's body with it (book --from-file: one a row). */
export async function templateRenderer(
  ctx: Context,
  file: string,
  destinations: BookingDestinations,
): Promise<(output: BookingOutput) => Promise<BookingOutput>> {
  let template: string;
  try {
    template = await readFile(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new UsageError(BOOK_WORDS[ctx.lang].templateUnread(file, reason));
  }
  let warned = false;
  return async (output) => {
    const rendered = await withTemplateBody(output, template, `--template ${file}`, destinations);
    if (rendered.unknownFields.length > 0 && !warned) {
      warned = true;
      const fields = rendered.unknownFields.map((name) => `{{${name}}}`).join(', ');
      ctx.warn(BOOK_WORDS[ctx.lang].templateUnknown(file, fields));
    }
    return rendered.drafts;
  };
}
