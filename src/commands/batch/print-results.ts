import { BATCH_WORDS } from './words.js';
import type { Context } from '../../cli/context.js';
import { describeQuery } from '../../domain/batch-query.js';
import type { BatchResult, Trip } from '../../domain/types.js';
import { createColors } from '../../output/colors.js';
import { selectColumns, type Column, type ColumnSet } from '../../output/columns.js';
import { sanitiseText } from '../../output/sanitise.js';
import type { OutputSettings } from '../../output/settings.js';
import { writeSafely } from '../../output/stdout.js';
import { tripColumns, type TableLang } from '../../output/trip-columns.js';
import { createRowWriter, printJson, type RowWriter } from '../../output/writer.js';
import { printMarkdownBookingLink } from '../shared/trip-output.js';

/** Prints batch results as they arrive, in the run's format. */
export interface BatchPrinter {
  /** Prints (json: keeps) the results of one request, already in input order. */
  add(results: readonly BatchResult[]): Promise<void>;
  /** Finishes the output; json prints its one document here. */
  end(bookUrl: string): Promise<void>;
  /** Trips printed so far. */
  readonly trips: number;
}

/** A trip with the 0-based position of its query in the input. */
interface IndexedTrip {
  index: number;
  trip: Trip;
}

/**
 * json: one document `{results: [{index, query, total, routes}], book_url}`, routes shaped like
 * `search --json` rows. ndjson/csv/tsv: one trip a row, the query index first. table: per query a
 * heading with the query and its total, then its trips.
 */
export async function openBatchPrinter(ctx: Context): Promise<BatchPrinter> {
  const settings = await ctx.output();
  if (settings.format === 'json') return jsonPrinter(ctx, settings);
  if (settings.format === 'table') return tablePrinter(ctx, settings);
  return rowPrinter(ctx, settings);
}

function jsonPrinter(ctx: Context, settings: OutputSettings): BatchPrinter {
  const columns = selectColumns(tripColumns(ctx.lang), tripFieldsOf(settings), 'json');
  const record = (trip: Trip) => Object.fromEntries(columns.map((column) => [column.key, column.raw(trip)]));
  const held: unknown[] = [];
  let trips = 0;
  return {
    get trips() {
      return trips;
    },
    async add(results) {
      for (const { index, query, total, routes } of results) {
        trips += routes.length;
        held.push({ index, query, total, routes: routes.map(record) });
      }
    },
    end: (bookUrl) => printJson({ results: held, book_url: bookUrl }, settings, ctx.stdout),
  };
}

function rowPrinter(ctx: Context, settings: OutputSettings): BatchPrinter {
  // The index always leads, also when --fields picks the other columns.
  const fields = settings.fields ? ['index', ...settings.fields.filter((field) => field !== 'index')] : undefined;
  const writer: RowWriter<IndexedTrip> = createRowWriter(
    { ...settings, fields },
    indexedTripColumns(ctx.lang),
    ctx.stdout,
  );
  return {
    get trips() {
      return writer.count;
    },
    async add(results) {
      for (const { index, routes } of results) for (const trip of routes) await writer.write({ index, trip });
    },
    async end(bookUrl) {
      await writer.end();
      if (settings.format === 'markdown' && writer.count > 0) await printMarkdownBookingLink(ctx, bookUrl);
    },
  };
}

function tablePrinter(ctx: Context, settings: OutputSettings): BatchPrinter {
  const colors = createColors(settings);
  // The index is in each heading; --fields may still name it, as it may for the other formats.
  const tableSettings = { ...settings, fields: tripFieldsOf(settings) };
  selectColumns(tripColumns(ctx.lang), tableSettings.fields, 'table'); // an unknown field is refused before any request
  const words = BATCH_WORDS[ctx.lang];
  let trips = 0;
  let printed = 0;
  return {
    get trips() {
      return trips;
    },
    async add(results) {
      for (const { index, query, total, routes } of results) {
        trips += routes.length;
        const count = words.trips(total);
        const shown = routes.length < total ? words.shown(routes.length) : '';
        const heading = sanitiseText(`#${index} ${describeQuery(query, ctx.lang)}: ${count}${shown}`);
        await writeSafely(
          ctx.stdout,
          `${printed++ > 0 ? '\n' : ''}${colors.level > 0 ? colors.bold(heading) : heading}\n`,
        );
        const writer = createRowWriter(tableSettings, tripColumns(ctx.lang), ctx.stdout);
        for (const trip of routes) await writer.write(trip);
        await writer.end();
      }
    },
    async end(bookUrl) {
      if (bookUrl && trips > 0 && settings.stdoutIsTTY) ctx.note(`${words.book}${sanitiseText(bookUrl)}`);
    },
  };
}

/** The trip columns behind an `index` column, for one-row-per-trip formats. */
export function indexedTripColumns(lang: TableLang): ColumnSet<IndexedTrip> {
  const trips = tripColumns(lang);
  const index: Column<IndexedTrip> = {
    key: 'index',
    header: '#',
    table: (row) => String(row.index),
    raw: (row) => row.index,
    align: 'right',
  };
  const columns = trips.columns.map(
    (column): Column<IndexedTrip> => ({
      key: column.key,
      header: column.header,
      table: (row) => column.table(row.trip),
      ...(column.markdown && { markdown: (row: IndexedTrip) => column.markdown?.(row.trip) ?? '' }),
      raw: (row) => column.raw(row.trip),
      align: column.align,
      tone: column.tone ? (row) => column.tone?.(row.trip) : undefined,
    }),
  );
  return {
    columns: [index, ...columns],
    tableKeys: ['index', ...trips.tableKeys],
    machineKeys: ['index', ...trips.machineKeys],
  };
}

/** The --fields that name trip columns: the query index is in each result (or heading) already. */
function tripFieldsOf(settings: OutputSettings): string[] | undefined {
  const fields = settings.fields?.filter((field) => field !== 'index');
  return fields?.length ? fields : undefined;
}
