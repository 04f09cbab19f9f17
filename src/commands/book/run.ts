import { DEFAULT_BOOKING_EMAIL, DEFAULT_BOOKING_URL, DEFAULT_QUOTE_URL } from '../../booking/index.js';
import type { BookingRequest, BookingRequestDraft } from '../../booking/fields.js';
import { bookingProblems, problemsError, requireBookingRequest, validateBookingRequest } from '../../booking/fields.js';
import { FORM_PREFILL_NOTE } from '../../booking/form-url.js';
import { MAILTO_SAFE_LENGTH } from '../../booking/mailto.js';
import { bookingDraftFromTrip } from '../../booking/from-trip.js';
import { scheduleOfTrip } from '../../booking/schedule.js';
import type { Context } from '../../cli/context.js';
import { franceDate } from '../../domain/dates.js';
import { tripPart } from '../../domain/trip-part.js';
import type { Trip } from '../../domain/types.js';
import { ExitCode, UsageError } from '../../errors.js';
import { writeSafely } from '../../output/stdout.js';
import { checkCityFlags } from './city-flags.js';
import { bookFlag } from './field-flags.js';
import {
  assertNoTripFlagsWithRouteId,
  draftFromOptions,
  parseRouteId,
  presentationFromOptions,
  type BookOptions,
  type BookPresentation,
} from './draft.js';
import type { Voice } from '../../booking/voice.js';
import { noteMissingSender, type DraftPeople } from './draft-file.js';
import { findTripById } from './find-trip.js';
import { take } from './gathered.js';
import { resolveBookingLang } from './lang.js';
import { openLink } from './open-link.js';
import { assertHonourableOutput } from './output-format.js';
import { bookingJson, bookingText, buildBookingOutput, type BookingOutput } from './render.js';

// Fields a route id fills in, so they are not missing when it is given.
const TRIP_FLAGS = new Set(['--from', '--to', '--date']);

/** The `book` command's handler: flags and ROUTE_ID → a checked request → the e-mail and links, printed or opened. */
export async function runBook(args: string[], options: BookOptions, ctx: Context): Promise<number | void> {
  const now = ctx.clock.now();
  const today = franceDate(now);
  const routeId = parseRouteId(args[0]);
  if (options.fromFile !== undefined) {
    const [{ runFromFile }, settings] = await Promise.all([import('./from-file.js'), ctx.output()]);
    assertHonourableOutput(settings, ctx.setting('format').source);
    const lang = resolveBookingLang(ctx.setting('lang').value, ctx.io.env);
    const destinations = { ...destinationSettings(ctx), ...signatureSettings(ctx, options.voice) };
    const json = settings.format === 'json' || settings.format === 'ndjson';
    const confirm = !json && !options.yes && Boolean(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY);
    return runFromFile(ctx, routeId, options, {
      file: options.fromFile,
      lang,
      destinations,
      from: ctx.setting('from').value,
      json,
      confirm,
    });
  }
  if (options.out !== undefined || options.skipInvalid || options.yes || options.encoding !== undefined) {
    throw new UsageError('--out, --skip-invalid, --yes and --encoding go with --from-file FILE.');
  }
  assertNoTripFlagsWithRouteId(routeId, options);
  const flags = draftFromOptions(options);
  let draft = flags.draft;
  const settings = await ctx.output();
  assertHonourableOutput(settings, ctx.setting('format').source);
  const json = settings.format === 'json' || settings.format === 'ndjson';
  const presentation = presentationFromOptions(options, json);
  if (
    options.cc.ok &&
    options.cc.value !== undefined &&
    presentation.eml === undefined &&
    presentation.open !== 'mailto'
  ) {
    throw new UsageError('--cc goes into the .eml draft (the mailto: link and the form have no copy); add --eml FILE.');
  }
  const force = options.force;
  const lang = resolveBookingLang(ctx.setting('lang').value, ctx.io.env);
  const destinations = destinationSettings(ctx);

  // Everything the user typed is checked before any request, every problem at once: a bad value or a missing flag sends nothing.
  const problems = [...flags.problems, ...bookingProblems(draft, { today, fieldName: bookFlag })];
  take(options.cc, problems);
  if (problems.length > 0) throw problemsError(problems);
  const missing = validateBookingRequest(draft, { today, fieldName: bookFlag }).filter(
    (flag) => routeId === undefined || !TRIP_FLAGS.has(flag),
  );
  const interactive = Boolean(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY);
  if (missing.length > 0 && !interactive) throw missingFieldsError(missing);

  let cities: readonly string[] | undefined;
  let trip: Trip | undefined;
  if (routeId !== undefined) ({ draft, trip } = await prefillFromTrip(ctx, draft, routeId, today, force));
  else if (draft.from !== undefined || draft.to !== undefined) ({ draft, cities } = await checkCityFlags(ctx, draft));
  if (missing.length > 0) {
    const { askMissingFields } = await import('./ask.js');
    draft = await askMissingFields(ctx, draft, {
      now,
      missing,
      lang,
      ...(cities ? { cities } : {}),
      voice: chosenVoice(ctx, options.voice),
    });
  }
  if (flags.returnTripId !== undefined) draft = await withReturnTrip(ctx, draft, flags.returnTripId);
  const request = requireBookingRequest(draft, { today, fieldName: bookFlag });
  if (trip !== undefined) await checkTrip(ctx, trip, request, force);
  if (!request.email && !request.phone) ctx.warn(NO_CONTACT_WARNING[lang]);
  const fullDestinations = { ...destinations, ...signatureSettings(ctx, options.voice) };
  let output = buildBookingOutput(request, lang, fullDestinations);
  if (options.template !== undefined) {
    const { withTemplateBody } = await import('./template-body.js');
    output = await withTemplateBody(ctx, output, options.template, fullDestinations);
  }
  const cc = take(options.cc, []);
  const from = ctx.setting('from').value;
  if (!from && presentation.eml !== undefined) noteMissingSender(ctx);
  return present(ctx, output, presentation, json, { ...(cc ? { cc } : {}), ...(from ? { from } : {}) });
}

/** The reservation address and the two forms, from the settings. */
function destinationSettings(ctx: Context): { to: string; bookingUrl: string; quoteUrl: string } {
  return {
    to: ctx.setting('booking-email').value ?? DEFAULT_BOOKING_EMAIL,
    bookingUrl: ctx.setting('booking-url').value ?? DEFAULT_BOOKING_URL,
    quoteUrl: ctx.setting('quote-url').value ?? DEFAULT_QUOTE_URL,
  };
}

/** The sender's own greeting, signature and voice (--voice, else the voice setting); the desk unsigned is warned about. */
function signatureSettings(
  ctx: Context,
  flagVoice: Voice | undefined,
): { greeting?: string; signature?: string; voice?: Voice } {
  const greeting = ctx.setting('greeting').value;
  const signature = ctx.setting('signature').value;
  const voice = chosenVoice(ctx, flagVoice);
  if (voice === 'desk' && !signature)
    ctx.warn(
      '--voice desk signs with the signature setting, which is not set: the e-mail ends unsigned; set it with: motoroute config set signature "Jeanne Dupont\\nAgence Motos".',
    );
  return {
    ...(greeting ? { greeting } : {}),
    ...(signature ? { signature } : {}),
    ...(voice === 'desk' ? { voice } : {}),
  };
}

/** --voice, else the voice setting. */
function chosenVoice(ctx: Context, flagVoice: Voice | undefined): Voice {
  return flagVoice ?? (ctx.setting('voice').value === 'desk' ? 'desk' : 'customer');
}

// The e-mail's language is the flow's: a French prompt is not followed by an English warning.
const NO_CONTACT_WARNING = {
  en: 'the e-mail gives no way to reach you: add --email or --phone so that the service can answer.',
  fr: 'l\u2019e-mail ne donne aucun moyen de vous joindre\u202f: ajoutez --email ou --phone pour que le service puisse répondre.',
} as const;

/**
 * A route id fills in the cities, date, schedule and price from the trip as the core completes it; --from and --to,
 * when given, name the stops where the traveller boards and leaves (a stopover too), whose times and legs then count.
 */
async function prefillFromTrip(
  ctx: Context,
  draft: BookingRequestDraft,
  routeId: string,
  today: string,
  force: boolean,
): Promise<{ draft: BookingRequestDraft; trip: Trip }> {
  const [trip, core] = await Promise.all([findTripById(ctx, routeId), ctx.core()]);
  const { ridden, stops, departed } = core.checkTrip(trip, { from: draft.from, to: draft.to, motorcycles: 0 });
  if (trip.date < today) {
    throw new UsageError(
      `Route ${routeId} left on ${trip.date}; it can no longer be booked. Find upcoming trips with: motoroute search FROM TO.`,
    );
  }
  if (stops.length > 0) throw problemsError(stops);
  // Said before any question is asked: nobody should type a formula and a name for a trip that has left.
  if (departed !== undefined && !force) {
    throw new UsageError(
      `${departed} Choose another trip (${ctx.commandLine('search', trip.depart, trip.arrival)}), or add --force to compose the request anyway.`,
    );
  }
  const filled = { ...draft, ...bookingDraftFromTrip(tripPart(trip, ridden.board, ridden.leave)) };
  const problems = bookingProblems(filled, { today, fieldName: bookFlag });
  if (problems.length > 0) throw problemsError(problems);
  return { draft: filled, trip };
}

/** --return-trip: the chosen trip back, which must go from the arrival to the departure; it sets the return date. */
async function withReturnTrip(ctx: Context, draft: BookingRequestDraft, id: string): Promise<BookingRequestDraft> {
  const [trip, { createTripMatcher }] = await Promise.all([
    findTripById(ctx, id),
    import('../../domain/trip-matcher.js'),
  ]);
  const { from, to } = draft;
  if (from === undefined || to === undefined || !createTripMatcher({ depart: to, arrival: from })(trip)) {
    const search =
      from === undefined || to === undefined ? '' : `; find one with: ${ctx.commandLine('search', to, from)}`;
    throw new UsageError(
      `--return-trip ${id} goes ${trip.depart} \u2192 ${trip.arrival}, not back from ${to ?? '?'} to ${from ?? '?'}${search}.`,
    );
  }
  if (draft.returnDate !== undefined && draft.returnDate !== trip.date) {
    throw new UsageError(
      `--return ${draft.returnDate} and --return-trip ${id} (on ${trip.date}) disagree; give one of them.`,
    );
  }
  return { ...draft, returnDate: trip.date, returnTrip: { routeId: trip.id, schedule: scheduleOfTrip(trip) } };
}

/** A scheduled trip must be able to take the request (the core's trip check: places on the legs ridden, departure to come); --force overrides. */
async function checkTrip(ctx: Context, trip: Trip, request: BookingRequest, force: boolean): Promise<void> {
  const core = await ctx.core();
  const { problems, places } = core.checkTrip(trip, {
    from: request.from,
    to: request.to,
    motorcycles: request.motorcycles,
  });
  if (problems.length === 0) return;
  if (force) {
    for (const problem of problems) ctx.warn(`${problem} Composed anyway (--force).`);
    return;
  }
  throw new UsageError(
    `${problems.join(' ')} Choose another trip (${ctx.commandLine('search', request.from, request.to)}), ` +
      `${places ? 'ask for fewer motorcycles, ' : ''}or add --force to compose the request anyway.`,
  );
}

function missingFieldsError(missing: readonly string[]): UsageError {
  const noun = missing.length === 1 ? 'field is' : 'fields are';
  return new UsageError(
    `Required booking ${noun} missing: ${missing.join(', ')}. Give ${missing.length === 1 ? 'it' : 'them'} as flags ` +
      '(e.g. --from Paris --to Marseille --date 2026-12-05 --formula rider), or run in a terminal to be asked.',
  );
}

async function present(
  ctx: Context,
  output: BookingOutput,
  presentation: BookPresentation,
  json: boolean,
  people: DraftPeople,
): Promise<number | void> {
  if (json) {
    const [{ printJson }, settings] = await Promise.all([import('../../output/writer.js'), ctx.output()]);
    await printJson(bookingJson(output), settings, ctx.stdout);
    return;
  }
  const { part, open, eml } = presentation;
  if (eml !== undefined) {
    const { draftMessage, writeDraftFile } = await import('./draft-file.js');
    await writeDraftFile(ctx, await draftMessage(output, people), eml);
    if (open === undefined) return;
    return openAndSay(ctx, eml, 'draft');
  }
  if (open === undefined) {
    if (part === undefined || part === 'mailto') warnOfLongLink(ctx, output.mailto, part === 'mailto');
    if (part === undefined || part === 'form') ctx.note(FORM_PREFILL_NOTE[output.lang]);
    await writeSafely(ctx.stdout, bookingText(output, part));
    if (!presentation.copy) return;
    const { copyBookingPart } = await import('./copy.js');
    return copyBookingPart(ctx, output, part);
  }
  if (open === 'form') {
    ctx.note(FORM_PREFILL_NOTE[output.lang]);
    return openAndSay(ctx, output.formUrl, 'form');
  }
  if (output.mailto.length > MAILTO_SAFE_LENGTH) {
    // Too long for many mail clients: a draft file carries any length, and opens in the same client.
    const { draftMessage, writeTemporaryDraft } = await import('./draft-file.js');
    const file = await writeTemporaryDraft(await draftMessage(output, people));
    ctx.note(
      `The mailto: link would be ${output.mailto.length.toLocaleString('en')} characters, more than many mail clients accept; opening a draft instead: ${file}`,
    );
    return openAndSay(ctx, file, 'draft');
  }
  return openAndSay(ctx, output.mailto, 'e-mail');
}

/** Opens a link or file; when nothing could be opened, says so, prints it to open by hand, and exits 1. */
async function openAndSay(ctx: Context, target: string, what: 'e-mail' | 'form' | 'draft'): Promise<number | void> {
  const outcome = await openLink(target, ctx.io.env);
  if (outcome.kind === 'skipped') await writeSafely(ctx.stdout, `would open: ${target}\n`);
  else if (outcome.kind === 'opened') ctx.note(`Opened the ${what} (${what === 'form' ? 'browser' : 'mail client'}).`);
  else {
    // The link is still printed, so nothing is lost; the exit code says that nothing was opened.
    ctx.warn(`could not open the ${what} (${outcome.reason}); here it is to open yourself.`);
    await writeSafely(ctx.stdout, `${target}\n`);
    return ExitCode.service;
  }
}

/** Many mail clients cut or refuse a mailto: link past about 2,000 characters: say so, and what to use instead. */
function warnOfLongLink(ctx: Context, mailto: string, asked: boolean): void {
  if (mailto.length <= MAILTO_SAFE_LENGTH) return;
  ctx.warn(
    `the mailto: link is ${mailto.length.toLocaleString('en')} characters long; many mail clients cut or refuse links past about ` +
      `${MAILTO_SAFE_LENGTH.toLocaleString('en')}. ${asked ? 'It is printed anyway; ' : ''}use --eml FILE for a draft your mail client opens, or the form link.`,
  );
}
