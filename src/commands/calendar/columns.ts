import type { CalendarDay } from '../../domain/calendar.js';
import type { ColumnSet } from '../../output/columns.js';
import { formatEuroPrice, type TableLang } from '../../output/trip-columns.js';

const KEYS = ['date', 'trips', 'price_min', 'price_max', 'slots_max'] as const;

/**
 * The columns of a calendar day (json, ndjson, csv, tsv, markdown): `{date, trips, price_min, price_max,
 * slots_max}`; in Markdown, prices are written in euros the way `lang` writes them.
 */
export function calendarDayColumns(lang: TableLang): ColumnSet<CalendarDay> {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  const euros = (value: number | null, day: CalendarDay) =>
    value === null ? (day.trips === 0 ? '' : formatEuroPrice(null, null, lang)) : formatEuroPrice(value, value, lang);
  const columns: ColumnSet<CalendarDay>['columns'] = KEYS.map((key) => ({
    key,
    header: key,
    table: (day: CalendarDay) => text(day[key]),
    ...((key === 'price_min' || key === 'price_max') && { markdown: (day: CalendarDay) => euros(day[key], day) }),
    raw: (day: CalendarDay) => day[key],
    ...(key !== 'date' && { align: 'right' as const }),
  }));
  return { columns, tableKeys: KEYS, machineKeys: KEYS };
}
