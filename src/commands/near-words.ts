import { frenchOf } from '../domain/french-writing.js';

/**
 * How the service placed the location, from its `source`: `city:Lyon`, `region:Île-de-France`, or `unknown` when
 * it could not (the stand-in's words; the service does not document them, so anything else is shown as sent).
 */
function placedAs(source: string): { kind: 'city' | 'region'; name: string } | 'unknown' | undefined {
  const trimmed = source.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'unknown') return 'unknown';
  const match = /^(city|region):(.+)$/i.exec(trimmed);
  if (!match) return undefined;
  return { kind: (match[1] as string).toLowerCase() === 'city' ? 'city' : 'region', name: (match[2] as string).trim() };
}

const FRENCH_KIND = { city: 'ville', region: 'r\u00e9gion' } as const;

/** What `near` says under its table, and what it refuses, per language. */
export const NEAR_WORDS = {
  en: {
    none: (location: string, source: string) => {
      const placed = placedAs(source);
      if (placed === 'unknown') return `No served city near "${location}": the service could not place it.`;
      if (placed === undefined) return `No served city near "${location}" (source: ${source}).`;
      return `No served city near "${location}" (around ${placed.name}, ${placed.kind}).`;
    },
    source: (source: string) => {
      const placed = placedAs(source);
      return typeof placed === 'object' ? `Around ${placed.name} (${placed.kind}).` : `Source: ${source}`;
    },
    needsPlace: 'near needs a place, e.g. motoroute near Lyon.',
    controlCharacters: 'near: control characters are not allowed in a place name.',
  },
  fr: {
    none: (location: string, source: string) => {
      const placed = placedAs(source);
      const near = `Aucune ville desservie près de \u00ab\u202f${location}\u202f\u00bb`;
      if (placed === 'unknown') return `${near}\u00a0: le service n\u2019a pas su situer ce lieu.`;
      if (placed === undefined) return `${near} (source\u00a0: ${source}).`;
      return `${near} (autour ${frenchOf(placed.name)}, ${FRENCH_KIND[placed.kind]}).`;
    },
    source: (source: string) => {
      const placed = placedAs(source);
      if (typeof placed !== 'object') return `Source\u00a0: ${source}`;
      return `Autour ${frenchOf(placed.name)} (${FRENCH_KIND[placed.kind]}).`;
    },
    needsPlace: 'near demande un lieu, par exemple motoroute near Lyon.',
    controlCharacters: 'near\u00a0: les caractères de contrôle ne sont pas admis dans un nom de lieu.',
  },
};
