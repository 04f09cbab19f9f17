import * as z from 'zod';
import { tripsByDay } from '../../core/trips-by-day.js';
import { cheapestDates, monthOf, parseMonth } from '../../domain/calendar.js';
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
    .describe('The month, YYYY-MM; default the current month (a past month has no trip to take).')
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
    const current = monthOf(env.now());
    const month = args.month === undefined ? current : parseMonth(args.month, 'month');
    const found = await tripsByDay(
      {
        query: { depart: args.depart, arrival: args.arrival },
        filter: { depart: args.depart, arrival: args.arrival, minSlots: args.min_slots },
        first: month,
      },
      { client: await env.client(), upcoming: env.core.upcoming().keep, signal },
    );
    const everyDay = found.months[0]?.days ?? [];
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
      trips: found.trips.length,
    };
    const past = month.year * 12 + month.month < current.year * 12 + current.month;
    return { structured, text: calendarText(structured, past) };
  },
});

function monthText(month: { year: number; month: number }): string {
  return `${String(month.year).padStart(4, '0')}-${String(month.month).padStart(2, '0')}`;
}

function calendarText(
  result: {
    depart: string;
    arrival: string;
    month: string;
    days: z.infer<typeof day>[];
    cheapest_dates: string[];
    trips: number;
  },
  past: boolean,
): string {
  const subject = `${result.depart} → ${result.arrival}, ${result.month}`;
  const withTrips = result.days.filter((entry) => entry.trips > 0);
  if (past) return `${subject}: this month has passed; no trip can be taken. Choose this month or a later one.`;
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
