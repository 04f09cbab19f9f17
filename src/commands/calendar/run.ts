import type { CommandInput } from '../define.js';
import type { CALENDAR_OPTIONS } from './options.js';
import type { Context } from '../../cli/context.js';
import { sayIfLong } from '../shared/long-run.js';
import { addMonths, monthBounds, monthOf, summariseMonth, type CalendarMonth } from '../../domain/calendar.js';
import { franceDate } from '../../domain/dates.js';
import type { Trip, TripFilter } from '../../domain/types.js';
import { tripsByDay, type TripsByDayRequest } from '../../core/trips-by-day.js';
import { UsageError } from '../../errors.js';
import { FILTER_WORDS } from '../shared/filter-words.js';
import { parseFilters } from '../shared/filters.js';
import { describeSubject } from './subject.js';
import { CALENDAR_WORDS } from './words.js';

/**
 * `motoroute calendar`: one search over the whole period (every page, 100 trips a page), then a
 * month grid per month, or one record per day in json/ndjson/csv/tsv.
 */
export async function runCalendar(
  { args, options }: CommandInput<typeof CALENDAR_OPTIONS>,
  ctx: Context,
  now: Date = ctx.clock.now(),
): Promise<void> {
  const { query, filter } = parseFilters(args, options, ctx.lang);
  const first = options.month ?? monthOf(now);
  const months = Array.from({ length: options.months }, (_, index) => addMonths(first, index));
  const settings = await ctx.output();
  // Piped output defaults to tsv for lists; a calendar's default is its grid, unless a format was asked for.
  const grid =
    settings.format === 'table' ||
    (settings.format === 'tsv' && !settings.stdoutIsTTY && ctx.globals.format === undefined);
  if (grid && settings.fields !== undefined) {
    throw new UsageError(CALENDAR_WORDS[ctx.lang].fieldsNotOnGrid);
  }
  const { createRowWriter } = await import('../../output/writer.js');
  const { calendarDayColumns } = await import('./columns.js');
  // Opened before any request so an unknown --fields name is refused with nothing sent.
  const writer = grid ? undefined : createRowWriter(settings, calendarDayColumns(ctx.lang), ctx.stdout);

  const period = { date_from: monthBounds(first).first, date_to: monthBounds(months[months.length - 1] ?? first).last };
  if (options.radius !== undefined && query.depart === undefined && query.arrival === undefined) {
    throw new UsageError(FILTER_WORDS[ctx.lang].radiusNeedsCity);
  }
  const upcoming = await ctx.upcoming();
  // A trip that left earlier today is no longer on offer: today's cell counts only those still to leave.
  const trips =
    options.radius === undefined
      ? await fetchTrips(ctx, { query, filter, first, months: options.months }, upcoming)
      : (
          await fetchAround(ctx, { ...filter, dateFrom: period.date_from, dateTo: period.date_to }, options.radius)
        ).filter(upcoming);
  const words = CALENDAR_WORDS[ctx.lang];
  const around = options.radius === undefined ? '' : words.around(options.radius);
  const subject = (describeSubject(query.depart, query.arrival, filter.via) ?? words.allTrips) + around;
  if (writer) {
    for (const month of months) for (const day of summariseMonth(month, trips)) await writer.write(day);
    await writer.end();
    if (settings.format === 'markdown' && trips.length > 0) {
      const { printMarkdownBookingLink } = await import('../shared/trip-output.js');
      await printMarkdownBookingLink(ctx);
    }
  } else {
    await printGrids(ctx, months, trips, subject, franceDate(now));
  }
  if (trips.length === 0) {
    ctx.note(words.noTrips(describePeriod(months, ctx.lang)));
    const [{ printHints }, { calendarCommand }] = await Promise.all([
      import('../plan/print-hints.js'),
      import('../plan/next-command.js'),
    ]);
    const firstMonth = period.date_from.slice(0, 7);
    await printHints(
      ctx,
      { ...filter, dateFrom: period.date_from, dateTo: period.date_to },
      calendarCommand(ctx.invocation(), filter, firstMonth, options.months),
      options.hints,
    );
  }
}

/** The month of trips by day from the core (one search of every page), with the spinner and the note of a long run. */
async function fetchTrips(
  ctx: Context,
  request: TripsByDayRequest,
  upcoming: (trip: Trip) => boolean,
): Promise<Trip[]> {
  const [client, settings, { createSpinner }] = await Promise.all([
    ctx.client(),
    ctx.output(),
    import('../../output/progress.js'),
  ]);
  const spinner = createSpinner(settings, ctx.stderr, CALENDAR_WORDS[ctx.lang].fetching);
  try {
    const found = await tripsByDay(request, {
      client,
      upcoming,
      signal: ctx.signal,
      onFirstPage: (pages) => sayIfLong(ctx, pages),
    });
    return found.trips;
  } finally {
    spinner.stop();
  }
}

/** --radius: the trips of every served city pair around FROM and TO over the period, through the batch endpoint. */
async function fetchAround(ctx: Context, filter: TripFilter, radiusKm: number): Promise<Trip[]> {
  const [client, { searchLegs }] = await Promise.all([ctx.client(), import('../../core/planning/search-legs.js')]);
  const found = await searchLegs(
    client,
    [{ depart: filter.depart, arrival: filter.arrival, dateFrom: filter.dateFrom, dateTo: filter.dateTo }],
    filter,
    radiusKm,
    'date',
  );
  return found.legs[0] ?? [];
}

async function printGrids(
  ctx: Context,
  months: CalendarMonth[],
  trips: Trip[],
  subject: string,
  today: string,
): Promise<void> {
  const [settings, { renderMonthGrid, colourStyle, PLAIN_STYLE }, { createColors }, { sanitiseText }, { writeSafely }] =
    await Promise.all([
      ctx.output(),
      import('./grid.js'),
      import('../../output/colors.js'),
      import('../../output/sanitise.js'),
      import('../../output/stdout.js'),
    ]);
  const style = settings.color ? colourStyle(createColors(settings)) : PLAIN_STYLE;
  const grids = months.map((month) =>
    renderMonthGrid(month, summariseMonth(month, trips), {
      lang: ctx.lang,
      subject: sanitiseText(subject),
      today,
      style,
      width: settings.width,
    }),
  );
  await writeSafely(ctx.stdout, grids.join('\n'));
}

function describePeriod(months: CalendarMonth[], lang: 'en' | 'fr'): string {
  const names = CALENDAR_WORDS[lang].months;
  const name = (month: CalendarMonth) => `${names[month.month - 1]} ${month.year}`;
  const last = months[months.length - 1];
  return months.length > 1 && last
    ? `${name(months[0] ?? last)} – ${name(last)}`
    : name(months[0] ?? monthOf(new Date()));
}
