import { defineCommand } from './define.js';
import { CALENDAR_OPTIONS } from './calendar/options.js';

/** `motoroute calendar`: a month grid of the lowest price and free places per day. */
export const calendarCommand = defineCommand({
  name: 'calendar',
  summary: 'a month grid of the lowest price and free places per day',
  args: ['[from]', '[to]'],
  options: CALENDAR_OPTIONS,
  examples: [
    'motoroute calendar Paris Marseille',
    'motoroute calendar --from Lyon --month 2026-12 --months 2',
    'motoroute calendar Paris Marseille --json',
  ],
  details:
    'Each day shows its lowest price (* marks the cheapest day of the month, - a day without trips, "on quote"\n' +
    'a day whose trips are all priced on quote) and the most free motorcycle places one trip offers (the fewest\n' +
    'on any of its legs). One search with every page is sent for the whole period. --json, --format ndjson, csv\n' +
    'or tsv print one record per day: {date, trips, price_min, price_max, slots_max}.',
  async run(input, ctx) {
    const { runCalendar } = await import('./calendar/run.js');
    await runCalendar(input, ctx);
  },
});
