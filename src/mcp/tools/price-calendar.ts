import * as z from 'zod';
import { cheapestDates, monthBounds, monthOf, parseMonth, summariseMonth } from '../../domain/calendar.js';
import { franceDate } from '../../domain/dates.js';
import { createTripMatcher } from '../../domain/trip-matcher.js';
import type { Trip } from '../../domain/types.js';
import { UsageError } from '../../errors.js';
import { cityField } from '../inputs.js';
import { freePlacesText, priceText } from '../shapes.js';
import { defineTool } from '../tool.js';

const input = z.strictObject({
  depart: cityField('Departure city (also matches stopovers).', 'Paris'),
  arrival: cityField('Arrival city (also matches stopovers after the departure).', 'Marseille'),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'use YYYY-MM, e.g. 2026-12')
    .optional()
    .describe('The month, YYYY-MM; default the current month. Not before the current month.')
    .meta({ examples: ['2026-12'] }),
  min_slots: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe('Count only trips with at least this many free places on every leg, e.g. 2.'),
});

const day = z.object({
  date: z.string(),
  trips: z.number().int(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  slots_max: z.number().int().nullable(),
});

const output = z.object({
  depart: z.string(),
  arrival: z.string(),
  month: z.string(),
  days: z.array(day),
  days_without_trips: z.number().int(),
  cheapest_dates: z.array(z.string()),
  trips: z.number().int(),
});

/** `price_calendar`: the calendar command's per-day summary for one city pair and month. */
export const priceCalendarTool = defineTool({
  name: 'price_calendar',
  title: 'Price calendar for a month',
  description:
    'For a city pair and a month: each day with trips (count, lowest and highest price in euros, most free places), ' +
    'how many days have none, and the cheapest days. Use it when the dates are flexible, then search_routes on the chosen day.',
  input,
  output,
  readOnly: true,
  openWorld: true,
  async run(args, env, signal) {
    const now = env.now();
    const current = monthOf(now);
    const month = args.month === undefined ? current : parseMonth(args.month, 'month');
    if (month.year * 12 + month.month < current.year * 12 + current.month) {
      throw new UsageError(
        `month ${args.month} is in the past (this month is ${monthText(current)}); choose this month or a later one.`,
      );
    }
    const bounds = monthBounds(month);
    const today = franceDate(now);
    const query = {
      depart: args.depart,
      arrival: args.arrival,
      // biome-ignore lint/complexity/useMathMinMax: ISO dates, compared as strings
      date_from: bounds.first < today ? today : bounds.first,
      date_to: bounds.last,
    };
    const keep = createTripMatcher({
      depart: args.depart,
      arrival: args.arrival,
      dateFrom: query.date_from,
      dateTo: query.date_to,
      minSlots: args.min_slots,
    });
    const client = await env.client();
    const trips: Trip[] = [];
    const upcoming = env.core.upcoming();
    for await (const page of client.searchPages(query, { limit: 100, signal }))
      for (const trip of page.routes) if (keep(trip) && upcoming.keep(trip)) trips.push(trip);
    const everyDay = summariseMonth(month, trips);
    const cheapest = [...cheapestDates(everyDay)].sort();
    // Days without trips are counted, not listed: a month without trips is a line, not 31 empty records.
    const days = everyDay.filter((entry) => entry.trips > 0);
    const structured = {
      depart: args.depart,
      arrival: args.arrival,
      month: monthText(month),
      days,
      days_without_trips: everyDay.length - days.length,
      cheapest_dates: cheapest,
      trips: trips.length,
    };
    return { structured, text: calendarText(structured) };
  },
});

function monthText(month: { year: number; month: number }): string {
  return `${String(month.year).padStart(4, '0')}-${String(month.month).padStart(2, '0')}`;
}

function calendarText(result: {
  depart: string;
  arrival: string;
  month: string;
  days: z.infer<typeof day>[];
  cheapest_dates: string[];
  trips: number;
}): string {
  const subject = `${result.depart} → ${result.arrival}, ${result.month}`;
  const withTrips = result.days.filter((entry) => entry.trips > 0);
  if (withTrips.length === 0)
    return `${subject}: no trip this month. Try another month, or cities_near for served cities nearby.`;
  const cheapest = result.days.find((entry) => entry.date === result.cheapest_dates[0]);
  const lines = withTrips.map((entry) => {
    const trips = `${entry.trips} trip${entry.trips === 1 ? '' : 's'}`;
    return `${entry.date}: ${priceText(entry.price_min, entry.price_max)}, up to ${freePlacesText(entry.slots_max ?? 0)}, ${trips}`;
  });
  const head = cheapest
    ? `cheapest ${result.cheapest_dates.join(', ')} from ${cheapest.price_min} €`
    : 'every trip priced on quote';
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${subject}: ${count(result.trips, 'trip')} on ${count(withTrips.length, 'day')}; ${head}.\n${lines.join('\n')}`;
}
