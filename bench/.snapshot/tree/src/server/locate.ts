import { foldName } from '../domain/text.js';
import { CITIES, cityIndexOf, findRegion } from './places.js';

/** A place resolved to coordinates, and how: "city:Lyon", "region:Île-de-France"; or "unknown". */
export type ResolvedPlace = { lat: number; lon: number; source: string } | { source: 'unknown' };

const IGNORED_PARTS = new Set(['france', 'fr']);

/**
 * Resolves a free-form location: a city, "City, Region, Country", or a region, accent- and
 * case-insensitive. Each comma-separated part is tried in order (postcodes dropped), first as a
 * city, then as a region; failing that, a city whose name starts with the first part, if only one does.
 */
export function resolveLocation(text: string): ResolvedPlace {
  const parts = text
    .split(',')
    .map((part) => part.replace(/\b\d{4,5}\b/g, '').trim())
    .filter((part) => part !== '' && !IGNORED_PARTS.has(foldName(part)));
  for (const part of parts) {
    const cityIndex = cityIndexOf(part);
    const city = CITIES[cityIndex];
    if (city) return { lat: city.lat, lon: city.lon, source: `city:${city.name}` };
    const region = findRegion(part);
    if (region) return { lat: region.lat, lon: region.lon, source: `region:${region.name}` };
  }
  const prefix = parts[0] === undefined ? '' : foldName(parts[0]);
  if (prefix.length >= 3) {
    const candidates = CITIES.filter((city) => foldName(city.name).startsWith(prefix));
    const only = candidates.length === 1 ? candidates[0] : undefined;
    if (only) return { lat: only.lat, lon: only.lon, source: `city:${only.name}` };
  }
  return { source: 'unknown' };
}
