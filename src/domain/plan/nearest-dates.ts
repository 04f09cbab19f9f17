import type { Trip } from '../types.js';
import type { DateWindow } from './date-windows.js';

/** The nearest dates with trips on either side of a window: the latest date before it, the earliest after it. */
export function nearestDates(
  trips: Iterable<Pick<Trip, 'date'>>,
  asked: Partial<DateWindow>,
): { before?: string; after?: string } {
  let before: string | undefined;
  let after: string | undefined;
  for (const { date } of trips) {
    if (asked.from !== undefined && date < asked.from && (before === undefined || date > before)) before = date;
    if (asked.to !== undefined && date > asked.to && (after === undefined || date < after)) after = date;
  }
  return { ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
}
