import * as z from 'zod/mini';
import { foldName } from '../domain/text.js';
import placesJson from './data/places.json' with { type: 'json' };

/** A French city of the bundled table, with its region and coordinates. */
export interface City {
  name: string;
  region: string;
  lat: number;
  lon: number;
}

/** A mainland French region with an approximate centre. */
export interface Region {
  name: string;
  lat: number;
  lon: number;
  aliases: string[];
}

const PlacesSchema = z.object({
  regions: z.array(z.object({ name: z.string(), lat: z.number(), lon: z.number(), aliases: z.array(z.string()) })),
  cities: z.array(z.object({ name: z.string(), region: z.string(), lat: z.number(), lon: z.number() })),
});

const places = PlacesSchema.parse(placesJson);

/** Every city of the bundled table; the index in this list is the city's id in compact route storage. */
export const CITIES: readonly City[] = places.cities;

/** The 13 metropolitan regions. */
export const REGIONS: readonly Region[] = places.regions;

const cityByFoldedName = new Map(CITIES.map((city, index) => [foldName(city.name), index]));

/** The table index of a city by name (case- and accent-insensitive), or -1. */
export function cityIndexOf(name: string): number {
  return cityByFoldedName.get(foldName(name)) ?? -1;
}

/** The table index of a city by exact table name; throws on a typo in our own code. */
export function requireCityIndex(name: string): number {
  const index = cityIndexOf(name);
  if (index < 0) throw new Error(`unknown city in the bundled table: ${name}`);
  return index;
}

/** Finds a region by its name or an alias, case- and accent-insensitive. */
export function findRegion(name: string): Region | undefined {
  const folded = foldName(name);
  return REGIONS.find(
    (region) => foldName(region.name) === folded || region.aliases.some((alias) => foldName(alias) === folded),
  );
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres between two coordinates (haversine). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
