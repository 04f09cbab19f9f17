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

/** The part of a trip a search rides when it boards or leaves at a stopover: that stop's time, those legs' places. */
export const tripPartSchema = z
  .object({ time: z.string().optional(), places: z.number().optional() })
  .describe('from or to a stopover: its time, fewest places');

export type TripPartShape = z.infer<typeof tripPartSchema>;

/** A search's trip: the whole trip, and the part ridden when it is not the whole. */
export const searchTripSchema = tripSchema.extend({ part: tripPartSchema.optional() });

/** The part ridden as a tool shows it; undefined when it is the whole trip (`checkTrip`'s ridden part). */
export function partShape(
  trip: z.infer<typeof tripSchema>,
  ridden: { board: number; leave: number; departureTime?: string; freePlaces?: number },
): TripPartShape | undefined {
  if (ridden.board === 0 && ridden.leave === trip.layovers.length + 1) return undefined;
  return {
    ...(ridden.departureTime !== undefined && { time: ridden.departureTime }),
    ...(ridden.freePlaces !== undefined && { places: ridden.freePlaces }),
  };
}

/** One trip on one line, for a tool's text rendering: the part ridden (its time and places) when it is not the whole. */
export function tripLine(
  trip: z.infer<typeof tripSchema>,
  part?: (TripPartShape & { from: string; to: string }) | undefined,
): string {
  const via = trip.layovers.length > 0 ? ` via ${trip.layovers.join(', ')}` : '';
  const price = priceText(trip.price_min, trip.price_max);
  if (part) {
    const time = part.time ? ` ${part.time}` : '';
    const free = part.places === undefined ? 'free places unknown' : freePlacesText(part.places);
    return `${trip.date}${time} ${part.from} → ${part.to} (on the trip ${trip.depart} → ${trip.arrival}${via}): ${price}, ${free} (id ${trip.id})`;
  }
  const time = trip.times[0] ? ` ${trip.times[0]}` : '';
  const places = trip.slots.length > 0 ? Math.min(...trip.slots) : 0;
  return `${trip.date}${time} ${trip.depart} → ${trip.arrival}${via}: ${price}, ${freePlacesText(places)} (id ${trip.id})`;
}
