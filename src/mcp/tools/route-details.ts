import * as z from 'zod';
import { tripNotFoundError } from '../../core/booking/trip-not-found.js';
import { tripFormUrl } from '../../core/trip-links.js';
import { routeIdField } from '../inputs.js';
import { cleanTrip, freePlacesText, priceText, tripSchema } from '../shapes.js';
import { defineTool } from '../tool.js';

const input = z.strictObject({ route_id: routeIdField('The trip id, as search_routes returns it.') });

const output = z.object({
  trip: tripSchema,
  stops: z
    .array(z.object({ city: z.string(), time: z.string().nullable().describe('departure time there, HH:MM') }))
    .describe('departure, stopovers and arrival in travel order'),
  legs: z
    .array(
      z.object({
        from: z.string(),
        to: z.string(),
        departure_time: z.string().nullable(),
        free_places: z.number().int().nullable(),
      }),
    )
    .describe('each leg between two stops, with its free motorcycle places'),
  free_places: z.number().int().describe('free motorcycle places from departure to arrival (the fewest on any leg)'),
  on_quote: z.boolean().describe('true when the trip has no listed price'),
  booking_url: z
    .string()
    .nullable()
    .describe('the booking form, pre-filled for this trip; null when it cannot be booked (a full leg, or it has left)'),
});

/** `route_details`: one trip by id, with its legs, stops, times, places and prices. */
export const routeDetailsTool = defineTool({
  name: 'route_details',
  title: 'One trip in detail',
  description:
    'One upcoming trip by its id from search_routes: stops with times, each leg with its free places, prices in euros, the booking form link. ' +
    'Use it to confirm a trip with the traveller before draft_booking_email.',
  input,
  output,
  readOnly: true,
  openWorld: true,
  async run(args, env, signal) {
    const found = await env.core.findTrip(args.route_id, signal);
    if (!found) throw tripNotFoundError(args.route_id, 'Find ids with search_routes.');
    const trip = cleanTrip(found.trip);
    // One motorcycle needs a free place on every leg: a trip with a full leg cannot be booked end to end.
    const { departed, places } = env.core.checkTrip(trip, { motorcycles: 1 });
    const cities = [trip.depart, ...trip.layovers, trip.arrival];
    const stops = cities.map((city, index) => ({ city, time: trip.times[index] ?? null }));
    const legs = cities.slice(0, -1).map((from, index) => ({
      from,
      to: cities[index + 1] ?? trip.arrival,
      departure_time: trip.times[index] ?? null,
      free_places: trip.slots[index] ?? null,
    }));
    const freePlaces = trip.slots.length === 0 ? 0 : Math.min(...trip.slots);
    const bookingUrl = departed || places ? null : tripFormUrl(trip, env.destinations);
    const onQuote = trip.price_min === null && trip.price_max === null;
    const structured = { trip, stops, legs, free_places: freePlaces, on_quote: onQuote, booking_url: bookingUrl };
    const legLines = legs.map(
      (leg) =>
        `- ${leg.departure_time ?? '--:--'} ${leg.from} → ${leg.to}: ${leg.free_places === null ? 'free places unknown' : freePlacesText(leg.free_places)}`,
    );
    const price = priceText(trip.price_min, trip.price_max);
    const head = `Trip ${trip.id}, ${trip.date}, ${trip.depart} → ${trip.arrival}: ${price}, ${freePlacesText(freePlaces)} end to end.`;
    return {
      structured,
      text: [head, ...legLines, closedLine(departed, places, legs) ?? `Book: ${bookingUrl}`].join('\n'),
    };
  },
});

/** Why the trip cannot be booked, and the way on; undefined when it can. */
function closedLine(
  departed: string | undefined,
  places: string | undefined,
  legs: readonly { from: string; to: string; free_places: number | null }[],
): string | undefined {
  if (departed) return `${departed} It cannot be booked.`;
  if (!places) return undefined;
  const full = legs.filter((leg) => leg.free_places === 0).map((leg) => `${leg.from} → ${leg.to}`);
  return (
    `No free place on ${full.join(', ') || 'a leg'}: it cannot be booked end to end. ` +
    'Use draft_booking_email with route_id, depart and arrival for stops with room between them, or request_quote.'
  );
}
