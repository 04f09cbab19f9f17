/**
 * Whether the service could place a location at all: its nearby-cities answer says how it resolved the place
 * ("city:Lyon", "region:Auvergne-Rhône-Alpes") or "unknown". An unknown place is not a place with nothing near it:
 * the traveller should name it otherwise (a nearby town, or the longer form with its region).
 * @example
 * ```ts
 * const near = await client.citiesNear('Chamonix');
 * if (isUnknownPlace(near.source)) console.log('unknown place: try "Chamonix-Mont-Blanc, Haute-Savoie, France"');
 * ```
 */
export function isUnknownPlace(source: string): boolean {
  return source.trim().toLowerCase() === 'unknown';
}
