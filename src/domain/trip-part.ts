import type { Trip } from './types.js';

/**
 * The part of a trip between two of its stops (indexes in travel order, 0 = departure), as a trip of its own:
 * its cities, the times of those stops and the places of those legs. The whole trip for 0 and the last stop.
 */
export function tripPart(trip: Trip, board: number, leave: number): Trip {
  const stops = [trip.depart, ...trip.layovers, trip.arrival];
  if (board === 0 && leave === stops.length - 1) return trip;
  const perStop = trip.times.length === stops.length;
  const perLeg = trip.slots.length === stops.length - 1;
  return {
    ...trip,
    depart: stops[board] ?? trip.depart,
    arrival: stops[leave] ?? trip.arrival,
    layovers: stops.slice(board + 1, leave),
    times: perStop ? trip.times.slice(board, leave + 1) : board === 0 ? trip.times.slice(0, 1) : [],
    slots: perLeg ? trip.slots.slice(board, leave) : [],
  };
}
