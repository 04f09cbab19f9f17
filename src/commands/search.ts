import { defineCommand } from './define.js';
import { date, flag, integer, number } from './options.js';
import { FILTER_OPTIONS, parseFilters } from './shared/filters.js';
import { LARGEST_PAGE, needsEveryPage } from '../client/find-matches.js';
import type { UpcomingMatches } from '../core/upcoming-search.js';
// The service's page size when none is asked for, and so the matches a filtered search shows.
import { DEFAULT_LIMIT } from '../client/search-page.js';
import { sayIfLong } from './shared/long-run.js';
import { noteAskedDay, openTripWriter, printTripSummary } from './shared/trip-output.js';
import { compareTrips, selectTrips } from '../domain/trip-filter.js';
import { createTripMatcher } from '../domain/trip-matcher.js';
import type { Trip } from '../domain/types.js';
import { cityKey } from '../domain/city-names.js';
import { UsageError } from '../errors.js';

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
    const { query, filter, sort, askedDay } = parseFilters(args, options);
    if (
      filter.depart !== undefined &&
      filter.arrival !== undefined &&
      cityKey(filter.depart) === cityKey(filter.arrival)
    ) {
      throw new UsageError(
        `FROM and TO are both "${filter.depart}"; the departure and arrival must be different cities.`,
      );
    }
    const { page, limit } = options;
    if (options.all && page !== undefined)
      throw new UsageError('--all reads every page; it cannot be combined with --page.');
    if (options.async && (options.all || page !== undefined || limit !== undefined)) {
      throw new UsageError('--async runs one search job; it cannot be combined with --all, --page or --limit.');
    }
    const everyPage = !options.all && !options.async && needsEveryPage(filter, sort);
    if (everyPage && page !== undefined) {
      throw new UsageError(
        '--page shows one page of the service; --min-slots, --max-price, --via and --sort price are applied here over every page: use --limit N for the first N matches, or --all.',
      );
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
        throw new UsageError(
          `--all prints every trip ${options.radius !== undefined ? '--radius' : '--return'} finds; it cannot be combined with --limit.`,
        );
      checkPlannedSearch(plan, { page, async: options.async });
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
      if (everyPage && found.pagesRead > 1) ctx.note(pagesReadNote(found, ctx.lang));
      const pageNote = everyPage || found.more ? matchNote(found.totalExact, found.total, ctx.lang) : undefined;
      await summarise(writer.count, { pageNote, bookUrl: found.bookUrl });
      // A table on a terminal says it under the trips; piped or --json, a script must not take one page for all.
      const settings = await ctx.output();
      const onTerminal = settings.format === 'table' && settings.stdoutIsTTY;
      if (!onTerminal && found.more) ctx.note(firstTripsOnly(writer.count, found.total, found.totalExact, ctx.lang));
      return;
    }

    const result = await client.search(query, { page, limit });
    if (page > 1 && result.routes.length === 0 && result.total_pages < page) {
      await writer.end();
      ctx.note(pastLastPage(page, result.total_pages, result.total, ctx.lang));
      return;
    }
    const trips = selectTrips(result.routes, filter, sort);
    for (const trip of trips) await writer.write(trip);
    await writer.end();
    if (writer.count === 0 && trips.length > 0) {
      // Every trip of this page left earlier today: say so, and where the next ones are.
      const { firstUpcomingPage } = await import('../core/upcoming-search.js');
      const next = await firstUpcomingPage(client, moment, query, { page, limit: result.limit });
      ctx.note(onlyDeparted(page, moment.time, next, ctx.lang));
      return;
    }
    const pageNote =
      result.total_pages > 1 ? pageSummary(result.page, result.total_pages, result.total, ctx.lang) : undefined;
    await summarise(writer.count, { pageNote, bookUrl: result.book_url });
  },
});

function onlyDeparted(page: number, time: string, next: number | undefined, lang: 'en' | 'fr'): string {
  if (lang === 'fr') {
    const where =
      next === undefined ? 'aucun trajet à venir ne suit' : `les suivants sont page ${next} (--page ${next})`;
    return `La page ${page} ne contient que des trajets déjà partis aujourd’hui (il est ${time} en France) ; ${where}.`;
  }
  const where = next === undefined ? 'no upcoming trip follows' : `the next ones are on page ${next} (--page ${next})`;
  return `Page ${page} holds only trips that already left today (it is ${time} in France); ${where}.`;
}

function firstTripsOnly(shown: number, total: number, exact: boolean, lang: 'en' | 'fr'): string {
  if (lang === 'fr')
    return `${shown} trajet${shown > 1 ? 's' : ''} écrit${shown > 1 ? 's' : ''} sur ${exact ? '' : 'au moins '}${total} à venir ; --all les récupère tous.`;
  return `${shown} of ${exact ? '' : 'at least '}${total} upcoming trips written; --all fetches them all.`;
}

function pagesReadNote(found: UpcomingMatches, lang: 'en' | 'fr'): string {
  if (lang === 'fr')
    return `${found.pagesRead} page${found.pagesRead > 1 ? 's' : ''} lue${found.pagesRead > 1 ? 's' : ''} sur ${found.pages} pour appliquer les filtres ici.`;
  return `Read ${found.pagesRead} of ${found.pages} pages to apply the filters here.`;
}

function matchNote(exact: boolean, total: number, lang: 'en' | 'fr'): string {
  if (lang === 'fr') return `${exact ? '' : 'au moins '}${total} à venir en tout ; --all pour tout voir`;
  return `${exact ? '' : 'at least '}${total} upcoming in all; --all shows every one`;
}

function pastLastPage(page: number, pages: number, total: number, lang: 'en' | 'fr'): string {
  if (lang === 'fr')
    return `La page ${page} est au-delà de la dernière (${pages}) : ${total} trajet${total > 1 ? 's' : ''} au total.`;
  return `Page ${page} is past the last page (${pages}): ${total} trip${total === 1 ? '' : 's'} in all.`;
}

function pageSummary(page: number, pages: number, total: number, lang: 'en' | 'fr'): string {
  return lang === 'fr'
    ? `page ${page} sur ${pages}, ${total} au total ; --all pour tout voir`
    : `page ${page} of ${pages}, ${total} in all; --all shows every page`;
}
