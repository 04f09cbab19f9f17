import type { PlannedTrip } from '../domain/plan/planned-trip.js';
import type { Column, ColumnSet } from './columns.js';
import {
  formatTripDate,
  LISTING_MACHINE_KEYS,
  TRIP_MACHINE_KEYS,
  TRIP_TABLE_KEYS,
  tripColumns,
  type TableLang,
} from './trip-columns.js';

/** The headers of the columns a planning run adds, per language. */
const HEADERS = {
  en: { leg: 'Leg', fromKm: 'From km', toKm: 'To km' },
  fr: { leg: 'Sens', fromKm: 'Départ à', toKm: 'Arrivée à' },
};

/** What a planning run adds to the trip columns. */
export interface PlanningColumns {
  /** --radius: distances from the typed departure and arrival. */
  distances?: boolean;
  /** --return: the leg of each trip (out or back) in machine formats. */
  legs?: boolean;
  /** --flex: the asked day, marked in the table's date column. */
  askedDay?: string;
  /** Trips of the listing: what their records leave unknown, in machine formats. */
  listing?: boolean;
}

/** The mark of the asked day in a --flex table. */
export const ASKED_DAY_MARK = '•';

/** The trip columns with the planning columns (from_km, to_km, leg) added to every format, and the asked day marked. */
export function plannedTripColumns(lang: TableLang, planning: PlanningColumns): ColumnSet<PlannedTrip> {
  const base = tripColumns(lang);
  const columns: Column<PlannedTrip>[] = base.columns.map((column) =>
    column.key === 'date' && planning.askedDay !== undefined
      ? {
          ...column,
          table: markAskedDay(planning.askedDay, lang),
          narrower: column.narrower?.map((form) => ({
            ...form,
            table: markedDay(planning.askedDay ?? '', form.table),
          })),
        }
      : column,
  );
  const extraKeys: string[] = [];
  if (planning.legs) {
    columns.push({
      key: 'leg',
      header: HEADERS[lang].leg,
      table: (trip) => trip.leg ?? '',
      raw: (trip) => trip.leg ?? null,
    });
    extraKeys.push('leg');
  }
  if (planning.distances) {
    const km = (value: number | undefined) => (value === undefined ? '' : `${Math.round(value)} km`);
    columns.push(
      {
        key: 'from_km',
        header: HEADERS[lang].fromKm,
        table: (trip) => km(trip.from_km),
        raw: (trip) => trip.from_km ?? null,
        align: 'right',
        dropRank: 4,
      },
      {
        key: 'to_km',
        header: HEADERS[lang].toKm,
        table: (trip) => km(trip.to_km),
        raw: (trip) => trip.to_km ?? null,
        align: 'right',
        dropRank: 4,
      },
    );
    extraKeys.push('from_km', 'to_km');
  }
  const tableExtras = extraKeys.filter((key) => key !== 'leg');
  const tableKeys = [...TRIP_TABLE_KEYS.slice(0, -1), ...tableExtras, ...TRIP_TABLE_KEYS.slice(-1)];
  return {
    columns,
    tableKeys,
    machineKeys: [
      ...(planning.legs ? ['leg'] : []),
      ...(planning.listing ? LISTING_MACHINE_KEYS : TRIP_MACHINE_KEYS),
      ...tableExtras,
    ],
  };
}

function markAskedDay(askedDay: string, lang: TableLang): (trip: PlannedTrip) => string {
  return markedDay(askedDay, (trip) => formatTripDate(trip.date, lang));
}

function markedDay(askedDay: string, date: (trip: PlannedTrip) => string): (trip: PlannedTrip) => string {
  return (trip) => `${trip.date === askedDay ? ASKED_DAY_MARK : ' '} ${date(trip)}`;
}
