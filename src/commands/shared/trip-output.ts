import { SHARED_WORDS } from './words.js';
import type { Context } from '../../cli/context.js';
import type { PlannedTrip } from '../../domain/plan/planned-trip.js';
import type { Trip } from '../../domain/types.js';
import type { PlanningColumns } from '../../output/planned-trip-columns.js';
import type { RowWriter } from '../../output/writer.js';

/**
 * Opens a row writer for trips in the run's output format, with the columns chosen by --fields; a planning run
 * (--flex, --radius, --return) adds its columns and marks the asked day; trips of the listing (`listing`) say
 * what their records leave unknown. Trips that already left today are not written (the core's clock decides;
 * the run says once how many), unless `keepDeparted` (a trip asked for by id).
 */
export async function openTripWriter(
  ctx: Context,
  planning?: PlanningColumns,
  { listing = false, keepDeparted = false } = {},
): Promise<RowWriter<PlannedTrip>> {
  const [settings, { createRowWriter }, upcoming] = await Promise.all([
    ctx.output(),
    import('../../output/writer.js'),
    ctx.upcoming(),
  ]);
  let writer: RowWriter<PlannedTrip>;
  if (planning && (planning.askedDay !== undefined || planning.distances || planning.legs)) {
    const { plannedTripColumns } = await import('../../output/planned-trip-columns.js');
    writer = createRowWriter(settings, plannedTripColumns(ctx.lang, { ...planning, listing }), ctx.stdout);
  } else {
    const { tripColumns } = await import('../../output/trip-columns.js');
    writer = createRowWriter<Trip>(settings, tripColumns(ctx.lang, { listing }), ctx.stdout);
  }
  return {
    write: (trip) => (keepDeparted || upcoming(trip) ? writer.write(trip) : Promise.resolve()),
    end: () => writer.end(),
    get count() {
      return writer.count;
    },
  };
}

/**
 * Says on stderr (ctx.note removes control characters from the service's text) (stdout keeps only data) that nothing matched, or under a table how many trips
 * there were and where to book them.
 */
export async function printTripSummary(
  ctx: Context,
  count: number,
  details: { pageNote?: string; bookUrl?: string } = {},
): Promise<void> {
  const words = SHARED_WORDS[ctx.lang];
  if (count === 0) {
    ctx.note(words.noTripsMatch);
    return;
  }
  const settings = await ctx.output();
  if (settings.format === 'markdown') {
    await printMarkdownBookingLink(ctx, details.bookUrl);
    return;
  }
  if (settings.format !== 'table' || !settings.stdoutIsTTY) return;
  const trips = words.trips(count);
  const page = details.pageNote ? ` (${details.pageNote})` : '';
  ctx.note(`${trips}${page}`);
  if (details.bookUrl) ctx.note(`${words.bookLabel}${await safeBookingUrl(ctx, details.bookUrl)}`);
}

/**
 * The booking link to show: the service's when it is an http(s) address (core/service-links.ts), else the
 * booking-url setting, with a note; never a `javascript:`, `data:` or `file:` link.
 */
export async function safeBookingUrl(ctx: Context, fromService: string | undefined): Promise<string> {
  const { bookingLink, replacedLinkNote } = await import('../../core/service-links.js');
  const link = bookingLink(fromService, ctx.setting('booking-url').value ?? '');
  if (link.replaced) ctx.warn(replacedLinkNote(ctx.lang));
  return link.url;
}

/**
 * Under a Markdown table (a table to paste into an e-mail or ticket), with the data on stdout: the
 * booking link, the service's when it gave one, else the booking-url setting.
 */
export async function printMarkdownBookingLink(ctx: Context, bookUrl?: string): Promise<void> {
  const url = await safeBookingUrl(ctx, bookUrl);
  if (!url) return;
  const [{ writeSafely }, { sanitiseText }] = await Promise.all([
    import('../../output/stdout.js'),
    import('../../output/sanitise.js'),
  ]);
  await writeSafely(
    ctx.stdout,
    `\n${SHARED_WORDS[ctx.lang].bookMarkdown}: <${sanitiseText(url).replace(/[<>\s]/g, encodeURIComponent)}>\n`,
  );
}

/** Under a --flex table: what the mark in the date column means. */
export async function noteAskedDay(ctx: Context): Promise<void> {
  const settings = await ctx.output();
  if (settings.format !== 'table' || !settings.stdoutIsTTY) return;
  const { ASKED_DAY_MARK } = await import('../../output/planned-trip-columns.js');
  ctx.note(SHARED_WORDS[ctx.lang].askedDay(ASKED_DAY_MARK));
}
