import type { Trip } from '../../domain/types.js';

/** The transitions worth telling someone about; places taken or a price rise are not. */
export type AlertKind = 'new' | 'freed' | 'price-drop' | 'gone';

/** What the trip offered before and after the transition: free places on the whole trip and its lowest price. */
export interface TripOffer {
  /** Free places on every leg (the fewest over the legs): what a booking of the whole trip can take. */
  places: number;
  /** The lowest price in euros, null on quote. */
  price: number | null;
}

/** One alert: a transition of one trip, with its stable id and the link to book it. */
export interface TripAlert {
  /** Stable: the same transition of the same trip from the same state always has this id (a webhook-id). */
  id: string;
  kind: AlertKind;
  trip: Trip;
  /** The trip's offer when last seen (absent for a trip never seen). */
  before?: TripOffer;
  /** The trip's offer now (absent for a trip gone). */
  after?: TripOffer;
  /** The booking form, pre-filled with the trip (absent for a trip gone: there is nothing left to book). */
  bookingUrl?: string;
  /** When the transition was noticed, ISO 8601. */
  detectedAt: string;
}

/** What counts as a transition for one watch. */
export interface AlertRules {
  /** The places asked for (the watch's --min-slots, else 1): "freed" is crossing this from below. */
  motorcycles: number;
  /** A price drop is an alert from this many euros down. */
  priceDrop: number;
}

/** The offer of a trip: the fewest places over its legs, and its lowest price. */
export function offerOf(trip: Trip): TripOffer {
  return { places: trip.slots.length === 0 ? 0 : Math.min(...trip.slots), price: trip.price_min };
}
