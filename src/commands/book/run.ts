import type { BookingFieldName, BookingRequest } from '../../booking/fields.js';
import type { Context } from '../../cli/context.js';
import type { OutputSettings } from '../../output/settings.js';
import type { BookingLang } from '../../booking/lang.js';
import { draftBooking } from '../../core/booking/draft-booking.js';
import { BOOKING_REASONS_IN } from '../../core/booking/messages.js';
import { refusalError } from '../../core/booking/refusal-error.js';
import {
  bookingDestinations,
  bookingSettingValues,
  isUnsignedDesk,
  type BookingSettingValues,
} from '../../core/booking/settings.js';
import type { BookingRefusal } from '../../core/booking/types.js';
import { BOOK_WORDS } from './words.js';
import { UsageError } from '../../errors.js';
import { draftFromOptions, parseRouteId, presentationFromOptions, type BookOptions } from './draft.js';
import { resolveBookingLang } from '../../booking/lang.js';
import { present } from './present.js';
import type { BookingDestinations } from '../../booking/request-output.js';

/** The `book` command's handler: flags and ROUTE_ID → a checked request → the e-mail and links, printed or opened. */
export async function runBook(args: string[], options: BookOptions, ctx: Context): Promise<number | void> {
  const words = BOOK_WORDS[ctx.lang];
  const routeId = parseRouteId(args[0], ctx.lang);
  if (options.fromFile !== undefined) {
    const [{ runFromFile }, settings] = await Promise.all([import('./from-file.js'), ctx.output()]);
    assertHonourableOutput(settings, ctx.setting('format').source, ctx.lang);
    const lang = resolveBookingLang(ctx.setting('lang').value, ctx.io.env);
    const destinations = bookingDestinations(bookingSettings(ctx), options.voice);
    warnIfUnsigned(ctx, destinations);
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
    throw new UsageError(words.fromFileOnly);
  }
  const flags = draftFromOptions(options, ctx.lang);
  const settings = await ctx.output();
  assertHonourableOutput(settings, ctx.setting('format').source, ctx.lang, true);
  const json = settings.format === 'json' || settings.format === 'ndjson';
  // The ticket summary is asked for each time (--format markdown): a configured markdown format is for tables.
  const markdown = settings.format === 'markdown' && ctx.setting('format').source === 'flag';
  const presentation = presentationFromOptions(
    options,
    json || markdown,
    ctx.lang,
    markdown ? '--format markdown' : '--json',
  );
  if (flags.cc !== undefined && presentation.eml === undefined && presentation.open !== 'mailto') {
    throw new UsageError(words.ccNeedsEml);
  }
  const lang = resolveBookingLang(ctx.setting('lang').value, ctx.io.env);
  const { cc } = flags;
  // A route id with an unreadable --date is still a date given twice: said first, as when the date reads well.
  if (routeId !== undefined && !options.date.ok)
    throw new UsageError(BOOKING_REASONS_IN[ctx.lang].routeFixesDate(routeId, bookFlag));
  const interactive = Boolean(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY);
  const destinations = bookingDestinations(bookingSettings(ctx), options.voice);
  const result = await draftBooking(
    { ...flags.input, ...(routeId !== undefined ? { routeId } : {}), lang, messagesLang: ctx.lang },
    { destinations, force: options.force, fieldName: bookFlag },
    {
      core: await ctx.core(),
      signal: ctx.signal,
      ...(interactive ? { asker: async () => (await import('./ask.js')).terminalAsker(ctx, lang) } : {}),
    },
  );
  for (const warning of result.warnings)
    ctx.warn(warning.kind === 'forced' ? words.forced(warning.text) : warning.text);
  if (!result.ok) throw await refusal(ctx, result.refusal, routeId === undefined);
  warnIfUnsigned(ctx, destinations);
  let output = result.drafts;
  if (options.template !== undefined) {
    const { templateRenderer } = await import('./template-body.js');
    output = await (await templateRenderer(ctx, options.template, destinations))(output);
  }
  const from = ctx.setting('from').value;
  const whole = json ? 'json' : markdown ? 'markdown' : undefined;
  return present(ctx, output, presentation, whole, { ...(cc ? { cc } : {}), ...(from ? { from } : {}) });
}

/** A refusal of the use case as the error `book` throws, with what to do next in the command line's words. */
async function refusal(ctx: Context, refused: BookingRefusal, noRouteId: boolean): Promise<Error> {
  const search = (from: string, to: string) => ctx.commandLine('search', from, to);
  const advice = refusalAdvice(refused, noRouteId, ctx.lang, search);
  // A ROUTE_ID no upcoming trip has: the error names the listing the ids come from.
  if (refused.kind !== 'no-trip' || noRouteId) return refusalError(refused, advice, { lang: ctx.lang });
  return refusalError(refused, advice, { url: `${(await ctx.client()).baseUrl}/route/get/results`, lang: ctx.lang });
}

/**
 * What to do next after a refusal, in the command line's words (its flags, and `search` for the command that finds
 * other trips); a trip picked at the prompt (no ROUTE_ID given) is refused with the prompt's way on, not with flags.
 */
export function refusalAdvice(
  refused: BookingRefusal,
  noRouteId: boolean,
  lang: BookingLang,
  search: (from: string, to: string) => string,
): string {
  const words = BOOK_WORDS[lang];
  const picked =
    noRouteId && (refused.kind === 'no-trip' || refused.kind === 'departed' || refused.kind === 'trip-check');
  if (picked) return words.pickedAnother;
  switch (refused.kind) {
    case 'missing':
      return words.giveMissing(refused.fields.length);
    case 'no-trip':
      return words.findIds;
    case 'departed':
      return words.otherTrip(search(refused.trip.depart, refused.trip.arrival), false);
    case 'trip-check':
      return words.otherTrip(search(refused.from, refused.to), Boolean(refused.places));
    case 'return-trip':
      return refused.back ? words.findReturn(search(refused.back.from, refused.back.to)) : '';
    case 'invalid':
      return '';
  }
}

/** The settings a booking reads, as this run's context resolves them. */
function bookingSettings(ctx: Context): BookingSettingValues {
  return bookingSettingValues((name) => ctx.setting(name).value);
}

/** The desk unsigned is warned about, once its e-mail is drafted (a refused request says only why). */
function warnIfUnsigned(ctx: Context, destinations: BookingDestinations): void {
  if (isUnsignedDesk(destinations)) ctx.warn(BOOK_WORDS[ctx.lang].unsigned);
}

/** How the `book` command names each booking field: its flags (fields no flag sets keep the API's or the argument's name). */
const BOOK_FIELD_FLAGS: Readonly<Record<keyof BookingRequest, string>> = {
  from: '--from',
  to: '--to',
  date: '--date',
  formula: '--formula',
  motorcycleModels: '--motorcycle',
  motorcycles: '--motorcycles',
  riders: '--riders',
  returnDate: '--return',
  returnTrip: '--return-trip',
  name: '--name',
  email: '--email',
  phone: '--phone',
  comment: '--comment',
  priceMin: 'price_min',
  priceMax: 'price_max',
  routeId: 'ROUTE_ID',
  schedule: 'schedule',
  scheduled: 'scheduled',
};

/** The composer's messages in the command line's words: a field is named by its flag. */
const bookFlag: BookingFieldName = (field) => BOOK_FIELD_FLAGS[field];

/**
 * `book` prints an e-mail (text), one JSON document or, for one request, a Markdown summary (`summary`, asked with
 * the flag; a configured markdown is for tables and leaves `book` as without it): a row format (csv, tsv) or
 * `--fields` would be silently ignored, so they are refused, saying where the format came from when it was not a flag.
 */
function assertHonourableOutput(
  settings: OutputSettings,
  formatSource: string | undefined,
  lang: BookingLang,
  summary = false,
): void {
  const markdownFlag = settings.format === 'markdown' && formatSource === 'flag';
  if (settings.formatChosen && (settings.format === 'csv' || settings.format === 'tsv' || (markdownFlag && !summary))) {
    const from = formatSource !== undefined && formatSource !== 'flag' ? formatSource : undefined;
    throw new UsageError(BOOK_WORDS[lang].notRows(settings.format, from));
  }
  if (settings.fields !== undefined) throw new UsageError(BOOK_WORDS[lang].noFields);
}
