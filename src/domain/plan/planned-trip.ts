import type { Trip } from '../types.js';

/** A trip as trip planning prints it: with its distances from the typed places (--radius) and its leg (--return). */
export interface PlannedTrip extends Trip {
  from_km?: number;
  to_km?: number;
  leg?: 'out' | 'back';
}
