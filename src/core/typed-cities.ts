import type { NearbyCities } from '../domain/types.js';
import { InterruptedError } from '../errors.js';
import { ServedCities, type CityResolution } from './cities.js';

/**
 * How typed cities resolve, asking cities-near first: one small request a city, where the whole listing is a
 * hundred and sixty megabytes at a million routes. A city cities-near names as itself is served; the others
 * (a typo, a part of names, a place cities-near does not know, or cities-near failing) are resolved against the
 * whole listing's cities by `servedCities`, which alone can say what a typo probably meant.
 */
export async function resolveTypedCities(
  citiesNear: (location: string) => Promise<NearbyCities>,
  typed: readonly string[],
  servedCities: () => Promise<ServedCities>,
  signal?: AbortSignal,
): Promise<CityResolution[]> {
  const nearby = await Promise.all(typed.map((name) => servedNearby(citiesNear, name, signal)));
  if (nearby.every((resolution) => resolution !== undefined)) return nearby;
  const served = await servedCities();
  return typed.map((name, index) => nearby[index] ?? served.resolve(name));
}

/** The city as cities-near names it at the typed place, or undefined when that does not settle it. */
async function servedNearby(
  citiesNear: (location: string) => Promise<NearbyCities>,
  name: string,
  signal?: AbortSignal,
): Promise<CityResolution | undefined> {
  try {
    const { cities } = await citiesNear(name);
    const resolution = new ServedCities(cities.map((city) => city.name)).resolve(name);
    return resolution.kind === 'served' ? resolution : undefined;
  } catch (error) {
    if (error instanceof InterruptedError || signal?.aborted) throw error;
    return undefined;
  }
}
