import type { NearbyCity } from '../../domain/types.js';
import type { Handler } from '../context.js';
import { HttpError, jsonReply } from '../http/reply.js';
import { resolveLocation } from '../locate.js';
import { CITIES, cityIndexOf, haversineKm } from '../places.js';

/** At most this many cities, within this distance, are returned. */
export const NEARBY_LIMIT = { count: 10, maxKm: 300 } as const;

/** GET /route/cities-near?location=…: served cities nearest first, with how the place was resolved. */
export const citiesNearHandler: Handler = (ctx, state) => {
  const location = ctx.query.get('location');
  if (location === null || location.trim() === '')
    throw new HttpError(400, 'location is required (a city, "City, Region, Country" or a region)');
  if (location.length > 200) throw new HttpError(400, 'location must be at most 200 characters');
  const place = resolveLocation(location);
  if (!('lat' in place))
    return jsonReply(200, state.deviations.cities({ cities: [], source: 'unknown' }, state.today()));
  const cities: NearbyCity[] = [];
  for (const name of state.data.servedCityNames()) {
    const city = CITIES[cityIndexOf(name)];
    if (!city) continue;
    const distance = haversineKm(place.lat, place.lon, city.lat, city.lon);
    if (distance <= NEARBY_LIMIT.maxKm) cities.push({ name: city.name, distance_km: Math.round(distance * 10) / 10 });
  }
  cities.sort((a, b) => a.distance_km - b.distance_km || a.name.localeCompare(b.name));
  return jsonReply(
    200,
    state.deviations.cities({ cities: cities.slice(0, NEARBY_LIMIT.count), source: place.source }, state.today()),
  );
};
