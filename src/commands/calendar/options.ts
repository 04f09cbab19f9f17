import { flag, integer, number, text } from '../options.js';
import { filterOptions } from '../shared/filters.js';
import { parseMonth } from '../../domain/calendar.js';

/** The options of `calendar`: the filters that apply to a day, and the months to show. */
export const CALENDAR_OPTIONS = {
  ...filterOptions('from', 'to', 'minSlots', 'maxPrice', 'via'),
  month: text('--month <YYYY-MM>', 'the (first) month to show; default the current month', {
    parse: (value, option, at) => parseMonth(value, option, at.lang),
    invalidSample: '2026-13',
  }),
  months: integer('--months <n>', 'how many months to show, 1 to 3 (default 1)', { min: 1, max: 3, default: 1 }),
  radius: number(
    '--radius <km>',
    'also count the trips of the served cities within KM of FROM and TO (cities-near, batches)',
    { min: 1, max: 300, unit: 'kilometres' },
  ),
  hints: flag('--no-hints', 'when no day has trips, do not look for nearby cities and months that have some'),
};
