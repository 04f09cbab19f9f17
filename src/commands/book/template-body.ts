import { readFile } from 'node:fs/promises';
import { buildMailtoUri } from '../../booking/mailto.js';
import { renderTemplate } from '../../booking/template.js';
import { templateView } from '../../booking/template-view.js';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../errors.js';
import type { BookingDestinations, BookingOutput } from './render.js';

/** The output with its body rendered from the `--template` FILE (and its mailto: link rebuilt); unknown names are warned about. */
export async function withTemplateBody(
  ctx: Context,
  output: BookingOutput,
  file: string,
  destinations: BookingDestinations,
): Promise<BookingOutput> {
  return (await templateRenderer(ctx, file, destinations))(output);
}

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
    throw new UsageError(
      `--template: cannot read ${file} (${reason}); give a Mustache template file (see “Booking templates” in README).`,
    );
  }
  let warned = false;
  return async (output) => {
    const view = templateView(output.request, {
      lang: output.lang,
      formUrl: output.formUrl,
      ...(destinations.greeting ? { greeting: destinations.greeting } : {}),
      ...(destinations.signature ? { signature: destinations.signature } : {}),
      ...(destinations.voice ? { voice: destinations.voice } : {}),
    });
    const { body, unknownFields } = await renderTemplate(template, view, `--template ${file}`);
    if (unknownFields.length > 0 && !warned) {
      warned = true;
      ctx.warn(
        `--template ${file} uses ${unknownFields.map((name) => `{{${name}}}`).join(', ')}, which no field fills (they print empty); see “Booking templates” in README.`,
      );
    }
    // The template is the user's text: it may hold any line break, but not a control character a header could carry.
    if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(body))
      throw new UsageError(
        `--template ${file}: the rendered body holds a control character; remove it from the template.`,
      );
    const email = { ...output.email, body };
    return { ...output, email, mailto: buildMailtoUri(email.to, email.subject, email.body) };
  };
}
