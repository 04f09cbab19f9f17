import type { Context } from '../../cli/context.js';
import type { PlannedTrip } from '../../domain/plan/planned-trip.js';
import { UsageError } from '../../errors.js';
import { formatPrice, formatRoute, formatTripDate, type TableLang } from '../../output/trip-columns.js';
import { roundTripVerdict, searchPlanned, type PlannedQuery } from '../../core/planning/planned-search.js';
import type { Leg } from '../../core/planning/search-legs.js';
import { noteAskedDay, openTripWriter, printTripSummary } from '../shared/trip-output.js';
import { FILTER_WORDS } from '../shared/filter-words.js';
import { SEARCH_WORDS } from './words.js';

/** A search with --radius or --return: the legs through the batch endpoint, then one list or two sections. */
export interface PlannedSearch extends PlannedQuery {
  askedDay?: string;
  /** At most this many trips a leg are printed (Infinity with --all). */
  limit: number;
  hints: boolean;
}

/** Checks what a planned search needs, before any request. */
export function checkPlannedSearch(
  plan: PlannedSearch,
  others: { page?: number; async: boolean },
  lang: 'en' | 'fr' = 'en',
): void {
  const words = SEARCH_WORDS[lang];
  const what = plan.returnDate !== undefined ? '--return' : '--radius';
  // The batch answers hold every trip at once: there are no pages to choose (--all prints them all).
  if (others.page !== undefined || others.async) throw new UsageError(words.plannedAlone(what));
  if (plan.radiusKm !== undefined && plan.filter.depart === undefined && plan.filter.arrival === undefined) {
    throw new UsageError(FILTER_WORDS[lang].radiusNeedsCity);
  }
  if (plan.returnDate !== undefined) {
    if (plan.filter.depart === undefined || plan.filter.arrival === undefined)
      throw new UsageError(words.returnNeedsCities);
    const outbound = plan.askedDay ?? (plan.filter.dateFrom === plan.filter.dateTo ? plan.filter.dateFrom : undefined);
    if (outbound === undefined) throw new UsageError(words.returnNeedsDate);
    if (plan.returnDate < outbound) throw new UsageError(words.returnBefore(plan.returnDate, outbound));
  }
}

/** Runs a planned search (core/planning/planned-search.ts) and prints it. */
export async function runPlannedSearch(ctx: Context, plan: PlannedSearch): Promise<void> {
  const { filter } = plan;
  const [client, upcoming] = await Promise.all([ctx.client(), ctx.upcoming()]);
  const found = await searchPlanned(client, plan, upcoming);
  const { legs } = found;
  const shown = found.trips.map((trips) => trips.slice(0, plan.limit));
  const columns = {
    askedDay: plan.askedDay,
    distances: plan.radiusKm !== undefined,
    legs: plan.returnDate !== undefined,
  };
  const settings = await ctx.output();
  const words = SEARCH_WORDS[ctx.lang];
  const cutNote = (index: number) => {
    const all = found.trips[index]?.length ?? 0;
    return all <= plan.limit ? undefined : words.cut(plan.limit, all);
  };
  const onTerminal = settings.format === 'table' && settings.stdoutIsTTY;
  // A table on a terminal says the cut under the trips; piped, the cut is said on stderr.
  const sayCutWhenPiped = () => {
    if (onTerminal) return;
    found.trips.forEach((_, index) => {
      const note = cutNote(index);
      if (note !== undefined) ctx.note(`${words.legName(legOf(index, plan))}${note}.`);
    });
  };

  if (plan.returnDate === undefined) {
    const writer = await openTripWriter(ctx, columns);
    for (const trip of shown[0] ?? []) await writer.write(trip);
    await writer.end();
    await printTripSummary(ctx, writer.count, { bookUrl: found.bookUrl, pageNote: cutNote(0) });
    sayCutWhenPiped();
    if (writer.count > 0 && (shown[0] ?? []).some((trip) => trip.date === plan.askedDay)) await noteAskedDay(ctx);
    if (writer.count === 0) {
      const [{ printHints }, { tripsCommand }] = await Promise.all([
        import('../plan/print-hints.js'),
        import('../plan/next-command.js'),
      ]);
      await printHints(ctx, filter, tripsCommand(ctx.invocation(), 'search', filter), plan.hints, plan.sort);
    }
    return;
  }

  const [outbound = [], inbound = []] = shown;
  if (settings.format === 'json') {
    const [{ jsonRecords, printJson }, { plannedTripColumns }] = await Promise.all([
      import('../../output/writer.js'),
      import('../../output/planned-trip-columns.js'),
    ]);
    const set = plannedTripColumns(ctx.lang, columns);
    await printJson(
      { outbound: jsonRecords(set, settings.fields, outbound), return: jsonRecords(set, settings.fields, inbound) },
      settings,
      ctx.stdout,
    );
  } else if (settings.format === 'table') {
    const { writeSafely } = await import('../../output/stdout.js');
    const { sanitiseText } = await import('../../output/sanitise.js');
    for (const [index, trips] of [outbound, inbound].entries()) {
      const leg = legs[index]!;
      await writeSafely(ctx.stdout, `${index > 0 ? '\n' : ''}${sanitiseText(sectionTitle(leg, index, ctx.lang))}\n`);
      const writer = await openTripWriter(ctx, {
        ...columns,
        askedDay: index === 0 ? plan.askedDay : plan.flex !== undefined ? plan.returnDate : undefined,
        legs: false,
      });
      for (const trip of trips) await writer.write(trip);
      await writer.end();
      if (trips.length === 0) await writeSafely(ctx.stdout, `${words.noTrips}\n`);
    }
  } else {
    const writer = await openTripWriter(ctx, columns);
    for (const trip of [...outbound, ...inbound]) await writer.write(trip);
    await writer.end();
  }
  sayCutWhenPiped();
  printRoundTripSummary(ctx, outbound, inbound, settings.format === 'table' && settings.stdoutIsTTY);
}

/** Which leg the index names: the only list of trips, the way out or the way back. */
function legOf(index: number, plan: PlannedSearch): 'trips' | 'out' | 'back' {
  if (plan.returnDate === undefined) return 'trips';
  return index === 0 ? 'out' : 'back';
}

function sectionTitle(leg: Leg, index: number, lang: TableLang): string {
  const name = SEARCH_WORDS[lang].section(index === 0 ? 'out' : 'back');
  const route = formatRoute({ depart: leg.depart ?? '…', layovers: [], arrival: leg.arrival ?? '…' });
  const from = leg.dateFrom ?? '';
  const to = leg.dateTo ?? '';
  const days = from === to ? formatTripDate(from, lang) : `${formatTripDate(from, lang)} – ${formatTripDate(to, lang)}`;
  return `${name}: ${route}, ${days}`;
}

/** The cheapest combined lowest price of one trip each way; nothing found one way is said in any format. */
function printRoundTripSummary(
  ctx: Context,
  outbound: readonly PlannedTrip[],
  inbound: readonly PlannedTrip[],
  onTerminal: boolean,
): void {
  const words = SEARCH_WORDS[ctx.lang];
  const verdict = roundTripVerdict(outbound, inbound);
  if (verdict.kind === 'no-leg') ctx.note(words.noLeg(verdict.leg));
  else if (verdict.kind === 'no-pair') ctx.note(words.noPair);
  else if (onTerminal) {
    ctx.note(words.legCounts(outbound.length, inbound.length));
    const pair = verdict.cheapest;
    if (pair) ctx.note(words.cheapestPair(formatPrice(pair.total, null, ctx.lang), pair.outbound, pair.back));
  }
}
