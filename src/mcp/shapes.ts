import * as z from 'zod';
import type { Trip } from '../domain/types.js';
import { sanitiseText, sanitiseTrip } from '../output/sanitise.js';

/** One trip in tool results: the service's compact record (reference §2.2), its text sanitised. */
export const tripSchema = z.object({
  id: z.string().describe('route id: pass it to route_details, get_booking_url or draft_booking_email'),
  date: z.string().describe('departure date, YYYY-MM-DD'),
  depart: z.string().describe('departure city'),
  arrival: z.string().describe('arrival city'),
  layovers: z.array(z.string()).describe('stopovers, in travel order'),
  price_min: z.number().nullable().describe('lowest price in euros; null: priced on quote'),
  price_max: z.number().nullable().describe('highest price in euros; null: priced on quote'),
  slots: z.array(z.number()).describe('free motorcycle places on each leg'),
  times: z.array(z.string()).describe('departure time at each stop, HH:MM'),
});

/** A trip as a tool returns it: every service string free of control characters. */
export function cleanTrip(trip: Trip): z.infer<typeof tripSchema> {
  const clean = sanitiseTrip(trip);
  return { ...clean, times: clean.times.map((time) => sanitiseText(time).trim()) };
}

/** A price range as a short text: "299–359 €", "299 €", or "on quote". */
export function priceText(min: number | null, max: number | null): string {
  if (min === null && max === null) return 'on quote';
  const low = min ?? max;
  const high = max ?? min;
  return low === high ? `${low} €` : `${low}–${high} €`;
}

/** "1 free place", "3 free places". */
export function freePlacesText(count: number): string {
  return `${count} free place${count === 1 ? '' : 's'}`;
}

/** One trip on one line, for a tool's text rendering. */
export function tripLine(trip: z.infer<typeof tripSchema>): string {
  const via = trip.layovers.length > 0 ? ` via ${trip.layovers.join(', ')}` : '';
  const time = trip.times[0] ? ` ${trip.times[0]}` : '';
  const places = trip.slots.length > 0 ? Math.min(...trip.slots) : 0;
  const free = freePlacesText(places);
  return `${trip.date}${time} ${trip.depart} → ${trip.arrival}${via}: ${priceText(trip.price_min, trip.price_max)}, ${free} (id ${trip.id})`;
}
