/**
 * Before a run of more requests than the rate budget lets through at once: how long it will take, and
 * the faster way (`list` reads every trip in one request). Undefined when the run is short.
 */
export function longRunNote(requests: number, ratePerMinute: number, lang: 'en' | 'fr'): string | undefined {
  if (requests <= ratePerMinute) return undefined;
  const minutes = Math.ceil(requests / ratePerMinute);
  return lang === 'fr'
    ? `${requests} requêtes ≈ ${minutes} min à ${ratePerMinute} par minute ; \`motoroute list\` lit tout en une requête.`
    : `${requests} requests ≈ ${minutes} min at ${ratePerMinute} a minute; \`motoroute list\` reads everything in one request.`;
}
