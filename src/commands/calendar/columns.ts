import type { CalendarDay } from '../../domain/calendar.js';
import type { ColumnSet } from '../../output/columns.js';

const KEYS = ['date', 'trips', 'price_min', 'price_max', 'slots_max'] as const;

/** The machine columns of a calendar day (json, ndjson, csv, tsv): `{date, trips, price_min, price_max, slots_max}`. */
export function calendarDayColumns(): ColumnSet<CalendarDay> {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  const columns: ColumnSet<CalendarDay>['columns'] = KEYS.map((key) => ({
    key,
    header: key,
    table: (day: CalendarDay) => text(day[key]),
    raw: (day: CalendarDay) => day[key],
  }));
  return { columns, tableKeys: KEYS, machineKeys: KEYS };
}
