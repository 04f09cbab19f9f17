import { defineCommand } from './define.js';
import { date, flag, integer, number } from './options.js';
import { FILTER_OPTIONS, parseFilters } from './shared/filters.js';
import { LARGEST_PAGE, needsEveryPage } from '../client/find-matches.js';
// The service's page size when none is asked for, and so the matches a filtered search shows.
import { DEFAULT_LIMIT } from '../client/search-page.js';
import { sayIfLong } from './shared/long-run.js';
import { noteAskedDay, openTripWriter, printTripSummary } from './shared/trip-output.js';
import { compareTrips, selectTrips } from '../domain/trip-filter.js';
import { createTripMatcher } from '../domain/trip-matcher.js';
import type { Trip } from '../domain/types.js';
import { cityKey } from '../domain/city-names.js';
import { UsageError } from '../errors.js';
import { SEARCH_WORDS } from './search/words.js';

/** `motoroute search`: the service's filtered, paginated search. */
export const searchCommand = defineCommand({
  name: 'search',
  summary: 'search upcoming trips (GET /route/ai/search)',
  args: ['[from]', '[to]'],
  options: {
    ...FILTER_OPTIONS,
    page: integer('--page <n>', 'page number, from 1', { min: 1 }),
    limit: integer('--limit <n>', 'trips per page, 1 to 100 (service default 50)', { min: 1, max: 100 }),
    all: flag('--all', 'follow every page, printing trips as they come'),
    async: flag('--async', 'run the search as a job on the service and wait for it'),
    hints: flag('--no-hints', 'when nothing matches, do not look for nearby cities and dates that have trips'),
    radius: number(
      '--radius <km>',
      'also search the served cities within KM of FROM and TO (cities-near), in batches',
      { min: 1, max: 300, unit: 'kilometres' },
    ),
    return: date('--return <date>', 'round trip: also the trips from TO back to FROM on this day (with --date)'),
  },
  examples: [
    'motoroute search Paris Marseille',
    'motoroute search --from lyon --after today --before +30d --sort price',
    'motoroute search Paris Marseille --all --json > trips.json',
    'motoroute search Paris Marseille --date 2026-12-05 --flex 3',
    'motoroute search Grenoble Marseille --radius 60 --sort price',
    'motoroute search Paris Marseille --date 2026-12-05 --return 2026-12-12 --flex 1',
  ],
  async run({ args, options }, ctx) {
    const { query, filter, sort, askedDay } = parseFilters(args, options, ctx.lang);
    const words = SEARCH_WORDS[ctx.lang];
    if (
      filter.depart !== undefined &&
      filter.arrival !== undefined &&
      cityKey(filter.depart) === cityKey(filter.arrival)
    ) {
      throw new UsageError(words.sameCity(filter.depart));
    }
    const { page, limit } = options;
    if (options.all && page !== undefined) throw new UsageError(words.allWithPage);
    if (options.async && (options.all || page !== undefined || limit !== undefined)) {
      throw new UsageError(words.asyncAlone);
    }
    const everyPage = !options.all && !options.async && needsEveryPage(filter, sort);
    if (everyPage && page !== undefined) {
      throw new UsageError(words.pageOverFilters);
    }
    if (options.radius !== undefined || options.return !== undefined) {
      const { checkPlannedSearch, runPlannedSearch } = await import('./search/planned.js');
      // The batch answers hold every trip: --all prints them all, --limit N the first N (the service's page size by default).
      const plan = {
        filter,
        sort,
        askedDay,
        flex: options.flex,
        radiusKm: options.radius,
        returnDate: options.return,
        limit: options.all ? Infinity : (limit ?? DEFAULT_LIMIT),
        hints: options.hints,
      };
      if (options.all && limit !== undefined)
        throw new UsageError(words.allWithLimit(options.radius !== undefined ? '--radius' : '--return'));
      checkPlannedSearch(plan, { page, async: options.async }, ctx.lang);
      // Opened once before any request, so an unknown --fields name is refused with nothing sent.
      await openTripWriter(ctx, {
        askedDay,
        distances: options.radius !== undefined,
        legs: options.return !== undefined,
      });
      await runPlannedSearch(ctx, plan);
      return;
    }
    const tripWriter = await openTripWriter(ctx, { askedDay });
    // The legend of the asked day's mark is printed only under a table that shows that day.
    let askedDayShown = false;
    const writer: typeof tripWriter = {
      write: (trip) => {
        if (trip.date === askedDay) askedDayShown = true;
        return tripWriter.write(trip);
      },
      end: () => tripWriter.end(),
      get count() {
        return tripWriter.count;
      },
    };
    const client = await ctx.client();
    // Said under the trips, and when none matched, what would work instead (stderr, a terminal only).
    const summarise = async (count: number, details: Parameters<typeof printTripSummary>[2]) => {
      await printTripSummary(ctx, count, details);
      if (count > 0 && askedDayShown) await noteAskedDay(ctx);
      if (count === 0) {
        const [{ printHints }, { tripsCommand }] = await Promise.all([
          import('./plan/print-hints.js'),
          import('./plan/next-command.js'),
        ]);
        await printHints(ctx, filter, tripsCommand(ctx.invocation(), 'search', filter), options.hints, sort);
      }
    };

    if (options.async) {
      const [{ runSearchJob }, { printJobResult }] = await Promise.all([
        import('./shared/run-job.js'),
        import('./shared/job-output.js'),
      ]);
      const { jobId, result } = await runSearchJob(ctx, query);
      await printJobResult(ctx, jobId, result, { select: (trips) => selectTrips(trips, filter, sort), writer });
      return;
    }

    // --flex asks for every day of a short window: all its pages, so the asked day is never left on page 2.
    if (options.all || (askedDay !== undefined && page === undefined && limit === undefined && !everyPage)) {
      // Date order is the service's own, so trips stream out as pages arrive; price order must wait for all.
      const held: Trip[] = [];
      let bookUrl = '';
      let first = true;
      const matches = createTripMatcher(filter);
      for await (const result of client.searchPages(query, { limit: limit ?? LARGEST_PAGE })) {
        if (first) sayIfLong(ctx, result.total_pages, filter);
        first = false;
        bookUrl = result.book_url;
        for (const trip of result.routes) {
          if (!matches(trip)) continue;
          if (sort === 'price') held.push(trip);
          else await writer.write(trip);
        }
      }
      for (const trip of held.sort(compareTrips(sort))) await writer.write(trip);
      await writer.end();
      await summarise(writer.count, { bookUrl });
      return;
    }

    const moment = ctx.clock.moment();
    if (page === undefined) {
      // The next (or cheapest) trips: only trips still to leave fill the page (the core's rule).
      const { findUpcoming } = await import('../core/upcoming-search.js');
      const found = await findUpcoming(client, moment, {
        query,
        filter,
        sort,
        wanted: limit ?? DEFAULT_LIMIT,
        // Date order stops at the first page holding enough matches: only price order surely reads them all.
        onFirstPage: (pages) => {
          if (sort === 'price') sayIfLong(ctx, pages, filter);
        },
      });
      for (const trip of found.trips) await writer.write(trip);
      await writer.end();
      if (found.departed > 0) {
        const { leftTodayNote } = await import('../core/upcoming.js');
        ctx.note(leftTodayNote(found.departed, moment, ctx.lang));
      }
      if (everyPage && found.pagesRead > 1) ctx.note(SEARCH_WORDS[ctx.lang].pagesRead(found.pagesRead, found.pages));
      const pageNote =
        everyPage || found.more ? SEARCH_WORDS[ctx.lang].matches(found.totalExact, found.total) : undefined;
      await summarise(writer.count, { pageNote, bookUrl: found.bookUrl });
      // A table on a terminal says it under the trips; piped or --json, a script must not take one page for all.
      const settings = await ctx.output();
      const onTerminal = settings.format === 'table' && settings.stdoutIsTTY;
      if (!onTerminal && found.more)
        ctx.note(SEARCH_WORDS[ctx.lang].firstTripsOnly(writer.count, found.total, found.totalExact));
      return;
    }

    const result = await client.search(query, { page, limit });
    if (page > 1 && result.routes.length === 0 && result.total_pages < page) {
      await writer.end();
      ctx.note(SEARCH_WORDS[ctx.lang].pastLastPage(page, result.total_pages, result.total));
      return;
    }
    const trips = selectTrips(result.routes, filter, sort);
    for (const trip of trips) await writer.write(trip);
    await writer.end();
    if (writer.count === 0 && trips.length > 0) {
      // Every trip of this page left earlier today: say so, and where the next ones are.
      const { firstUpcomingPage } = await import('../core/upcoming-search.js');
      const next = await firstUpcomingPage(client, moment, query, { page, limit: result.limit });
      ctx.note(SEARCH_WORDS[ctx.lang].onlyDeparted(page, moment.time, next));
      return;
    }
    const pageNote =
      result.total_pages > 1
        ? SEARCH_WORDS[ctx.lang].pageSummary(result.page, result.total_pages, result.total)
        : undefined;
    await summarise(writer.count, { pageNote, bookUrl: result.book_url });
  },
});
