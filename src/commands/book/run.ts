import { DEFAULT_BOOKING_EMAIL, DEFAULT_BOOKING_URL, DEFAULT_QUOTE_URL } from '../../booking/index.js';
import type { BookingRequestDraft } from '../../booking/fields.js';
import { bookingDraftFromTrip, requireBookingRequest, validateBookingRequest } from '../../booking/fields.js';
import type { Context } from '../../cli/context.js';
import { toIsoDate } from '../../domain/dates.js';
import { UsageError } from '../../errors.js';
import { writeSafely } from '../../output/stdout.js';
import { assertNoTripFlagsWithRouteId, draftFromOptions, parseRouteId, presentationFromOptions, type BookOptions, type BookPresentation } from './draft.js';
import { findTripById } from './find-trip.js';
import { resolveBookingLang } from './lang.js';
import { openLink } from './open-link.js';
import { bookingJson, bookingText, buildBookingOutput, type BookingOutput } from './render.js';

// Fields a route id fills in, so they are not missing when it is given.
const TRIP_FLAGS = new Set(['--from', '--to', '--date']);

/** The `book` command's handler: flags and ROUTE_ID → a checked request → the e-mail and links, printed or opened. */
export async function runBook(args: string[], options: BookOptions, ctx: Context): Promise<void> {
  const now = new Date();
  const today = toIsoDate(now);
  const routeId = parseRouteId(args[0]);
  assertNoTripFlagsWithRouteId(routeId, options);
  let draft = draftFromOptions(options);
  const settings = await ctx.output();
  const json = settings.format === 'json' || settings.format === 'ndjson';
  const presentation = presentationFromOptions(options, json);
  const lang = resolveBookingLang(ctx.setting('lang').value, ctx.io.env);
  const destinations = {
    to: ctx.setting('booking-email').value ?? DEFAULT_BOOKING_EMAIL,
    bookingUrl: ctx.setting('booking-url').value ?? DEFAULT_BOOKING_URL,
    quoteUrl: ctx.setting('quote-url').value ?? DEFAULT_QUOTE_URL,
  };

  // Everything the user typed is checked before any request: a bad value or a missing flag sends nothing.
  const missing = validateBookingRequest(draft, { today }).filter((flag) => routeId === undefined || !TRIP_FLAGS.has(flag));
  const interactive = Boolean(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY);
  if (missing.length > 0 && !interactive) throw missingFieldsError(missing);

  if (routeId !== undefined) draft = await prefillFromTrip(ctx, draft, routeId, today);
  if (missing.length > 0) {
    const { askMissingFields } = await import('./ask.js');
    draft = await askMissingFields(ctx, draft, { today, missing });
  }
  const request = requireBookingRequest(draft, { today });
  const output = buildBookingOutput(request, lang, destinations);
  await present(ctx, output, presentation, json);
}

async function prefillFromTrip(ctx: Context, draft: BookingRequestDraft, routeId: string, today: string): Promise<BookingRequestDraft> {
  const trip = await findTripById(await ctx.client(), routeId, ctx.signal);
  if (trip.date < today) {
    throw new UsageError(`Route ${routeId} left on ${trip.date}; it can no longer be booked. Find upcoming trips with: motoroute search FROM TO.`);
  }
  return { ...draft, ...bookingDraftFromTrip(trip) };
}

function missingFieldsError(missing: readonly string[]): UsageError {
  const noun = missing.length === 1 ? 'field is' : 'fields are';
  return new UsageError(
    `Required booking ${noun} missing: ${missing.join(', ')}. Give ${missing.length === 1 ? 'it' : 'them'} as flags ` +
      '(e.g. --from Paris --to Marseille --date 2026-12-05 --formula rider), or run in a terminal to be asked.',
  );
}

async function present(ctx: Context, output: BookingOutput, presentation: BookPresentation, json: boolean): Promise<void> {
  if (json) {
    const [{ printJson }, settings] = await Promise.all([import('../../output/writer.js'), ctx.output()]);
    await printJson(bookingJson(output), settings, ctx.stdout);
    return;
  }
  if (presentation.open === undefined) {
    await writeSafely(ctx.stdout, bookingText(output, presentation.part));
    return;
  }
  const link = presentation.open === 'form' ? output.formUrl : output.mailto;
  const what = presentation.open === 'form' ? 'form' : 'e-mail';
  const outcome = await openLink(link, ctx.io.env);
  if (outcome.kind === 'skipped') await writeSafely(ctx.stdout, `would open: ${link}\n`);
  else if (outcome.kind === 'opened') ctx.note(`Opened the ${what} (${presentation.open === 'form' ? 'browser' : 'mail client'}).`);
  else {
    ctx.warn(`could not open the ${what} (${outcome.reason}); here is the link to open yourself.`);
    await writeSafely(ctx.stdout, `${link}\n`);
  }
}
